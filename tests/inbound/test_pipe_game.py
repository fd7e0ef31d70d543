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


def _choose(state, seat, rng) -> str:
    """A random legal move; a dead card is traded first, in the same reply."""
    moves = [m for m in engine.legal_moves(state, seat) if m != "resign"]
    dead = [m for m in moves if m.startswith("dead")]
    if dead:
        card = dead[0].split()[1]
        plays = [m for m in moves if not m.startswith(("dead", "pass")) and not m.startswith(card)]
        if plays:
            return f"{dead[0]}\n{rng.choice(plays)}"
    return rng.choice(moves)


def play_through(game, users, rng, send, *, resign_at: int, lose_draw_at: int | None = None) -> dict:
    """Each player replies to their latest e-mail with a random legal move
    (drawing when the draw is open, except once when one draw is let go)
    until the game ends; seat 1 resigns, with its code, at move `resign_at`.
    `send(raw)` is the door. Returns what happened along the way."""
    seen = {"dead": 0, "lost": 0, "resigned": 0}
    let_go = None  # the seat whose draw is let go
    for number in range(500):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            seen["lost"] = sum(
                e["type"] == "draw_lost" for events in game.moves.values_list("events", flat=True) for e in events
            )
            return seen
        state = state_of(game)
        drawing = [p for p in range(game.players) if state.pending[p] is not None]
        if let_go is None and drawing and lose_draw_at is not None and number >= lose_draw_at:
            let_go = drawing[0]  # its draw stays open: the next player's play and draw take it
        elif let_go is not None and let_go not in drawing:
            let_go = -1  # lost: the seat draws again from now on
        drawing = [p for p in drawing if p != let_go]
        seat = drawing[0] if drawing else state.turn
        user = users[seat]
        last = latest_to(user.email)
        if number >= resign_at and seat == 1 and not drawing:
            send(reply(last, "resign"))
            asked = answer_to(user.email)
            code = asked.body.split("resign ", 2)[-1].split()[0]
            send(reply(asked, f"resign {code}"))
            seen["resigned"] += 1
            continue
        text = "draw" if drawing else _choose(state, seat, rng)
        seen["dead"] += text.startswith("dead")
        before = game.version
        send(reply(last, text))
        row = InboundMessage.objects.order_by("-pk").first()
        assert row.outcome == InboundMessage.Outcome.APPLIED, (text, row.detail, answer_to(user.email).body)
        game.refresh_from_db()
        assert game.version > before
    raise AssertionError("the game did not end")


def test_a_whole_two_player_game(started_game, monkeypatch):
    game, users = started_game(2, 2, seed=2)  # a deal whose game has a dead card
    seen = play_through(game, users, random.Random(2), lambda raw: pipe(raw, monkeypatch), resign_at=10_000)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert set(game.moves.values_list("door", flat=True)) == {"email"}
    assert seen["dead"] >= 1
    assert game.moves.filter(text__startswith="dead").exists()


def test_a_two_by_two_tabletop_game_with_a_lost_draw_and_a_resignation(started_game, monkeypatch):
    game, users = started_game(4, 2, seed=7, draw_mode=Game.DrawMode.TABLETOP)
    seen = play_through(game, users, random.Random(7), lambda raw: pipe(raw, monkeypatch), resign_at=30, lose_draw_at=3)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.result_reason
    assert seen["resigned"] == 1 and seen["lost"] == 1
    assert set(game.moves.values_list("door", flat=True)) == {"email"}
    assert game.moves.filter(text="resign").exists()


def test_a_play_then_the_draw_in_one_reply(started_game, monkeypatch):
    game, users = started_game(2, 2, seed=3, draw_mode=Game.DrawMode.TABLETOP)
    move = next(m for m in engine.legal_moves(state_of(game), 0) if not m.startswith(("dead", "pass", "resign")))
    pipe(reply(latest_to(users[0].email), f"play {move.lower()}; draw"), monkeypatch)
    assert list(game.moves.values_list("text", flat=True)) == [move, "draw"]
    assert answer_to(users[0].email).body.startswith(f"Done: {move}, then draw.")
