"""A whole game over real HTTP against a live server: one seat played by
examples/bot_client.py through the API, the other through the web pages.
Both see the same history, and the bot's moves are recorded with door "api"."""

import random
import re
import threading

import pytest
import requests
from django.conf import settings
from django.test import Client

from accounts.api_tokens import token_create
from examples import bot_client
from games import engine
from games.api import events
from games.models import Game, Move
from tests.gameplay import state_of

pytestmark = pytest.mark.django_db(transaction=True)


def web_session(base: str, user, page: str) -> tuple[requests.Session, str]:
    client = Client()
    client.force_login(user)
    browser = requests.Session()
    browser.cookies.set(settings.SESSION_COOKIE_NAME, client.cookies[settings.SESSION_COOKIE_NAME].value)
    response = browser.get(base + page, timeout=30)
    assert response.status_code == 200
    return browser, re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', response.text).group(1)


def test_the_example_client_plays_a_whole_game_against_the_web(live_server, started_game, monkeypatch):
    monkeypatch.setattr(events, "CHECK_EVERY", 0.05)
    monkeypatch.setattr(bot_client, "WAIT", 5)
    game, users = started_game(2, 2, seed=4)
    _, secret = token_create(user=users[1], name="bot", scopes=["games:read", "games:play"])
    played, outcome = [], {}

    def bot():
        outcome["last"] = bot_client.run(live_server.url, secret, game=game.pk, seed=4, out=played.append)

    thread = threading.Thread(target=bot, daemon=True)
    thread.start()
    browser, csrf = web_session(live_server.url, users[0], f"/games/{game.pk}/")
    rng = random.Random(4)
    while thread.is_alive():
        game.refresh_from_db()
        state = engine.state_from_json(game.state)
        if game.status != Game.Status.ACTIVE or state.turn != 0:
            thread.join(0.05)
            continue
        move = rng.choice([m for m in engine.legal_moves(state, 0) if m != "resign"])
        form = {"move": move, "version": game.version, "csrfmiddlewaretoken": csrf}
        response = browser.post(f"{live_server.url}/games/{game.pk}/move/", data=form, allow_redirects=False)
        assert response.status_code == 303, response.text[:300]
    thread.join(30)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and outcome["last"]["status"] == "finished"
    assert state_of(game).result["reason"] == "sequences"
    doors = dict(Move.objects.filter(game=game).values_list("seat", "door").distinct())
    assert doors == {0: "web", 1: "api"}
    assert len(played) == Move.objects.filter(game=game, seat=1).count() > 5
    api_history = bot_client.Api(live_server.url, secret).call("GET", f"/games/{game.pk}/moves")[1]["moves"]
    web_history = browser.get(f"{live_server.url}/games/{game.pk}/record.json").json()["moves"]
    assert [(m["seat"], m["text"]) for m in api_history] == [(m["seat"], m["move"]) for m in web_history]
