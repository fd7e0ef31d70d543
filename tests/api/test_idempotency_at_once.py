"""Idempotency under real concurrency (a live server, a database file): the
same key sent at the same moment plays once and every answer is the same;
different keys for one turn play once and the rest get 409."""

import json
from collections import Counter

import pytest
import requests

from accounts.api_tokens import token_create
from games.models import Move
from tests.concurrency import at_once
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db(transaction=True)
AT_ONCE = 6


def sender(url, secret, body, key):
    headers = {"Authorization": f"Bearer {secret}", "Idempotency-Key": key}
    return lambda: (lambda r: (r.status_code, r.json()))(requests.post(url, json=body, headers=headers, timeout=60))


def test_one_key_at_once_plays_once_with_one_answer(live_server, started_game):
    game, users = started_game(2, 2, seed=3)
    _, secret = token_create(user=users[0], name="t", scopes=["games:play", "games:read"])
    url = f"{live_server.url}/api/v1/games/{game.pk}/actions"
    body = {"text": first_play(game, 0), "version": 0}
    answers = at_once(*[sender(url, secret, body, "same")] * AT_ONCE)
    assert all(status == 200 for status, _ in answers), answers
    assert len({json.dumps(answer, sort_keys=True) for _, answer in answers}) == 1  # jsonb keeps no key order
    assert Move.objects.filter(game=game).count() == 1


def test_many_keys_for_one_turn_one_applies(live_server, started_game):
    game, users = started_game(2, 2, seed=3)
    _, secret = token_create(user=users[0], name="t", scopes=["games:play", "games:read"])
    url = f"{live_server.url}/api/v1/games/{game.pk}/actions"
    body = {"text": first_play(game, 0), "version": 0}
    answers = at_once(*[sender(url, secret, body, f"key-{i}") for i in range(AT_ONCE)])
    assert Counter(status for status, _ in answers) == {200: 1, 409: AT_ONCE - 1}, answers
    assert all(answer["params"]["version"] == 1 for status, answer in answers if status == 409)
    assert Move.objects.filter(game=game).count() == 1
