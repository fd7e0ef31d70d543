"""Bodies of every wrong kind get a 4xx with a refusal's code, never a 500, and change nothing."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Move
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
FIELDS = st.fixed_dictionaries(
    {},
    optional={
        "text": JSON | st.text(),
        "action": JSON,
        "version": JSON | st.integers(min_value=-(2**70), max_value=2**70),
        "players": JSON,
        "teams": JSON,
        "invitee": JSON,
        "confirm": JSON,
    },
)
BAD = [
    b"",
    b"not json",
    b"[]",
    b"null",
    b'{"text": "7H C4\\u0000", "version": 0}',
    b'{"text": "7H\x00C4", "version": 0}',
    b'{"version": 99999999999999999999999999999}',
    b'{"version": 1e400}',
    b'{"text": "' + b"x" * 1_000_000 + b'", "version": 0}',
    b"{" * 10_000,
    '{"text": "\ud800", "version": 0}'.encode("utf-8", "surrogatepass"),
    b'{"text": "draw", "version": true}',  # JSON types only: no bool, float or string for a number
    b'{"text": "draw", "version": 0.0}',
    b'{"text": "draw", "version": " 0"}',
    b'{"text": "draw", "version": 0, "expected": 1}',  # a field the door does not read
    b'{"players": 2, "teams": 2, "rated": 0}',
    b'{"players": "2", "teams": 2}',
]


def paths(game_id):
    return [
        f"/games/{game_id}/actions",
        f"/games/{game_id}/resign",
        f"/games/{game_id}/chat",
        f"/games/{game_id}/invitations",
        "/games",
        f"/games/{2**80}/actions",
    ]


@pytest.fixture
def one_game(api, started_game):
    game, users = started_game(2, 2)
    return game, api(users[0])


@pytest.mark.parametrize("body", BAD, ids=range(len(BAD)))
def test_broken_bodies(api, started_game, client, body):
    game, users = started_game(2, 2)
    call = api(users[0])
    for path in paths(game.pk):
        response = client.post(
            f"/api/v1{path}", body, content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {call.secret}"
        )
        assert response.status_code < 500, (path, response.status_code, response.content[:200])
        if path.endswith("/resign") and response.status_code == 200:  # read as no confirmation: one is offered
            assert "confirm" in response.json()
        else:
            assert response.status_code >= 400 and response.json()["code"], (path, response.content[:200])
    assert not Move.objects.filter(game=game).exists()


@pytest.mark.parametrize(
    "content_type",
    [
        "multipart/form-data; boundary=xyz",
        "multipart/form-data",
        "application/x-www-form-urlencoded",
        "text/plain",
        "application/xml",
    ],
)
def test_a_body_that_is_not_json_is_refused_as_json(api, started_game, client, caplog, content_type):
    """Only JSON belongs to this door: a form (even one with a NUL) is read by nobody."""
    game, users = started_game(2, 2, seed=3)
    headers = {"HTTP_AUTHORIZATION": f"Bearer {api(users[0]).secret}"}
    for text in [b"7H C4", b"7H\x00C4"]:
        body = b'--xyz\r\nContent-Disposition: form-data; name="text"\r\n\r\n' + text + b"\r\n--xyz--\r\n"
        for path in paths(game.pk):
            response = client.post(f"/api/v1{path}", body, content_type=content_type, **headers)
            assert 400 <= response.status_code < 500 and response.json()["code"], (path, response.content[:200])
    assert not [record for record in caplog.records if record.exc_info]
    assert not Move.objects.filter(game=game).exists()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=FIELDS)
def test_any_json_body(one_game, body):
    # One game for every example (hypothesis runs them inside one test): a body that
    # happens to be a legal move may play it, which is fine; none may answer 5xx.
    game, call = one_game
    for path in paths(game.pk):
        response = call("POST", path, body)
        assert response.status_code < 500, (path, body, response.content[:200])


def test_a_valid_move_still_plays_after_all_that(api, started_game):
    game, users = started_game(2, 2, seed=3)
    response = api(users[0])("POST", f"/games/{game.pk}/actions", {"text": first_play(game, 0), "version": 0})
    assert response.status_code == 200
    assert json.loads(response.content)["game"]["version"] == 1


def test_resign_without_a_body_asks_for_the_confirmation(api, started_game, client):
    game, users = started_game(2, 2)
    headers = {"HTTP_AUTHORIZATION": f"Bearer {api(users[0]).secret}"}
    response = client.post(f"/api/v1/games/{game.pk}/resign", b"", content_type="application/json", **headers)
    assert response.status_code == 200 and response.json()["confirm"]
    assert not Move.objects.filter(game=game).exists()
