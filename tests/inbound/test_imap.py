"""The IMAP door against a real server (Dovecot, started by the test): a
whole game whose replies land in the mailbox and are read by the beat
task; a message is never handled twice. Then imaps:// with a self-signed
certificate trusted through INBOUND_IMAP_CA_FILE, and handled messages moved
out of the INBOX or deleted (INBOUND_IMAP_HANDLED)."""

import os
import random
import smtplib
import ssl
import subprocess
import sys

import pytest
from django.db import OperationalError
from imapclient import IMAPClient

from games import engine
from games.inbound import intake
from games.inbound.tasks import inbound_imap_poll
from games.mail import dispatch, tokens
from games.models import Game, InboundMessage, Move, Notification
from tests.gameplay import first_play, state_of
from tests.inbound import dovecot, postfix
from tests.inbound.mail import latest_to, reply
from tests.inbound.test_pipe_game import answer_to, play_through

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def imap_server():
    if not os.path.exists(dovecot.DOVECOT):
        pytest.skip("Dovecot is not installed (apt-get install dovecot-imapd); CI installs it")
    server, process, root = dovecot.start()
    yield server
    dovecot.stop(process, root)


@pytest.fixture
def mailbox(imap_server, settings):
    settings.INBOUND_IMAP_URL = imap_server.url
    with IMAPClient("127.0.0.1", port=imap_server.port, ssl=False) as client:
        client.login(dovecot.USER, dovecot.PASSWORD)
        client.select_folder("INBOX")
        client.delete_messages(client.search(["ALL"]))
        client.expunge()
        yield client


def test_a_whole_game_through_imap(started_game, mailbox):
    game, users = started_game(2, 2, seed=2)

    def send(raw):
        mailbox.append("INBOX", raw)
        assert inbound_imap_poll() == 1

    play_through(game, users, random.Random(2), send, resign_at=20)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert set(InboundMessage.objects.values_list("door", flat=True)) == {"imap"}
    mailbox.noop()  # this session hears of the poll's flags
    assert len(mailbox.search(["SEEN"])) == InboundMessage.objects.count() and not mailbox.search(["UNSEEN"])


def test_a_message_is_never_handled_twice(started_game, mailbox):
    game, users = started_game(2, 2, seed=2)
    mailbox.append("INBOX", reply(latest_to(users[0].email), engine.legal_moves(state_of(game), 0)[0]))
    assert inbound_imap_poll() == 1
    assert inbound_imap_poll() == 0  # flagged seen
    mailbox.remove_flags(mailbox.search(["ALL"]), [b"\\Seen"])  # a crash before the flag, say
    assert inbound_imap_poll() == 1
    assert InboundMessage.objects.count() == 1 and Move.objects.filter(game=game).count() == 1


def test_without_a_mailbox_the_task_does_nothing(settings):
    settings.INBOUND_IMAP_URL = ""
    assert inbound_imap_poll() == 0


@pytest.fixture(scope="module")
def tls_server():
    """imaps:// with a self-signed certificate."""
    if not os.path.exists(dovecot.DOVECOT):
        pytest.skip("Dovecot is not installed (apt-get install dovecot-imapd); CI installs it")
    server, process, root = dovecot.start(tls=True)
    yield server
    dovecot.stop(process, root)


@pytest.fixture
def tls_mailbox(tls_server, settings):
    settings.INBOUND_IMAP_URL = tls_server.url
    settings.INBOUND_IMAP_CA_FILE = tls_server.ca_file
    context = ssl.create_default_context(cafile=tls_server.ca_file)
    with IMAPClient("127.0.0.1", port=tls_server.port, ssl=True, ssl_context=context) as client:
        client.login(dovecot.USER, dovecot.PASSWORD)
        for folder in ("Handled",):
            if client.folder_exists(folder):
                client.delete_folder(folder)
        client.select_folder("INBOX")
        client.delete_messages(client.search(["ALL"]))
        client.expunge()
        yield client


