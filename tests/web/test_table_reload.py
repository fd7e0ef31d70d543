"""A player reloading the table, or their waiting table asking whether the
game moved (#15): their presence stamp is written at most every SEEN_EVERY,
and a request with a fresh stamp sends no UPDATE."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import SEEN_EVERY, Seat

pytestmark = pytest.mark.django_db


def writes_to_seats(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return sum(query["sql"].startswith('UPDATE "games_seat"') for query in queries.captured_queries)


@pytest.mark.parametrize("page", ["game", "game_version"])
def test_a_reload_writes_the_stamp_only_once_it_is_old(client, started_game, page):
    game, users = started_game(2, 2)
    client.force_login(users[1])
    url = reverse(page, args=[game.pk])
    mine = Seat.objects.filter(game=game, user=users[1])
    assert writes_to_seats(client, url) == 1  # never seen before
    stamp = mine.get().last_seen_at
    assert writes_to_seats(client, url) == 0 and mine.get().last_seen_at == stamp
    mine.update(last_seen_at=stamp - SEEN_EVERY - timedelta(seconds=1))
    assert writes_to_seats(client, url) == 1 and mine.get().last_seen_at > stamp
