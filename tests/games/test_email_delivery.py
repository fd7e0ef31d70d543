"""End to end: a move -> the outbox -> the broker (Redis in CI) -> a real
Celery worker -> SMTP on loopback -> the next player's mailbox."""

import socket
import time
from email import message_from_bytes, policy

import pytest
from aiosmtpd.controller import Controller
from celery.contrib.testing.worker import start_worker

from games import engine, services
from sequence_site.celery import app
from tests.gameplay import first_play, state_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.real_worker]


class Mailbox:
    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append((envelope.rcpt_tos, message_from_bytes(envelope.content, policy=policy.default)))
        return "250 Message accepted"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(autouse=True)
def _turn_emails_due_at_once(settings):
    """These tests are about the outbox, not the turn e-mail's grace (test_turn_email_grace)."""
    settings.TURN_EMAIL_GRACE_SECONDS = 0


@pytest.fixture
def smtp(settings):
    mailbox = Mailbox()
    controller = Controller(mailbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", controller.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    yield mailbox
    controller.stop()


@pytest.fixture
def worker():
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=30) as running:
        yield running


def wait_for(mailbox, predicate, seconds=60):
    deadline = time.time() + seconds
    while time.time() < deadline:
        found = [m for m in mailbox.messages if predicate(*m)]
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError(f"no such e-mail within {seconds} s; got {[m[1]['Subject'] for m in mailbox.messages]}")


def body_of(message) -> str:
    part = next(p for p in message.walk() if p.get_content_type() == "text/plain")
    return part.get_payload(decode=True).decode()


def test_a_move_sends_the_next_player_a_turn_email_over_smtp(smtp, worker, started_game):
    game, users = started_game(2, 2, seed=5)
    first_mail = wait_for(smtp, lambda to, m: to == [users[0].email] and m["Subject"].startswith("Your turn"))
    assert len(first_mail) == 1
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    [(_to, message)] = wait_for(
        smtp, lambda to, m: to == [users[1].email] and m["Subject"].startswith(f"Your turn in game {game.pk}")
    )
    body = body_of(message)
    assert "Your hand:" in body and f"/games/{game.pk}/" in body
    assert message["List-Unsubscribe"].strip().startswith("<http") and message["List-Unsubscribe-Post"]
    state = state_of(game)
    assert sorted(body.split("Your hand: ")[1].splitlines()[0].split()) == sorted(
        engine.cards.card_label(c) for c in state.hands[1]
    )
    time.sleep(1)  # nothing is sent twice
    assert len([m for to, m in smtp.messages if to == [users[1].email] and "Your turn" in m["Subject"]]) == 1
