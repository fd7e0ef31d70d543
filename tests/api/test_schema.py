"""The OpenAPI schema is valid, and every operation in it answers, for a
player of a game, with a status the schema or the refusals allow (never a 500)."""

import jsonschema
import pytest
from openapi_spec_validator import validate

from accounts.models import ApiToken
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

BODIES = {
    ("post", "/api/v1/games"): {"players": 2, "teams": 2},
    ("post", "/api/v1/games/{game_id}/actions"): {"text": "resign", "version": 0},
    ("post", "/api/v1/games/{game_id}/resign"): {},
    ("post", "/api/v1/games/{game_id}/invitations"): {"invitee": "nobody-here"},
    ("post", "/api/v1/games/{game_id}/chat"): {"text": "hello"},
}


def test_the_schema_is_valid_openapi(client):
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    validate(response.json())


def test_the_docs_page_loads_its_scripts_from_the_site(client):
    page = client.get("/api/v1/docs").content.decode()
    assert "cdn" not in page.lower() and "<script src=" in page
    assert "<script>" not in page  # CSP: no inline script (the settings are a JSON data block)


def test_every_operation_answers_as_documented(api, started_game, client):
    game, users = started_game(2, 2)
    call = api(users[0])
    UserFactory(username="nobody-here")
    schema = client.get("/api/v1/openapi.json").json()
    walked = 0
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            assert operation.get("security"), (method, path)  # every operation needs a token
            url = path.replace("{game_id}", str(game.pk)).removeprefix("/api/v1")
            response = call(method.upper(), url, BODIES.get((method, path)))
            assert str(response.status_code) in operation["responses"], (method, path, response.content)
            if response.status_code != 200:
                assert set(response.json()) == {"status", "code", "params", "message"}
            walked += 1
    assert walked == 16
    assert client.get("/api/v1/games").status_code == 401  # the walk with a token; without one, refused


def test_scopes_are_the_documented_ones():
    assert ApiToken.SCOPES == ("games:read", "games:play", "chat:write")


@pytest.mark.parametrize(
    ("body", "fits"),
    [
        ({"version": 3}, False),
        ({"text": None, "version": 3}, False),
        ({"text": "7H C4", "version": 3}, True),
        ({"action": {"kind": "play", "text": "7H C4"}, "version": 3}, True),
    ],
)
def test_the_schema_says_a_move_needs_its_text_or_its_action(client, body, fits):
    schema = client.get("/api/v1/openapi.json").json()
    move = {"$ref": "#/components/schemas/MoveIn", "components": schema["components"]}
    assert jsonschema.Draft202012Validator(move).is_valid(body) is fits
