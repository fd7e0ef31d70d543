"""Two games of one player finishing at the same moment both count: the
second waits for the first's rating row and rates from it (no lost update)."""

import pytest

from games import services
from games.models import Move, PlayerRating, RatingChange
from tests.concurrency import at_once
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_games_of_one_player_finishing_at_once_both_update_the_rating(started_game):
    both = UserFactory()
    games = []
    for _ in range(2):
        game, users = started_game(2, 2)
        seat = game.seats.get(position=0)
        seat.user, seat.name = both, both.username
        seat.save(update_fields=["user", "name"])
        games.append((game, users[1]))
    outcomes = at_once(
        *[
            lambda game=game, opponent=opponent: services.resign(
                game_id=game.pk, user=opponent, door=Move.Door.WEB, expected_version=0
            )
            for game, opponent in games
        ]
    )
    assert all(outcome.resigned for outcome in outcomes), outcomes
    first, second = RatingChange.objects.filter(user=both).order_by("mu_after")
    assert PlayerRating.objects.get(user=both).games == 2
    assert first.mu_after == second.mu_before  # the second game rated from the first's result
    assert PlayerRating.objects.get(user=both).mu == second.mu_after
