"""The anymail inbound webhook (/anymail/<esp>/inbound/): anymail checks
the provider's signature and its WEBHOOK_SECRET; without that secret set,
nothing that arrives this way is acted on."""

import logging

from django.conf import settings

from games.inbound import intake
from games.models import InboundMessage

log = logging.getLogger(__name__)


def on_inbound(sender, event, esp_name, **kwargs) -> None:
    if not settings.ANYMAIL.get("WEBHOOK_SECRET"):
        log.warning("an inbound e-mail from %s was dropped: set ANYMAIL_WEBHOOK_SECRET", esp_name)
        return
    message = event.message
    recipients = [message.envelope_recipient] if message.envelope_recipient else []
    intake.receive(message.as_bytes(), door=InboundMessage.Door.WEBHOOK, recipients=recipients)
