"""Replies as a mail client writes them, built from the e-mails the site sent."""

import io
import itertools
import sys
from email.message import EmailMessage
from email.utils import make_msgid

from django.core import mail
from django.core.management import call_command

from games.mail import outbox
from games.models import InboundMessage

_COUNTER = itertools.count()
ATTRIBUTION = "On Mon, 30 Nov 2026 at 10:00, Sequence <sequence@localhost> wrote:"


def latest_to(address: str, *, with_reply_to: bool = True):
    """The newest e-mail the site sent to `address` (the outbox delivered first)."""
    outbox.sweep()
    sent = [m for m in mail.outbox if address in m.to and (m.reply_to or not with_reply_to)]
    assert sent, f"no e-mail to {address}"
    return sent[-1]


def reply(
    to_message,
    text: str,
    *,
    sender: str | None = None,
    headers: dict | None = None,
    html: str | None = None,
    to: str | None = None,
    bottom: bool = False,
    attribution: str = ATTRIBUTION,
) -> bytes:
    """A reply to one of the site's e-mails, with the original quoted below
    (`bottom`: above, the reply's own text under the quote), as bytes."""
    message = EmailMessage()
    message["From"] = sender or to_message.to[0]
    message["To"] = to or to_message.reply_to[0]
    message["Subject"] = f"Re: {to_message.subject}"
    message["Message-ID"] = make_msgid(f"r{next(_COUNTER)}", domain="client.example")
    message["In-Reply-To"] = to_message.extra_headers.get("Message-ID", "<orig@site>")
    for name, value in (headers or {}).items():
        message[name] = value
    quoted = "\n".join(f"> {line}" for line in to_message.body.splitlines())
    if bottom:
        message.set_content(f"{attribution}\n{quoted}\n\n{text}\n")
    else:
        message.set_content(f"{text}\n\n{attribution}\n{quoted}\n")
    if html is not None:
        message.add_alternative(html, subtype="html")
    return message.as_bytes()


def outcomes() -> list[tuple[str, str]]:
    return list(InboundMessage.objects.order_by("pk").values_list("outcome", "detail"))


def pipe(raw: bytes, monkeypatch, *args: str) -> str:
    """`manage.py receive_email` with `raw` on standard input; what it printed."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw)))
    out = io.StringIO()
    call_command("receive_email", *args, stdout=out)
    return out.getvalue()


def answer_to(address: str):
    """The site's answer to the last reply of `address`."""
    return [m for m in mail.outbox if address in m.to and m.subject.startswith("Re:")][-1]
