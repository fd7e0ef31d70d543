"""Structured logs (LOG_FORMAT=json: the request's id, user and game on every
line) and Prometheus metrics (/metrics, with METRICS_TOKEN)."""

import json
import logging
import random

import pytest
from django.urls import reverse
from pythonjsonlogger.json import JsonFormatter

from accounts.api_tokens import token_create
from sequence_site.log_context import AddContext
from tests.gameplay import play_a_move

pytestmark = pytest.mark.django_db


@pytest.fixture
def json_lines():
    """What the site logs meanwhile, formatted as LOG_FORMAT=json formats it."""
    lines = []

    class Keep(logging.Handler):
        def emit(self, record):
            lines.append(json.loads(self.format(record)))

    handler = Keep()
    handler.addFilter(AddContext())
    handler.setFormatter(
        JsonFormatter("%(levelname)s %(name)s %(message)s %(role)s %(request_id)s %(user_id)s %(game_id)s")
    )
    logger = logging.getLogger("sequence.request")
    logger.addHandler(handler)
    level = logger.level
    logger.setLevel(logging.INFO)  # as LOG_FORMAT=json sets it (setLevel also clears what the logger cached)
    yield lines
    logger.removeHandler(handler)
    logger.setLevel(level)


def test_a_request_is_logged_as_json_with_its_id_user_and_game(client, started_game, json_lines):
    game, users = started_game(2, 2)
    client.force_login(users[0])
    response = client.get(reverse("game", args=[game.pk]), HTTP_X_REQUEST_ID="proxy-abc-123")
    assert response.status_code == 200 and response["X-Request-ID"] == "proxy-abc-123"
    (line,) = [line for line in json_lines if f"/games/{game.pk}/" in line["message"]]
    assert line["request_id"] == "proxy-abc-123"
    assert line["user_id"] == users[0].pk and line["game_id"] == game.pk and line["role"] == "all"


def test_an_api_request_is_logged_with_its_game_and_token_owner(client, started_game, json_lines):
    game, users = started_game(2, 2)
    _, secret = token_create(user=users[1], name="log", scopes=["games:read"])
    response = client.get(f"/api/v1/games/{game.pk}", HTTP_AUTHORIZATION=f"Bearer {secret}")
    assert response.status_code == 200
    (line,) = [line for line in json_lines if f"/api/v1/games/{game.pk}" in line["message"]]
    assert line["user_id"] == users[1].pk and line["game_id"] == game.pk


def test_a_request_without_an_id_or_with_a_strange_one_gets_a_new_one(client):
    first = client.get(reverse("healthz"))["X-Request-ID"]
    second = client.get(reverse("healthz"), HTTP_X_REQUEST_ID="<script>")["X-Request-ID"]
    assert len({first, second, "<script>"}) == 3 and first.isalnum() and second.isalnum()


def test_metrics_need_the_token_and_count_requests_moves_and_the_outbox(
    client, settings, started_game, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):  # its e-mails are sent (tasks run in process)
        game, users = started_game(2, 2)
        play_a_move(game, users, random.Random(1))
    assert client.get(reverse("metrics")).status_code == 404  # no token set: no metrics
    settings.METRICS_TOKEN = "s3cret"
    assert client.get(reverse("metrics"), HTTP_AUTHORIZATION="Bearer wrong").status_code == 404
    body = client.get(reverse("metrics"), HTTP_AUTHORIZATION="Bearer s3cret").content.decode()
    for name in (
        "sequence_http_requests_total",
        "sequence_http_request_seconds_bucket",
        "sequence_task_seconds_bucket",
        'sequence_emails_total{outcome="sent"}',
        "sequence_outbox_due",
    ):
        assert name in body, name
    assert "sequence_moves_total 0.0" not in body
