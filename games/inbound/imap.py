"""The IMAP door: read the unseen messages of the mailbox named by
INBOUND_IMAP_URL (imaps://user:password@host:port/INBOX), handle each, then
flag it seen. A message is never handled twice: its Message-ID is stored
before it is handled, so a crash before the flag only repeats a no-op."""

from urllib.parse import unquote, urlsplit

from imapclient import IMAPClient

from games.inbound import intake
from games.models import InboundMessage

BATCH = 100


def poll(url: str) -> int:
    """Handle the unseen messages (at most BATCH); how many were read."""
    parts = urlsplit(url)
    secure = parts.scheme == "imaps"
    port = parts.port or (993 if secure else 143)
    folder = unquote(parts.path.lstrip("/")) or "INBOX"
    with IMAPClient(parts.hostname, port=port, ssl=secure, timeout=30) as client:
        client.login(unquote(parts.username or ""), unquote(parts.password or ""))
        client.select_folder(folder)
        uids = client.search(["UNSEEN"])[:BATCH]
        for uid, data in client.fetch(uids, ["BODY.PEEK[]"]).items():
            intake.receive(data[b"BODY[]"], door=InboundMessage.Door.IMAP)
            client.add_flags([uid], [b"\\Seen"])
    return len(uids)