def _in(client, folder: str) -> int:
    """How many messages `folder` holds now (INBOX: the folder this session has selected)."""
    if folder == "INBOX":
        client.noop()  # this session hears of the poll's expunge
        return len(client.search(["ALL"]))
    return client.folder_status(folder, [b"MESSAGES"])[b"MESSAGES"] if client.folder_exists(folder) else 0


def test_imaps_with_a_self_signed_certificate_and_the_message_moved_out(started_game, tls_mailbox, settings):
    settings.INBOUND_IMAP_HANDLED = "move:Handled"
    game, users = started_game(2, 2, seed=3)
    first = latest_to(users[0].email)
    tls_mailbox.append("INBOX", reply(first, first_play(game, 0)))
    assert inbound_imap_poll() == 1
    row = InboundMessage.objects.get()
    assert (row.door, row.outcome) == ("imap", InboundMessage.Outcome.APPLIED), row.detail
    assert answer_to(users[0].email).body.startswith("Done:")
    assert (_in(tls_mailbox, "INBOX"), _in(tls_mailbox, "Handled")) == (0, 1)
    assert inbound_imap_poll() == 0 and game.moves.count() == 1


def test_handled_messages_may_be_deleted(started_game, tls_mailbox, settings):
    settings.INBOUND_IMAP_HANDLED = "delete"
    game, users = started_game(2, 2, seed=3)
    tls_mailbox.append("INBOX", reply(latest_to(users[0].email), first_play(game, 0)))
    assert inbound_imap_poll() == 1
    assert _in(tls_mailbox, "INBOX") == 0 and game.moves.count() == 1


def test_without_the_ca_file_a_self_signed_certificate_is_refused(tls_mailbox, settings):
    settings.INBOUND_IMAP_CA_FILE = ""
    with pytest.raises(ssl.SSLCertVerificationError):
        inbound_imap_poll()


