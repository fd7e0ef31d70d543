"""A player reloading the table, or their waiting table asking whether the
game moved (#15): their presence stamp is written at most every SEEN_EVERY,
and a request with a fresh stamp sends no UPDATE."""

import random
import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import services
from games.models import SEEN_EVERY, Seat
from games.web.csrf_stand_in import STAND_IN
from tests.gameplay import play_a_move, state_of

pytestmark = pytest.mark.django_db


def writes_to_seats(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    seats = re.compile(rf'\bUPDATE "?{Seat._meta.db_table}"?\s')
    return sum(seats.search(query["sql"]) is not None for query in queries.captured_queries)


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


def reload(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_a_reload_shows_the_header_count_as_it_is_now(client, started_game):
    """A reload of an unchanged game is served whole from the cache (#31):
    the count of the reader's games waiting for them, changed by a move in
    another game, must show on it at once."""
    game, users = started_game(2, 2, seed=1)
    other, other_users = started_game(2, 2, seed=2)
    reader = users[1 - state_of(game).turn]  # not their move here
    Seat.objects.filter(game=other, position=1 - state_of(other).turn).update(user=reader)  # nor there yet
    client.force_login(reader)
    url = reverse("game", args=[game.pk])
    assert 'class="move-count"' not in reload(client, url)
    assert 'class="move-count"' not in reload(client, url)
    play_a_move(other, other_users, random.Random(1))  # the other player moves: the reader's turn there
    assert 'class="move-count">1<' in reload(client, url)


def test_a_reload_shows_the_chat_as_the_reader_mutes_it(client, started_game):
    game, users = started_game(3, 3)
    services.chat_post(game_id=game.pk, user=users[1], text="noisy-message")
    client.force_login(users[0])
    url = reverse("game", args=[game.pk])
    assert "noisy-message" in reload(client, url)
    services.chat_mute(user=users[0], muted_id=users[1].pk)
    assert "noisy-message" not in reload(client, url)
    services.chat_unmute(user=users[0], muted_id=users[1].pk)
    assert "noisy-message" in reload(client, url)
    services.chat_mute(user=users[0], muted_id=users[2].pk)  # as many mutes as before, of another
    assert "noisy-message" in reload(client, url)


def test_a_reload_shows_a_message_once(client, started_game):
    """A page with a message to show (here from the settings page, the game
    unchanged) is rendered, neither served from a kept copy nor kept."""
    game, users = started_game(2, 2)
    client.force_login(users[0])
    url = reverse("game", args=[game.pk])
    reload(client, url)
    reload(client, url)
    client.post(reverse("new_reply_addresses"))
    assert "stopped working; your next e-mails carry new ones." in reload(client, url)
    assert "stopped working; your next e-mails carry new ones." not in reload(client, url)


def test_my_games_reloaded_is_the_kept_page_with_its_own_token_until_something_shown_changes(client, started_game):
    """My games, reloaded with nothing changed, is served whole from the
    cache (#31): no template rendered, the page as rendered but for its own
    CSRF token; a move in one of the games, or a change to the reader's own
    settings (the header shows their name), shows at once."""
    game, users = started_game(2, 2, seed=1)
    client.force_login(users[1])
    url = reverse("home")
    first = client.get(url)
    kept = client.get(url)
    assert first.templates[0].name == "games/my_games.html" and kept.templates == []
    assert b'name="csrfmiddlewaretoken" value="' in kept.content and STAND_IN.encode() not in kept.content
    assert re.sub(rb'value="[^"]+"', b"", first.content) == re.sub(rb'value="[^"]+"', b"", kept.content)
    before = kept.content.decode()
    play_a_move(game, users, random.Random(1))
    assert reload(client, url) != before
    users[1].username = "renamed-reader"
    users[1].save()
    assert "renamed-reader" in reload(client, url)
