"""games.viewmodels.newest_moves reads what the ORM reads: the newest moves,
newest first, as the ORM loads them, and the rounds numbered over every move."""

import random

import pytest

from games.models import Game
from games.viewmodels.history import rounds_of
from games.viewmodels.newest_moves import newest_moves
from tests.gameplay import play_a_move
from tests.loaded import loaded

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("players", "teams", "draw_mode"), [(2, 2, "automatic"), (3, 3, "tabletop")])
def test_the_newest_moves_and_the_rounds_are_what_the_orm_reads(started_game, players, teams, draw_mode):
    game, users = started_game(players, teams, draw_mode=draw_mode)
    assert newest_moves(game.pk, 30) == ([], {})
    rng = random.Random(5)
    for _ in range(40):
        play_a_move(game, users, rng)
        game = Game.objects.get(pk=game.pk)
    all_rounds = rounds_of(game.moves.order_by("seq").values_list("seq", "seat", "text"))
    assert len(all_rounds) > 5
    for newest in (1, 30, 500):
        moves, rounds = newest_moves(game.pk, newest)
        assert [loaded(move) for move in moves] == [loaded(move) for move in game.moves.order_by("-seq")[:newest]]
        assert rounds == all_rounds
    assert newest_moves(game.pk, 0) == ([], all_rounds)
