"""Store first, then handle: a crash between the two loses nothing, and a
retry acts once. Moderators see every message and its outcome."""

import io

import pytest
from django.core.management import call_command

from games import engine
from games.inbound import handler, intake
from games.models import InboundMessage
from tests.gameplay import state_of
from tests.inbound.mail import latest_to, reply

pytestmark = pytest.mark.django_db
Outcome = InboundMessage.Outcome


@pytest.fixture
def stored(started_game, monkeypatch):
    """A reply stored, its handling crashed (the process died, say)."""
    game, users = started_game(2, 2, seed=3)
    raw = reply(latest_to(users[0].email), engine.legal_moves(state_of(game), 0)[0])

    def crash(pk):
        raise SystemExit("killed")

    monkeypatch.setattr(handler, "handle", crash)
    with pytest.raises(SystemExit):
        intake.receive(raw, door=InboundMessage.Door.PIPE)
    monkeypatch.undo()
    assert InboundMessage.objects.get().outcome == Outcome.PENDING
    return game, raw


def test_the_same_message_again_handles_what_a_crash_left(stored):
    game, raw = stored
    assert intake.receive(raw, door=InboundMessage.Door.PIPE).outcome == Outcome.APPLIED
    assert intake.receive(raw, door=InboundMessage.Door.PIPE).outcome == Outcome.APPLIED
    assert game.moves.count() == 1


def test_receive_email_pending_handles_the_leftovers(stored):
    game, _raw = stored
    out = io.StringIO()
    call_command("receive_email", "--pending", stdout=out)
    assert out.getvalue().startswith("1 pending")
    assert InboundMessage.objects.get().outcome == Outcome.APPLIED and game.moves.count() == 1


def test_a_bug_in_the_handler_is_recorded_not_retried_for_ever(started_game, monkeypatch):
    _game, users = started_game(2, 2, seed=3)

    def bug(row):
        raise KeyError("oops")

    monkeypatch.setattr(handler, "_handle", bug)
    row = intake.receive(reply(latest_to(users[0].email), "board"), door=InboundMessage.Door.PIPE)
    assert (row.outcome, row.detail) == (Outcome.REJECTED, "internal_error")


def test_moderators_see_every_message_and_its_outcome(stored, admin_client):
    _game, raw = stored
    row = intake.receive(raw, door=InboundMessage.Door.PIPE)
    listing = admin_client.get("/admin/games/inboundmessage/").content.decode()
    assert row.sender in listing and "Moves applied" in listing
    page = admin_client.get(f"/admin/games/inboundmessage/{row.pk}/change/").content.decode()
    assert row.commands[0]["text"] in page
    assert "Your hand" not in page  # the reply quotes the turn e-mail: its text is never shown
    assert admin_client.get("/admin/games/replytoken/").status_code == 200


def test_an_answer_the_mail_server_refused_is_sent_by_the_sweep_once(started_game, monkeypatch):
    """The move is applied and its answer written with the outcome, as a row
    of the mail outbox: a mail server that refuses (or a worker that dies)
    before the send loses no answer, and the outbox's retries send it once."""
    from datetime import timedelta

    from django.core import mail
    from django.core.mail import EmailMessage
    from django.utils import timezone

    from games.mail import outbox
    from games.models import Notification

    game, users = started_game(2, 2, seed=3)
    raw = reply(latest_to(users[0].email), engine.legal_moves(state_of(game), 0)[0])
    sent_before = len(mail.outbox)

    def refuse(self, fail_silently=False):
        raise ConnectionRefusedError("the mail server is down")

    monkeypatch.setattr(EmailMessage, "send", refuse)
    row = intake.receive(raw, door=InboundMessage.Door.PIPE)
    monkeypatch.undo()
    answer = Notification.objects.get(inbound=row)
    assert row.outcome == Outcome.APPLIED and answer.status == Notification.Status.PENDING
    assert answer.message["to"] == [users[0].email] and answer.last_error

    outbox.sweep()
    answer.refresh_from_db()
    assert answer.status == Notification.Status.PENDING  # the retry waits its time
    later = timezone.now() + timedelta(minutes=3)
    outbox.sweep(later)
    outbox.sweep(later + timedelta(minutes=10))
    answer.refresh_from_db()
    assert answer.status == Notification.Status.SENT and answer.message == {}  # it quoted the hand
    answered = [m for m in mail.outbox[sent_before:] if m.to == [users[0].email] and "In-Reply-To" in m.extra_headers]
    assert len(answered) == 1
    assert answered[0].extra_headers["In-Reply-To"]
