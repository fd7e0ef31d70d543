"""deadline_enforce: lost draws, skipped and conceded turns, idempotent."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from games import services
from games.models import Game, Move
from tests.gameplay import first_play, state_of

pytestmark = pytest.mark.django_db


def test_nothing_happens_before_a_deadline_nor_to_no_game(started_game):
    game, _ = started_game(2, 2)
    assert services.deadline_enforce(game_id=game.pk, now=game.turn_deadline - timedelta(seconds=1)) == []
    assert services.deadline_enforce(game_id=game.pk + 1000, now=game.turn_deadline) == []
    assert not Move.objects.exists()


def test_a_passed_turn_deadline_skips_the_turn_once(started_game):
    game, _users = started_game(2, 2)
    due = game.turn_deadline
    [move] = services.deadline_enforce(game_id=game.pk, now=due)
    assert (move.text, move.seat, move.actor, move.door) == ("skip", 0, "system", "system")
    assert services.deadline_enforce(game_id=game.pk, now=due) == []  # run twice: nothing more
    game.refresh_from_db()
    assert game.version == 1 and game.turn_deadline > due
    assert game.seats.get(position=0).missed_turns == 1
    assert state_of(game).turn == 1


def test_a_move_resets_the_missed_turns(started_game):
    game, users = started_game(2, 2)
    services.deadline_enforce(game_id=game.pk, now=game.turn_deadline)
    game.refresh_from_db()
    services.move_submit(game_id=game.pk, user=users[1], move=first_play(game, 1), expected_version=1)
    game.refresh_from_db()
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=2)
    assert game.seats.get(position=0).missed_turns == 0


def test_missed_turns_in_a_row_concede_the_game(started_game):
    game, users = started_game(2, 2, missed_turn_policy="concede", concede_after=2)
    services.deadline_enforce(game_id=game.pk, now=game.turn_deadline)
    game.refresh_from_db()
    services.move_submit(game_id=game.pk, user=users[1], move=first_play(game, 1), expected_version=1)
    game.refresh_from_db()
    [move] = services.deadline_enforce(game_id=game.pk, now=game.turn_deadline)
    assert move.text == "resign" and move.actor == Move.Actor.SYSTEM
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert (game.winner, game.result_reason) == ("green", "resign")


# at noon: the hour's window ends the day it opens (a window into the next day
# makes its midnight due first, when the draw alert drops the day)
@time_machine.travel(datetime(2026, 3, 4, 12, tzinfo=UTC), tick=False)
def test_a_passed_draw_window_loses_the_draw_exactly_once(started_game):
    game, users = started_game(2, 2, draw_mode="tabletop", draw_window_seconds=3600, turn_seconds=86400)
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    seat = game.seats.get(position=0)
    assert seat.draw_deadline is not None
    game.refresh_from_db()
    assert game.next_deadline == seat.draw_deadline
    moves = services.deadline_enforce(game_id=game.pk, now=seat.draw_deadline)
    assert [m.text for m in moves] == ["lost"]
    assert services.deadline_enforce(game_id=game.pk, now=seat.draw_deadline) == []
    game.refresh_from_db()
    assert len(state_of(game).hands[0]) == 6
    assert game.seats.get(position=0).draw_deadline is None
    assert game.next_deadline == game.turn_deadline


def test_a_draw_taken_in_time_is_not_lost(started_game):
    game, users = started_game(2, 2, draw_mode="tabletop", draw_window_seconds=3600)
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    deadline = game.seats.get(position=0).draw_deadline
    services.move_submit(game_id=game.pk, user=users[0], move="draw", expected_version=1)
    assert services.deadline_enforce(game_id=game.pk, now=deadline) == []
