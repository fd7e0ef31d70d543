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
    assert early <= 11  # the 11th: who of the game's players has a webhook (games/events.py)


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
