"""Requests at the same moment against a real server and a database file: a
double-click, a second tab, the worker sending e-mail while players act. Each
gets its outcome or a polite refusal, never a 500 for `database is locked`.
On SQLite that takes the settings' transactions that lock at BEGIN; on
PostgreSQL, the services' row locks."""

import re
from collections import Counter

import pytest
import requests
from django.conf import settings
from django.db import connection
from django.test import Client

from games import engine, services, tasks
from games.mail import outbox
from games.models import Game, Move, Notification
from tests.concurrency import at_once
from tests.factories import UserFactory
from tests.gameplay import state_of

pytestmark = pytest.mark.django_db(transaction=True)

CLICKS = 10


def test_the_test_database_is_a_file_like_the_real_one():
    # An in-memory database has no file locks: it would hide what this module tests.
    assert connection.vendor != "sqlite" or not connection.is_in_memory_db()


def signed_in(base: str, user, page: str) -> tuple[dict, str]:
    """The cookies and the CSRF token of `user` after they opened `page`."""
    client = Client()
    client.force_login(user)
    browser = requests.Session()
    browser.cookies.set(settings.SESSION_COOKIE_NAME, client.cookies[settings.SESSION_COOKIE_NAME].value)
    response = browser.get(base + page, timeout=30)
    assert response.status_code == 200, response.text[:500]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', response.text).group(1)
    return browser.cookies.get_dict(), token


def post(url: str, cookies: dict, form: dict):
    return lambda: requests.post(url, data=form, cookies=cookies, allow_redirects=False, timeout=60).status_code


def test_many_clicks_on_one_move_make_one_move_and_no_error(live_server, started_game):
    game, users = started_game(2, 2, seed=3)
    move = next(m for m in engine.legal_moves(state_of(game), 0) if " " in m and not m.startswith(("pass", "dead")))
    cookies, token = signed_in(live_server.url, users[0], f"/games/{game.pk}/")
    form = {"move": move, "version": 0, "csrfmiddlewaretoken": token}

    statuses = at_once(*[post(f"{live_server.url}/games/{game.pk}/move/", cookies, form)] * CLICKS)

    assert Counter(statuses) == {303: 1, 409: CLICKS - 1}, Counter(statuses)
    assert list(Move.objects.filter(game=game).values_list("seq", flat=True)) == [1]
    assert Game.objects.get(pk=game.pk).version == 1


def test_players_accept_invitations_while_the_worker_sends_email(live_server):
    host, *guests = UserFactory.create_batch(6)
    game = services.game_create(
        start_mode=Game.StartMode.MANUAL,
        creator=host,
        players=6,
        teams=2,
        invitees=[guest.username for guest in guests],
    )
    Notification.objects.update(status=Notification.Status.PENDING, sent_at=None)  # the worker's work, owed again
    url = f"{live_server.url}/games/{game.pk}/answer/"
    accepts = []
    for guest in guests:
        cookies, token = signed_in(live_server.url, guest, f"/games/{game.pk}/")
        accepts.append(post(url, cookies, {"answer": "accept", "csrfmiddlewaretoken": token}))

    outcomes = at_once(*accepts, outbox.sweep, outbox.sweep, tasks.enforce_deadlines)

    assert outcomes[: len(guests)] == [302] * len(guests), outcomes
    assert all(isinstance(outcome, dict | int) for outcome in outcomes[len(guests) :]), outcomes
    assert game.seats.count() == 6
    settled = {Notification.Status.SENT, Notification.Status.SKIPPED}  # skipped: accepted before it went out
    assert set(Notification.objects.values_list("status", flat=True)) <= settled
