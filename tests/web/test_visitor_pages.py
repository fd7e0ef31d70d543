"""A visitor's public pages come from a copy shared for a few seconds
(games.web.visitor_pages): the same page for every visitor of one language and
time zone, each with their own CSRF token; never for a player who is
signed in, nor for a visitor with a message waiting."""

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import services
from games.web.csrf_stand_in import STAND_IN
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def token_of(page: bytes) -> str:
    return re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1).decode()


def without_tokens(page: bytes) -> bytes:
    return re.sub(rb'name="csrfmiddlewaretoken" value="[^"]+"', b"", page)


def test_a_second_visitor_gets_the_first_ones_page_without_a_query_and_with_their_own_token():
    host = UserFactory()
    services.game_create(creator=host, players=3, teams=3, is_public=True)
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    made = first.get(reverse("open_games"))
    with CaptureQueriesContext(connection) as queries:
        shared = second.get(reverse("open_games"))
    assert shared.status_code == 200 and len(queries) == 0
    assert without_tokens(shared.content) == without_tokens(made.content) and host.username.encode() in shared.content
    assert STAND_IN.encode() not in shared.content and token_of(shared.content) != token_of(made.content)
    # Each token is its visitor's own: the footer's form posts with it.
    switched = second.post(
        reverse("set_language"), {"language": "cs", "next": "/", "csrfmiddlewaretoken": token_of(shared.content)}
    )
    assert switched.status_code == 302


def test_the_copy_may_be_some_seconds_old_and_is_kept_that_long(settings, monkeypatch, started_game):
    settings.VISITOR_PAGE_SECONDS = 7
    game, users = started_game(2, 2, is_public=True)
    kept = []
    real_set = cache.set
    monkeypatch.setattr(
        cache, "set", lambda key, value, timeout=None: kept.append(timeout) or real_set(key, value, timeout)
    )
    url = reverse("profile", args=[users[1].username])
    assert b"0 finished games: 0 won" in Client().get(url).content
    assert 7 in kept
    services.move_submit(game_id=game.pk, user=users[0], move="resign", expected_version=0)
    assert b"1 won" not in Client().get(url).content  # the visitors' copy: up to 7 seconds old
    signed_in = Client()
    signed_in.force_login(UserFactory())
    assert b"1 won" in signed_in.get(url).content  # a player's page is always as it is now
    cache.clear()
    assert b"1 won" in Client().get(url).content


def test_a_player_signed_in_never_gets_nor_makes_the_visitors_copy():
    player = UserFactory()
    visitor_page = Client().get(reverse("open_games")).content
    signed_in = Client()
    signed_in.force_login(player)
    page = signed_in.get(reverse("open_games")).content
    assert player.username.encode() in page and player.username.encode() not in visitor_page
    assert player.username.encode() not in Client().get(reverse("open_games")).content


def test_each_language_has_its_own_copy():
    english = Client().get(reverse("open_games"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    czech = Client().get(reverse("open_games"), HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert '<html lang="en">' in english and '<html lang="cs">' in czech


def test_a_visitor_with_a_message_waiting_gets_the_page_with_the_message():
    Client().get("/")  # the visitors' copy of the home page, without a message
    leaving = Client()
    leaving.force_login(UserFactory())
    page = leaving.post(reverse("account_logout"), follow=True)
    assert page.redirect_chain and b'class="message' in page.content


def test_a_page_that_is_not_found_is_never_kept_nor_shows_the_stand_in(started_game):
    game, _ = started_game(2, 2)  # private: a visitor may not see it, and is asked to sign in
    for _ in range(2):
        page = Client().get(reverse("game_replay", args=[game.pk]))
        assert page.status_code == 302 and STAND_IN.encode() not in page.content


def test_without_seconds_each_visit_is_rendered_anew(settings):
    settings.VISITOR_PAGE_SECONDS = 0
    Client().get(reverse("open_games"))
    with CaptureQueriesContext(connection) as queries:
        Client().get(reverse("open_games"))
    assert len(queries) == 3  # a query for each list (seats to take over too)
