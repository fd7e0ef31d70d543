"""The site's header (games.web.header): one copy per reader, language and
count of games waiting, kept in the process; each page's sign-out form posts
that page's own CSRF token."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.web.csrf_stand_in import STAND_IN
from tests.factories import UserFactory

CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
SIGN_OUT = re.compile(r'<form method="post" action="/accounts/logout/".*?</form>', re.S)

pytestmark = pytest.mark.django_db


def header_rendered(response) -> bool:
    return "_header.html" in [template.name for template in response.templates]


def test_a_readers_pages_share_one_header_and_another_reader_gets_their_own():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    client = Client()
    client.force_login(alice)
    first = client.get(reverse("open_games"))
    assert header_rendered(first) and ">alice</a>" in first.content.decode()
    again = client.get(reverse("leaderboard"))
    assert not header_rendered(again) and ">alice</a>" in again.content.decode()
    client.force_login(bob)
    theirs = client.get(reverse("leaderboard"))
    assert header_rendered(theirs)
    assert ">bob</a>" in theirs.content.decode() and ">alice</a>" not in theirs.content.decode()


def test_the_header_follows_the_readers_language_and_a_visitor_gets_the_sign_in_links():
    client = Client()
    visitor = client.get(reverse("open_games")).content.decode()
    assert 'href="/accounts/login/">Sign in</a>' in visitor and "Sign out" not in visitor
    czech = client.get(reverse("open_games"), headers={"accept-language": "cs"})
    assert header_rendered(czech) and "Přihlásit" in czech.content.decode()


def test_the_count_of_games_waiting_is_the_readers_own(started_game):
    game, users = started_game(2, 2, seed=3)
    to_play = users[game.turn_position]
    waiting = users[1 - game.turn_position]
    client = Client()
    client.force_login(to_play)
    assert '<span class="move-count">1<' in client.get(reverse("open_games")).content.decode()
    client.force_login(waiting)
    assert 'class="move-count"' not in client.get(reverse("open_games")).content.decode()


def test_each_page_signs_out_with_its_own_token():
    """Two devices of one reader (two CSRF cookies) share the kept header."""
    reader = UserFactory()
    laptop, phone = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    for device in (laptop, phone):
        device.force_login(reader)
    laptop.get(reverse("open_games"))
    page = phone.get(reverse("leaderboard"))
    assert not header_rendered(page)
    html = page.content.decode()
    assert STAND_IN not in html
    (token,) = set(CSRF_INPUT.findall(SIGN_OUT.search(html).group()))
    assert phone.post(reverse("account_logout"), {"csrfmiddlewaretoken": token}).status_code == 302
    assert "_auth_user_id" not in phone.session
