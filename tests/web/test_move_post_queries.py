"""The move POST (#15): its queries do not grow with the game, and a move
writes only the hands and seats it changed, all of them."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import engine, services
from games.models import Game, Hand, Seat
from tests.gameplay import play_a_move, state_of

pytestmark = pytest.mark.django_db


def post_a_move(client, game, users) -> int:
    state = state_of(game)
    move = next(m for m in engine.legal_moves(state, state.turn) if m != "resign")
    client.force_login(users[state.turn])
    with CaptureQueriesContext(connection) as queries:
        response = client.post(reverse("game_move", args=[game.pk]), {"move": move, "version": game.version})
    assert response.status_code == 303
    return len(queries)


def stored_as_the_engine_has_it(game):
    state = state_of(game)
    hands = {hand.seat.position: hand.cards for hand in Hand.objects.filter(seat__game=game).select_related("seat")}
    assert hands == dict(enumerate(state.hands))
    windows = dict(Seat.objects.filter(game=game).values_list("position", "draw_deadline"))
    assert {position: when is not None for position, when in windows.items()} == {
        position: pending is not None for position, pending in enumerate(state.pending)
    }


def test_a_move_post_costs_the_same_queries_at_move_5_and_at_move_150(client, started_game):
    game, users = started_game(4, 2, seed=3)
    rng = random.Random(3)
    for _ in range(5):
        play_a_move(game, users, rng)
    early = post_a_move(client, game, users)
    game.refresh_from_db()
    while game.version < 150:  # a long history: missed turns are cheap moves
        services.deadline_enforce(game_id=game.pk, now=game.turn_deadline)
        game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    # Only a seat whose clock changed is written: here the mover's count of
    # missed turns goes back to 0 (at move 5 no seat changed).
    resets = Seat.objects.filter(game=game, position=state_of(game).turn, missed_turns__gt=0).count()
    assert post_a_move(client, game, users) == early + resets
    # the user, the game locked and read with its seats (and whether each player is suspended), the game
    # written, the move, the hand, the e-mails, who of the game's players has a webhook (games/events.py),
    # and a savepoint's two
    assert early <= 9


def test_a_move_stores_every_hand_and_seat_it_changed(client, started_game):
    game, users = started_game(3, 3, seed=7, draw_mode="tabletop")
    late = state_of(game).turn
    Game.objects.filter(pk=game.pk).update(next_deadline=game.turn_deadline)
    services.deadline_enforce(game_id=game.pk, now=game.turn_deadline)  # its turn runs out
    missed = Seat.objects.filter(game=game, position=late, missed_turns=1)
    assert missed.exists()
    for _ in range(3 * 3):  # a play and a draw each, until that seat has played again
        post_a_move(client, game, users)
        stored_as_the_engine_has_it(game)
        if not missed.exists():
            break
    assert not missed.exists()


def test_a_refused_move_writes_nothing_not_even_the_revision(client, started_game):
    """Every cached page of the game keys on its revision: a move refused
    (played out of turn, or on a stale page) must leave it as it was."""
    game, users = started_game(2, 2, seed=5)
    state = state_of(game)
    revision = game.revision
    waiting = users[1 - state.turn]
    client.force_login(waiting)
    move = next(m for m in engine.legal_moves(state, state.turn) if " " in m)
    response = client.post(reverse("game_move", args=[game.pk]), {"move": move, "version": game.version})
    assert response.status_code == 409
    client.force_login(users[state.turn])
    response = client.post(reverse("game_move", args=[game.pk]), {"move": move, "version": game.version + 1})
    assert response.status_code == 409
    assert Game.objects.get(pk=game.pk).revision == revision
    assert post_a_move(client, game, users) > 0 and Game.objects.get(pk=game.pk).revision == revision + 1
