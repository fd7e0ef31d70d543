"""The pipe door as a self-hoster connects it: a real Postfix configured from
deploy/postfix/ (tests/inbound/postfix.py), replies sent to it over SMTP,
delivered through deploy/postfix/receive-email and `manage.py receive_email`
as another user, and the site's answers delivered back by the same Postfix.
The tests commit (the pipe is another process), so they run transactional."""

import os
import smtplib
import stat
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection

from games import engine
from games.mail import tokens
from games.models import Game, InboundMessage, Move, Notification
from tests.gameplay import first_play, state_of
from tests.inbound import postfix
from tests.inbound.mail import latest_to, reply

pytestmark = pytest.mark.django_db(transaction=True)


def _database_url() -> str:
    """The test database, as the pipe's DATABASE_URL."""
    conf = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{conf['NAME']}"
    user = f"{quote(conf['USER'] or '', safe='')}:{quote(conf['PASSWORD'] or '', safe='')}"
    return f"postgres://{user}@{conf['HOST'] or '127.0.0.1'}:{conf['PORT'] or 5432}/{conf['NAME']}"


@pytest.fixture(scope="module")
def _shared_sqlite(django_db_setup, django_db_blocker):
    """An SQLite test database the pipe's user may write too (its folder: the WAL files)."""
    with django_db_blocker.unblock():
        connection.ensure_connection()
        name = Path(connection.settings_dict["NAME"]) if connection.vendor == "sqlite" else None
    if name is None:
        yield
        return
    paths = [name.parent, name, *(Path(f"{name}{suffix}") for suffix in ("-wal", "-shm"))]
    modes = {path: stat.S_IMODE(path.stat().st_mode) for path in paths if path.exists()}
    for path in modes:
        path.chmod(0o777 if path.is_dir() else 0o666)
    yield
    for path, mode in modes.items():
        if path.exists():  # the WAL files come and go with the connections
            path.chmod(mode)


@pytest.fixture(scope="module")
def mta(_shared_sqlite, django_db_blocker):
    if not os.path.exists(postfix.POSTFIX):
        pytest.skip("Postfix is not installed (apt-get install postfix); CI installs it")
    if os.getuid() != 0:
        pytest.skip("a Postfix instance is started by root")
    with django_db_blocker.unblock():
        database = _database_url()
    instance = postfix.start(
        {
            "DATABASE_URL": database,
            "INBOUND_DOMAIN": postfix.INBOUND_DOMAIN,
            "SITE_URL": "http://127.0.0.1:8000",
            "DEFAULT_FROM_EMAIL": "Sequence <sequence@mx.sequence-test.invalid>",
        }
    )
    yield instance
    postfix.stop(instance)


@pytest.fixture
def mta_for_test(mta):
    """The instance as each test finds it: the shipped environment file, an empty Maildir."""
    postfix.write_env(mta)
    for message in (mta.root / "mailboxes" / "players" / "new").glob("*"):
        message.unlink()
    return mta


def send(instance, raw: bytes, recipients: list[str], sender: str) -> None:
    with smtplib.SMTP("127.0.0.1", instance.port, timeout=30) as client:
        client.sendmail(sender, recipients, raw)


def answers_to(instance, address: str) -> list:
    return [m for m in instance.mailbox() if address in m["To"]]


def bounces(instance) -> list:
    return [m for m in instance.mailbox() if m["From"].startswith("MAILER-DAEMON")]


def _deliveries_to(instance, address: str) -> list[tuple[str, str]]:
    return [(status, text) for to, status, text in instance.deliveries() if to == address]


def _sent(instance, address: str) -> list[str]:
    return [text for status, text in _deliveries_to(instance, address) if status == "sent"]


def test_a_reply_through_postfix_moves_and_is_answered(started_game, mta_for_test):
    game, users = started_game(2, 2, seed=3)
    first = latest_to(users[0].email)
    move = engine.legal_moves(state_of(game), 0)[0]
    send(mta_for_test, reply(first, move), first.reply_to, users[0].email)
    mta_for_test.wait(lambda: answers_to(mta_for_test, users[0].email), "the answer")
    row = InboundMessage.objects.get()
    assert (row.door, row.outcome) == ("pipe", InboundMessage.Outcome.APPLIED), row.detail
    game.refresh_from_db()
    assert game.version == 1 and game.moves.get().door == Move.Door.EMAIL
    (answer,) = answers_to(mta_for_test, users[0].email)
    assert answer["In-Reply-To"] and answer.get_payload(decode=True).decode().startswith("Done:")
    mta_for_test.wait(lambda: _deliveries_to(mta_for_test, first.reply_to[0]), "the delivery's log line")
    [(status, text)] = _deliveries_to(mta_for_test, first.reply_to[0])
    assert status == "sent" and f"Message {row.pk}: Moves applied: " in text, text
    assert not bounces(mta_for_test)


