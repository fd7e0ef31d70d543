"""Hypothesis: whatever arrives (random bodies, headers, bytes) is stored
and handled without an unexpected error: never a crash, never a row left
pending, never the handler's last-resort 'internal_error'."""

from email.message import EmailMessage

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.inbound import commands, intake
from games.models import InboundMessage
from tests.inbound.mail import latest_to

pytestmark = pytest.mark.django_db
RANDOM = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
HEADER_NAMES = st.sampled_from(
    [
        "Subject",
        "Auto-Submitted",
        "Precedence",
        "Return-Path",
        "Authentication-Results",
        "References",
        "Message-ID",
        "Content-Type",
        "Content-Transfer-Encoding",
        "X-Autoreply",
        "Cc",
        "From",
    ]
)
TEXT = st.text(st.characters(blacklist_categories=["Cs"]), max_size=300)


@pytest.fixture
def address(started_game):
    _game, users = started_game(2, 2, seed=3)
    message = latest_to(users[0].email)
    return users[0].email, message.reply_to[0]


def handled(raw: bytes) -> None:
    row = intake.receive(raw, door=InboundMessage.Door.PIPE)
    assert row.outcome != InboundMessage.Outcome.PENDING
    assert row.detail != "internal_error"


@RANDOM
@given(body=TEXT, subject=TEXT)
def test_random_bodies_from_the_player(address, body, subject):
    sender, to = address
    raw = f"From: {sender}\r\nTo: {to}\r\nSubject: {subject!r}\r\n\r\n{body}".encode("utf-8", "surrogatepass")
    handled(raw)


@pytest.mark.parametrize("name", ["Cc", "To", "Delivered-To", "Authentication-Results"])
def test_an_address_header_the_email_package_cannot_parse(address, name):
    """Hypothesis found `Cc: 0@`: Python's header parser raises IndexError on it."""
    sender, to = address
    handled(f"From: {sender}\r\nTo: {to}\r\n{name}: 0@\r\n\r\n7H C4".encode())


@RANDOM
@given(headers=st.lists(st.tuples(HEADER_NAMES, TEXT), max_size=6), body=TEXT)
def test_random_headers(address, headers, body):
    sender, to = address
    lines = [f"From: {sender}", f"To: {to}"] + [f"{name}: {value}" for name, value in headers]
    raw = ("\r\n".join(line.replace("\n", " ").replace("\r", " ") for line in lines) + "\r\n\r\n" + body).encode()
    handled(raw)


@RANDOM
@given(raw=st.binary(max_size=2000))
def test_random_bytes(address, raw):
    handled(raw)


@RANDOM
@given(body=TEXT)
def test_random_html_bodies(address, body):
    sender, to = address
    message = EmailMessage()
    message["From"], message["To"] = sender, to
    message.set_content(f"<p>{body}</p><blockquote>{body}</blockquote>", subtype="html")
    handled(message.as_bytes())


@settings(max_examples=500, deadline=None)
@given(text=TEXT)
def test_the_command_reader_refuses_or_reads(text):
    try:
        assert all(c.kind in {"move", "help", "board", "resign", "confirm"} for c in commands.read(text, text))
    except commands.Refused as exc:
        assert str(exc.error)
