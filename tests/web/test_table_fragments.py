"""The table page keeps its board, seat list and history in the cache (#15),
one copy per seat and one for spectators: a seat's fragment (its targets,
where its cards go, "(you)") must never reach another seat or a spectator."""

import random
import re

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone, translation

from games import fragments
from games.models import Seat
from games.viewmodels.table import table_for
from tests.factories import UserFactory
from tests.gameplay import play_a_move, state_of

pytestmark = pytest.mark.django_db

FRAGMENTS = {"games/_board.html", "games/_seats.html", "games/_history.html"}
PER_REQUEST = re.compile(r'(name="csrfmiddlewaretoken" value|nonce)="[^"]*"')


def rendered(response) -> set[str]:
    """Which of the cached fragments this response rendered (a miss) rather than read."""
    return {template.name for template in response.templates} & FRAGMENTS


def page(client, user, url):
    client.logout()
    if user is not None:
        client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200
    return response


@pytest.fixture
def table(started_game):
    game, users = started_game(3, 3, seed=4, is_public=True)
    rng = random.Random(4)
    for _ in range(4):
        play_a_move(game, users, rng)
    return game, users


def viewers(game, users):
    """Each seat with its first card chosen and "where my cards go" on, a
    signed-in spectator and a visitor without an account."""
    state = state_of(game)
    url = reverse("game", args=[game.pk])
    seated = [(user, f"{url}?show=all&card={state.hands[seat][0]}") for seat, user in enumerate(users)]
    return [*seated, (UserFactory(), url), (None, url)]


def test_each_seat_and_spectators_get_the_page_they_would_get_without_the_cache(client, table):
    game, users = table
    everyone = viewers(game, users)
    warm = [PER_REQUEST.sub("", page(client, user, url).content.decode()) for user, url in everyone]
    cache.clear()
    again = [page(client, user, url) for user, url in reversed(everyone)]
    # Each seat renders its own; spectators, signed in or not, share one copy.
    assert [rendered(response) for response in again] == [FRAGMENTS, set(), *[FRAGMENTS] * len(users)]
    assert [PER_REQUEST.sub("", response.content.decode()) for response in again] == warm[::-1]
    assert warm[0] != warm[1]  # the seats' boards differ (their targets), as do the pages
    assert "can go here" in warm[0] and "can go here" not in warm[-1] and "(you)" not in warm[-1]


def test_a_reload_reads_the_fragments_until_the_game_moves(client, table):
    game, users = table
    url = reverse("game", args=[game.pk])
    assert rendered(page(client, users[0], url)) == FRAGMENTS
    assert rendered(page(client, users[0], url)) == set()
    assert rendered(page(client, users[1], url)) == FRAGMENTS  # another seat: its own copies
    assert rendered(page(client, None, url)) == FRAGMENTS  # a spectator: theirs
    assert rendered(page(client, users[0], f"{url}?card={state_of(game).hands[0][0]}")) == {"games/_board.html"}
    play_a_move(game, users, random.Random(5))
    assert rendered(page(client, users[0], url)) == FRAGMENTS


def test_the_keys_change_with_the_language_and_the_time_zone(table):
    game, _ = table
    seats = list(Seat.objects.filter(game=game).order_by("position"))
    shown = table_for(game=game, seats=seats, my_seat=seats[0])

    def keys():
        return fragments.table_keys(shown, seats, form_enabled=False)

    english = keys()
    with translation.override("cs"):
        assert keys()["board"] != english["board"]
    with timezone.override("Asia/Tokyo"):
        assert keys()["history"] != english["history"]
    assert keys() == english
