from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self):
        from anymail.signals import inbound

        from games.inbound.webhook import on_inbound

        inbound.connect(on_inbound, dispatch_uid="games.inbound.webhook")
