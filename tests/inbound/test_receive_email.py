"""`manage.py receive_email`'s contract with the MTA (its one line of output
is what Postfix logs): a repeated message says it did nothing, several
recipients in one delivery are accepted, and a failure once the move is
stored is logged, not the exit status."""

import io
import sys

import pytest
from django.core.management import call_command

from games.mail import dispatch, tokens
from games.models import Game, InboundMessage
from tests.gameplay import first_play
from tests.inbound.mail import latest_to, reply

pytestmark = pytest.mark.django_db


def run(raw: bytes, monkeypatch, *args: str) -> str:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw)))
    out = io.StringIO()
    call_command("receive_email", *args, stdout=out, stderr=out)
    return out.getvalue()


def test_a_message_sent_again_says_that_nothing_was_done(started_game, monkeypatch):
    game, users = started_game(2, 2, seed=3)
    raw = reply(latest_to(users[0].email), first_play(game, 0))
    row_line = run(raw, monkeypatch)
    row = InboundMessage.objects.get()
    assert row_line.startswith(f"Message {row.pk}: Moves applied: ")
    again = run(raw, monkeypatch)
    assert again == f"Message {row.pk} was received before (same Message-ID): nothing done.\n"
    assert game.moves.count() == 1


def test_a_message_too_big_says_so(started_game, monkeypatch):
    game, users = started_game(2, 2, seed=3)
    raw = reply(latest_to(users[0].email), first_play(game, 0) + "\n" + "x" * (300 * 1024))
    out = run(raw, monkeypatch)
    row = InboundMessage.objects.get()
    assert out == f"Message {row.pk}: {row.get_outcome_display()}: too_big\n"
    assert row.outcome == InboundMessage.Outcome.IGNORED and game.moves.count() == 0


def test_several_recipients_in_one_delivery_are_accepted(started_game, monkeypatch):
    """Postfix without a recipient limit expands ${original_recipient} to one word each."""
    game, users = started_game(2, 2, seed=3)
    first = latest_to(users[0].email)
    other = tokens.reply_address(user=users[0], game=game)
    out = run(reply(first, first_play(game, 0)), monkeypatch, "--recipient", first.reply_to[0], other)
    assert "Moves applied" in out and game.moves.count() == 1


@pytest.mark.django_db(transaction=True)  # the commit runs the queuing
def test_a_broker_that_cannot_be_reached_after_the_move_is_logged_not_raised(started_game, monkeypatch):
    """The draw window's e-mail is due at once; queuing it fails after the commit."""
    game, users = started_game(2, 2, seed=3, draw_mode=Game.DrawMode.TABLETOP)
    raw = reply(latest_to(users[0].email), first_play(game, 0))

    def unreachable(**kwargs):
        raise OSError("the broker is down")

    monkeypatch.setattr(dispatch, "send_due", unreachable)
    out = run(raw, monkeypatch)
    # One line: the outcome first, then what was logged, without its traceback.
    assert out.startswith("Message ") and "Moves applied" in out and out.count("\n") == 1
    assert "(OSError: the broker is down)" in out and "Traceback" not in out
    assert game.moves.count() == 1
