from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self):
        from anymail.signals import inbound

        from games import account_switch, verified_addresses
        from games.inbound.webhook import on_inbound

        inbound.connect(on_inbound, dispatch_uid="games.inbound.webhook")
        account_switch.connect()
        verified_addresses.connect()
