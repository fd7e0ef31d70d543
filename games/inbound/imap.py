"""The IMAP door: read the messages of the mailbox named by INBOUND_IMAP_URL
(imaps://user:password@host:993/INBOX, or imap:// on port 143; the user and
password percent-encoded), handle each, then do INBOUND_IMAP_HANDLED with it:
flag it seen (the default), delete it, or move it to a folder (made if
missing). A message is never handled twice: its Message-ID is stored before
it is handled, so a crash before the flag or the move only repeats a no-op.
INBOUND_IMAP_CA_FILE names the certificates to trust instead of the
system's (a server with a self-signed certificate)."""

import ssl
from urllib.parse import unquote, urlsplit

from django.conf import settings
from imapclient import IMAPClient

from games.inbound import intake
from games.models import InboundMessage

BATCH = 100
DELETED = b"\\Deleted"


def poll(url: str) -> int:
    """Handle the messages waiting (at most BATCH); how many were read."""
    parts = urlsplit(url)
    secure = parts.scheme == "imaps"
    port = parts.port or (993 if secure else 143)
    folder = unquote(parts.path.lstrip("/")) or "INBOX"
    handled = settings.INBOUND_IMAP_HANDLED
    context = ssl.create_default_context(cafile=settings.INBOUND_IMAP_CA_FILE or None) if secure else None
    with IMAPClient(parts.hostname, port=port, ssl=secure, ssl_context=context, timeout=30) as client:
        client.login(unquote(parts.username or ""), unquote(parts.password or ""))
        target = handled.removeprefix("move:") if handled.startswith("move:") else None
        if target and not client.folder_exists(target):
            client.create_folder(target)
        client.select_folder(folder)
        # Flagged seen means handled; deleted or moved, a message left here is not.
        uids = client.search(["UNSEEN"] if handled == "seen" else ["NOT", "DELETED"])[:BATCH]
        for uid, data in client.fetch(uids, ["BODY.PEEK[]"]).items():
            intake.receive(data[b"BODY[]"], door=InboundMessage.Door.IMAP)
            if target:
                client.copy([uid], target)
            client.add_flags([uid], [b"\\Seen" if handled == "seen" else DELETED])
        if uids and handled != "seen":
            client.expunge()
    return len(uids)