def test_a_database_down_leaves_the_message_for_the_next_poll(started_game, tls_mailbox, settings, monkeypatch):
    settings.INBOUND_IMAP_HANDLED = "move:Handled"
    game, users = started_game(2, 2, seed=3)
    tls_mailbox.append("INBOX", reply(latest_to(users[0].email), first_play(game, 0)))

    def down(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(intake, "store", down)
    with pytest.raises(OperationalError):
        inbound_imap_poll()
    assert _in(tls_mailbox, "INBOX") == 1 and not InboundMessage.objects.exists()
    monkeypatch.undo()
    assert inbound_imap_poll() == 1
    assert (_in(tls_mailbox, "INBOX"), _in(tls_mailbox, "Handled")) == (0, 1) and game.moves.count() == 1


def test_a_message_that_cannot_be_read_does_not_hold_up_the_ones_after_it(started_game, mailbox, monkeypatch):
    """A bug on one message's headers: it is stored rejected, and the poll goes on."""
    game, users = started_game(2, 2, seed=3)
    read = intake._fields

    def unreadable(raw, *args):
        if b"X-Poison" in raw:
            raise ValueError("a header the parser chokes on")
        return read(raw, *args)

    monkeypatch.setattr(intake, "_fields", unreadable)
    mailbox.append("INBOX", b"X-Poison: 1\r\nSubject: ?\r\n\r\nhello\r\n")
    mailbox.append("INBOX", reply(latest_to(users[0].email), first_play(game, 0)))
    assert inbound_imap_poll() == 2
    rejected = InboundMessage.objects.get(outcome=InboundMessage.Outcome.REJECTED)
    assert rejected.detail == "internal_error" and b"X-Poison" in bytes(rejected.raw)
    assert game.moves.count() == 1
    mailbox.noop()
    assert not mailbox.search(["UNSEEN"])


def test_a_reply_to_two_reply_addresses_acts_once(started_game, tls_mailbox, settings):
    settings.INBOUND_IMAP_HANDLED = "move:Handled"
    game, users = started_game(2, 2, seed=3)
    first = latest_to(users[0].email)
    both = f"{first.reply_to[0]}, {tokens.reply_address(user=users[0], game=game)}"
    tls_mailbox.append("INBOX", reply(first, first_play(game, 0), to=both))
    assert inbound_imap_poll() == 1
    assert InboundMessage.objects.get().outcome == InboundMessage.Outcome.APPLIED and game.moves.count() == 1
    assert _in(tls_mailbox, "INBOX") == 0


@pytest.fixture(scope="module")
def mail_host():
    """deploy/'s IMAP variant: Postfix takes the replies over SMTP and hands them to
    Dovecot over LMTP, into the INBOX the site polls."""
    if not all(os.path.exists(path) for path in (dovecot.DOVECOT, dovecot.LMTP, postfix.POSTFIX)):
        pytest.skip("Postfix or Dovecot is missing (apt-get install postfix dovecot-imapd dovecot-lmtpd); CI has them")
    if os.getuid() != 0:
        pytest.skip("a Postfix instance is started by root")
    server, process, root = dovecot.start(tls=True, lmtp=True)
    instance = postfix.start({}, transport=f"lmtp:inet:127.0.0.1:{server.lmtp_port}")
    yield server, instance
    postfix.stop(instance)
    dovecot.stop(process, root)


def test_replies_reach_the_mailbox_through_postfix_and_lmtp(started_game, mail_host, settings):
    server, instance = mail_host
    settings.INBOUND_IMAP_URL, settings.INBOUND_IMAP_CA_FILE = server.url, server.ca_file
    settings.INBOUND_IMAP_HANDLED = "move:Handled"
    game, users = started_game(2, 2, seed=3)
    first = latest_to(users[0].email)
    both = [first.reply_to[0], tokens.reply_address(user=users[0], game=game)]  # two copies arrive
    with smtplib.SMTP("127.0.0.1", instance.port, timeout=30) as client:
        client.sendmail(users[0].email, both, reply(first, first_play(game, 0), to=", ".join(both)))
    context = ssl.create_default_context(cafile=server.ca_file)
    with IMAPClient("127.0.0.1", port=server.port, ssl=True, ssl_context=context) as mailbox:
        mailbox.login(dovecot.USER, dovecot.PASSWORD)
        mailbox.select_folder("INBOX")
        instance.wait(lambda: _in(mailbox, "INBOX") == 2, "both copies in the INBOX")
        assert inbound_imap_poll() == 2
        assert (_in(mailbox, "INBOX"), _in(mailbox, "Handled")) == (0, 2)
    row = InboundMessage.objects.get()
    assert (row.door, row.outcome) == ("imap", InboundMessage.Outcome.APPLIED) and game.moves.count() == 1
    assert answer_to(users[0].email).body.startswith("Done:")


@pytest.mark.django_db(transaction=True)  # the commit runs the queuing
def test_a_failure_after_the_move_is_stored_still_takes_the_message_out(
    started_game, tls_mailbox, settings, monkeypatch
):
    """The draw window's e-mail is due at once, and the broker cannot be reached."""
    settings.INBOUND_IMAP_HANDLED = "move:Handled"
    game, users = started_game(2, 2, seed=3, draw_mode=Game.DrawMode.TABLETOP)
    tls_mailbox.append("INBOX", reply(latest_to(users[0].email), first_play(game, 0)))

    def unreachable(**kwargs):
        raise OSError("the broker is down")

    monkeypatch.setattr(dispatch, "send_due", unreachable)
    assert inbound_imap_poll() == 1
    assert (_in(tls_mailbox, "INBOX"), _in(tls_mailbox, "Handled")) == (0, 1) and game.moves.count() == 1
    assert Notification.objects.filter(kind=Notification.Kind.DRAW_WINDOW, status=Notification.Status.PENDING).exists()


@pytest.mark.parametrize("value", ["keep", "move:"])
def test_a_wrong_handled_setting_stops_the_site_at_start(value):
    env = {**os.environ, "INBOUND_IMAP_HANDLED": value, "DJANGO_SETTINGS_MODULE": "sequence_site.settings"}
    done = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode and "INBOUND_IMAP_HANDLED is seen, delete or move:FOLDER" in done.stderr
