"""The IMAP door against a real server (Dovecot, started by the test): a
whole game whose replies land in the mailbox and are read by the beat
task; a message is never handled twice."""

import os
import random

import pytest
from imapclient import IMAPClient

from games import engine
from games.inbound.tasks import inbound_imap_poll
from games.models import Game, InboundMessage, Move
from tests.gameplay import state_of
from tests.inbound import dovecot
from tests.inbound.mail import latest_to, reply
from tests.inbound.test_pipe_game import play_through

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
