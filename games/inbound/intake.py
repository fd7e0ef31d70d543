"""Store first, then handle: every door calls receive(). The row is written
in its own transaction (the Message-ID is unique: the same message acts
once, whichever door brings it and however often), then the handler runs
in another. A crash in between leaves a pending row that a retry of the
same message (or `receive_email --pending`) handles."""

import hashlib
import logging

from django.db import DatabaseError, IntegrityError, transaction

from games.inbound import body, handler, safety
from games.mail import tokens
from games.models import InboundMessage

log = logging.getLogger(__name__)
_RECIPIENT_HEADERS = ("To", "Cc", "Delivered-To", "X-Original-To", "Envelope-To")


def _fields(raw: bytes, door: str, recipients: list[str]) -> dict:
    """What the admin lists and the handler needs first, read from the headers."""
    message = body.parse_message(raw[: safety.MAX_BYTES])
    message_id = safety.header(message, "Message-ID").strip()
    # Without a Message-ID, the message itself names it: the same bytes act once.
    key = hashlib.sha256(message_id.encode() if message_id else raw).hexdigest()
    values = [*recipients]
    for name in _RECIPIENT_HEADERS:
        values += safety.header_values(message, name)
    row = tokens.find(tokens.token_in(values))
    return {
        "message_key": key,
        "message_id": message_id[:300],
        "door": door,
        "sender": safety.sender(message)[:254],
        "subject": safety.header(message, "Subject")[:300],
        "token": row,
        "user": row.user if row else None,
        "game": row.game if row else None,
        "game_version": row.game.version if row else None,
    }


def _unread(raw: bytes, door: str) -> dict:
    """The fields of a message whose headers could not be read: stored and
    rejected, so that the door moves on (the IMAP poll to the messages after
    it) and the admin can still see it."""
    log.exception("inbound message unreadable")
    key = hashlib.sha256(raw).hexdigest()
    return {"message_key": key, "door": door, "outcome": InboundMessage.Outcome.REJECTED, "detail": "internal_error"}


def store(raw: bytes, *, door: str, recipients: list[str] = ()) -> tuple[InboundMessage, bool]:
    """The message's row and whether it is new. Too big: stored cut, ignored."""
    try:
        fields = _fields(raw, door, list(recipients))
    except DatabaseError:
        raise  # the database, not the message: the door retries
    except Exception:  # a bug must not stall the door on this message for ever
        fields = _unread(raw, door)
    existing = InboundMessage.objects.filter(message_key=fields["message_key"]).first()
    if existing is not None:
        return existing, False
    too_big = len(raw) > safety.MAX_BYTES
    if too_big:
        fields.update(outcome=InboundMessage.Outcome.IGNORED, detail="too_big")
    try:
        with transaction.atomic():
            row = InboundMessage.objects.create(raw=raw[: safety.MAX_BYTES], size=len(raw), **fields)
    except IntegrityError:  # the same message through two doors at once
        return InboundMessage.objects.get(message_key=fields["message_key"]), False
    return row, True


def receive(raw: bytes, *, door: str, recipients: list[str] = ()) -> InboundMessage:
    """Store the message, then handle it (once). Returns its row, as handled."""
    return deliver(raw, door=door, recipients=recipients)[0]


def deliver(raw: bytes, *, door: str, recipients: list[str] = ()) -> tuple[InboundMessage, bool]:
    """receive(), and whether this call decided the message: False when it
    was received before (a copy of it, with the same Message-ID)."""
    row, new = store(raw, door=door, recipients=recipients)
    if not _waiting(row.pk):  # decided as it was stored (too big, unreadable), or before
        row.refresh_from_db()
        return row, new
    handler.handle(row.pk)
    row.refresh_from_db()
    return row, True


def _waiting(pk: int) -> bool:
    """Whether the row still waits for its handler. Its lock makes a copy that
    arrives while the first is being handled (two reply addresses, two doors)
    wait for it, and see it handled."""
    with transaction.atomic():
        pending = InboundMessage.objects.select_for_update().filter(pk=pk, outcome=InboundMessage.Outcome.PENDING)
        return bool(list(pending.values_list("pk", flat=True)))


def handle_pending() -> int:
    """Handle what a crash left stored but unhandled."""
    pending = list(InboundMessage.objects.filter(outcome=InboundMessage.Outcome.PENDING).values_list("pk", flat=True))
    for pk in pending:
        handler.handle(pk)
    return len(pending)
