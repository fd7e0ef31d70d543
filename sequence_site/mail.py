"""E-mail for a laptop: each message is printed and saved as an .eml file
under var/mail/, where any mail client can open it."""

import uuid
from datetime import UTC, datetime

from django.conf import settings
from django.core.mail.backends.console import EmailBackend as ConsoleBackend


class LocalMailboxBackend(ConsoleBackend):
    def write_message(self, message):
        super().write_message(message)
        folder = settings.MAIL_DIR
        folder.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
        (folder / f"{stamp}-{uuid.uuid4().hex[:8]}.eml").write_bytes(message.message().as_bytes())