def test_while_the_database_refuses_connections_postfix_keeps_the_reply(started_game, mta_for_test):
    game, users = started_game(2, 2, seed=3)
    first = latest_to(users[0].email)
    postfix.write_env(mta_for_test, DATABASE_URL=f"postgres://sequence@127.0.0.1:{postfix.free_port()}/sequence")
    send(mta_for_test, reply(first, first_play(game, 0)), first.reply_to, users[0].email)
    to = first.reply_to[0]
    mta_for_test.wait(lambda: _deliveries_to(mta_for_test, to), "the first attempt")
    status, text = _deliveries_to(mta_for_test, to)[0]
    assert status == "deferred" and "The database is unavailable" in text, text
    assert not InboundMessage.objects.exists()
    postfix.write_env(mta_for_test)  # the database is back
    mta_for_test.flush()
    mta_for_test.wait(lambda: "sent" in dict(_deliveries_to(mta_for_test, to)), "the delivery")
    assert InboundMessage.objects.get().outcome == InboundMessage.Outcome.APPLIED
    assert game.moves.count() == 1 and not bounces(mta_for_test)
    mta_for_test.wait(lambda: answers_to(mta_for_test, users[0].email), "the answer")


def test_a_reply_to_two_reply_addresses_is_two_deliveries_and_acts_once(started_game, mta_for_test):
    game, users = started_game(2, 2, seed=3)
    first = latest_to(users[0].email)
    second = tokens.reply_address(user=users[0], game=game)  # another e-mail's address, same game
    both = [first.reply_to[0], second]
    send(mta_for_test, reply(first, first_play(game, 0), to=", ".join(both)), both, users[0].email)
    mta_for_test.wait(lambda: all(_sent(mta_for_test, to) for to in both), "both deliveries")
    row = InboundMessage.objects.get()
    assert row.outcome == InboundMessage.Outcome.APPLIED and game.moves.count() == 1
    texts = [text for to in both for text in _sent(mta_for_test, to)]
    assert len(texts) == 2 and all(f"(Message {row.pk}" in text for text in texts), texts
    mta_for_test.wait(lambda: answers_to(mta_for_test, users[0].email), "the answer")
    assert len(answers_to(mta_for_test, users[0].email)) == 1 and not bounces(mta_for_test)


def test_a_failure_after_the_move_is_stored_does_not_bounce(started_game, mta_for_test):
    """The draw window's e-mail is due at once, and the broker's folder cannot be written."""
    game, users = started_game(2, 2, seed=3, draw_mode=Game.DrawMode.TABLETOP)
    broker = mta_for_test.root / "var" / "celery-broker"
    broker.mkdir(mode=0o755, exist_ok=True)  # root's: the pipe's user cannot queue a task
    os.chown(broker, 0, 0)
    first = latest_to(users[0].email)
    send(mta_for_test, reply(first, first_play(game, 0)), first.reply_to, users[0].email)
    to = first.reply_to[0]
    mta_for_test.wait(lambda: _deliveries_to(mta_for_test, to), "the delivery")
    [(status, text)] = _deliveries_to(mta_for_test, to)
    # The outcome first, then the failure to queue, on one line; no traceback, no kombu warning.
    assert status == "sent" and text.startswith("delivered via sequence service (Message "), text
    assert "Moves applied" in text and "on_commit" in text and "Traceback" not in text, text
    assert "No hostname was supplied" not in mta_for_test.log()
    assert InboundMessage.objects.get().outcome == InboundMessage.Outcome.APPLIED
    assert game.moves.count() == 1
    # The draw window's e-mail waits for the outbox sweep.
    assert Notification.objects.filter(kind=Notification.Kind.DRAW_WINDOW, status=Notification.Status.PENDING).exists()
    mta_for_test.wait(lambda: answers_to(mta_for_test, users[0].email), "the answer")
    assert not bounces(mta_for_test)
