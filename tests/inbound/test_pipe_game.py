"""Whole games played through `manage.py receive_email` alone: each reply
is built from the last e-mail the player got, and written to its Reply-To."""

import io
import random
import sys

import pytest
from django.core import mail
from django.core.management import call_command

from games import engine
from games.models import Game, InboundMessage
from tests.gameplay import state_of
from tests.inbound.mail import latest_to, reply

pytestmark = pytest.mark.django_db


def pipe(raw: bytes, monkeypatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw)))
    call_command("receive_email", stdout=io.StringIO())


def answer_to(address: str):
    """The site's answer to the last reply of `address`."""
    return [m for m in mail.outbox if address in m.to and m.subject.startswith("Re:")][-1]


def test_one_move_by_reply(started_game, monkeypatch):
    game, users = started_game(2, 2, seed=3)
    first = latest_to(users[0].email)
    assert first.body.startswith("Reply with your move, e.g.")
    assert first.reply_to[0].startswith("play+") and first.reply_to[0].endswith("@in.example.org")
    move = engine.legal_moves(state_of(game), 0)[0]
    pipe(reply(first, move), monkeypatch)
    row = InboundMessage.objects.get()
    assert row.outcome == InboundMessage.Outcome.APPLIED, row.detail
    game.refresh_from_db()
    assert game.version == 1 and game.moves.get().door == "email"
    answer = answer_to(users[0].email)
    assert answer.body.startswith("Done:") and users[1].username in answer.body
    assert answer.extra_headers["In-Reply-To"]


def _play_through(game, users, rng, monkeypatch, *, resign_at: int | None = None):
    """Every player replies to their latest e-mail with a random legal move
    (taking every draw) until the game ends; seat 1 resigns at move `resign_at`."""
    for number in range(400):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return number
        state = state_of(game)
        drawing = [p for p in range(game.players) if state.pending[p] is not None]
        seat = drawing[0] if drawing else state.turn
        user = users[seat]
        last = latest_to(user.email)
        if resign_at is not None and number >= resign_at and seat == 1:
            pipe(reply(last, "resign"), monkeypatch)
            asked = answer_to(user.email)
            code = asked.body.split("resign ", 2)[-1].split()[0]
            pipe(reply(asked, f"resign {code}"), monkeypatch)
            continue
        moves = [m for m in engine.legal_moves(state, seat) if m != "resign"]
        dead = [m for m in moves if m.startswith("dead")]
        text = "draw" if drawing else (f"{dead[0]}\n{rng.choice([m for m in engine.legal_moves(state, seat) if not m.startswith(('dead', 'resign'))] or moves)}" if dead and False else rng.choice(moves))
        before = game.version
        pipe(reply(last, text), monkeypatch)
        row = InboundMessage.objects.order_by("-pk").first()
        assert row.outcome == InboundMessage.Outcome.APPLIED, (text, row.detail, answer_to(user.email).body)
        game.refresh_from_db()
        assert game.version > before
    raise AssertionError("the game did not end")


def test_a_whole_two_player_game(started_game, monkeypatch):
    game, users = started_game(2, 2, seed=5)
    _play_through(game, users, random.Random(5), monkeypatch)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert set(game.moves.values_list("door", flat=True)) == {"email"}
