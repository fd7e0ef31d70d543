"""Moderator actions racing each other and the players: exactly one wins,
and the game is consistent whichever it is."""

import pytest

from games import services
from games.errors import Conflict, GameError
from games.models import Game, ModerationAction
from tests.concurrency import at_once
from tests.factories import UserFactory
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db(transaction=True)


def superuser():
    # A transactional test may run after another one flushed the Moderators group.
    return UserFactory(is_staff=True, is_superuser=True)


def test_two_moderators_pausing_at_once_pause_once(started_game):
    game, _ = started_game(2, 2)
    first, second = superuser(), superuser()
    outcomes = at_once(
        lambda: services.game_pause(game_id=game.pk, moderator=first, reason="one"),
        lambda: services.game_pause(game_id=game.pk, moderator=second, reason="two"),
    )
    assert sorted(type(o).__name__ for o in outcomes) == ["Conflict", "Game"], outcomes
    assert ModerationAction.objects.filter(game=game, kind="pause").count() == 1


@pytest.mark.parametrize("attempt", range(3))
def test_a_move_racing_a_pause_gives_one_consistent_outcome(started_game, attempt):
    game, users = started_game(2, 2, seed=attempt)
    moderator = superuser()
    move = first_play(game, 0)
    moved, paused = at_once(
        lambda: services.move_submit(game_id=game.pk, user=users[0], move=move, expected_version=0),
        lambda: services.game_pause(game_id=game.pk, moderator=moderator, reason="race"),
    )
    assert not isinstance(paused, GameError), paused
    game.refresh_from_db()
    assert game.status == Game.Status.PAUSED and game.next_deadline is None
    if isinstance(moved, Conflict):
        assert game.version == 0
    else:
        assert isinstance(moved, services.MoveResult) and game.version == 1
    assert services.game_verify(game=game) == []
