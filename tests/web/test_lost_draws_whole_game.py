"""The seat list counts lost draws over the whole game, not only in the moves
the table reads, and the page costs the same queries however long the game."""

import random
import re
from collections import Counter

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import engine, services
from games.models import Move
from games.viewmodels.table import HISTORY_ON_TABLE
from tests.gameplay import state_of

pytestmark = pytest.mark.django_db


def lost_in(moves) -> Counter:
    return Counter(e["seat"] for m in moves for e in m.events if e["type"] == "draw_lost")


def turn(game, users, rng):
    """The seat to play moves; half the time it draws at once, otherwise its
    draw is lost when the next player completes a turn."""
    seat = state_of(game).turn
    move = rng.choice([m for m in engine.legal_moves(state_of(game), seat) if m != "resign"])
    services.move_submit(game_id=game.pk, user=users[seat], move=move, expected_version=game.version)
    game.refresh_from_db()
    if "draw" in engine.legal_moves(state_of(game), seat) and rng.random() < 0.5:
        services.move_submit(game_id=game.pk, user=users[seat], move="draw", expected_version=game.version)
        game.refresh_from_db()


def seat_list_counts(html: str) -> list[int]:
    seats = html.split('id="seats-title"')[1].split("</section>")[0]
    return [1 if n == "a" else int(n) for n in re.findall(r"lost (a|\d+) draws?", seats)]


def test_lost_draws_are_counted_over_the_whole_game_at_a_constant_cost(client, started_game):
    game, users = started_game(2, 2, seed=5, draw_mode="tabletop", draw_window_seconds=3600, turn_seconds=86400)
    rng = random.Random(5)
    client.force_login(users[0])
    url = reverse("game", args=[game.pk])
    for _ in range(4):
        turn(game, users, rng)
    client.get(url)  # the first visit also stamps the seat (tests/web/test_table_reload.py)
    cache.clear()  # the page built from scratch, here and below
    client.force_login(users[0])
    with CaptureQueriesContext(connection) as early:
        client.get(url)
    while game.version < HISTORY_ON_TABLE + 20:
        turn(game, users, rng)
    moves = list(Move.objects.filter(game=game).order_by("-seq"))
    whole, shown = lost_in(moves), lost_in(moves[:HISTORY_ON_TABLE])
    assert sum(whole.values()) > sum(shown.values())  # the early losses are out of the history's reach
    client.get(url)
    cache.clear()
    client.force_login(users[0])
    with CaptureQueriesContext(connection) as late:
        html = client.get(url).content.decode()
    assert seat_list_counts(html) == [whole[0], whole[1]]
    assert len(early) == len(late)
