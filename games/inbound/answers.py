"""The answers to inbound messages, kept until sent. The handler stores an
answer with the outcome (one transaction), sends it once that commits and
clears it; whatever a crash or a mail server's refusal left is sent by the
beat task. Replies are few: no batching here, unlike the outbox."""

import logging
from datetime import timedelta

from django.core.mail import EmailMessage
from django.db import transaction
from django.utils import timezone

from games.mail.mime import Message
from games.models import InboundMessage

log = logging.getLogger(__name__)
# The handler sends at once; the sweep leaves it this long to do so.
LEFT_FOR_THE_HANDLER = timedelta(minutes=2)
STAMPS = ("reply_sent_at", "notice_sent_at")


def stored(message: EmailMessage, stamp: str) -> dict:
    """An answer as the row keeps it: what the mail backend needs, and the stamp it sets."""
    assert stamp in STAMPS
    return {
        "stamp": stamp,
        "subject": message.subject,
        "body": message.body,
        "to": list(message.to),
        "reply_to": list(message.reply_to),
        "headers": dict(message.extra_headers),
    }


def _message(answer: dict) -> EmailMessage:
    return Message(
        subject=answer["subject"],
        body=answer["body"],
        to=answer["to"],
        reply_to=answer["reply_to"],
        headers=answer["headers"],
    )


def send(row_pk: int) -> bool:
    """Send the row's answer if it still has one; True when sent now. The row
    lock makes the handler and the sweep send it once between them. It waits
    for the lock rather than skipping a locked row: a copy of the message
    (two reply addresses) locks the row for a moment to see it handled, and a
    skip then would leave the answer to the sweep, minutes later."""
    with transaction.atomic():
        row = InboundMessage.objects.select_for_update().filter(pk=row_pk).first()
        if row is None or not row.answer:
            return False
        try:
            _message(row.answer).send()
        except Exception:
            log.exception("the answer to inbound message %s was not sent; the sweep retries", row_pk)
            return False
        setattr(row, row.answer["stamp"], timezone.now())
        row.answer = {}
        row.save(update_fields=["answer", *STAMPS])
        return True


def send_unsent() -> int:
    """Answers the handler could not send (it died, or the mail server refused)."""
    before = timezone.now() - LEFT_FOR_THE_HANDLER
    waiting = InboundMessage.objects.filter(received_at__lt=before).exclude(answer={}).values_list("pk", flat=True)
    return sum(send(pk) for pk in list(waiting[:500]))
