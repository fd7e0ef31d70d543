"""Every answer under the API's address is JSON with a refusal's code: an
address that is not there (404), a method an address does not take (405,
with its Allow header), a game id that is not a plain number."""

import pytest

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "path", ["/nope", "/games/1/", "/games/1.0", "/games/%D9%A3", "/games/1/moves/extra", "/", "/games/%0A1/chat"]
)
def test_an_address_that_is_not_there_is_a_json_404(api, client, path):
    call = api(UserFactory())
    response = client.get(f"/api/v1{path}", HTTP_AUTHORIZATION=f"Bearer {call.secret}")
    assert response.status_code == 404 and response["Content-Type"].startswith("application/json")
    assert response.json()["code"] == "api_not_found"


@pytest.mark.parametrize("method", ["put", "delete", "patch", "options", "get"])
def test_a_method_the_address_does_not_take_is_a_json_405(api, started_game, client, method):
    game, users = started_game(2, 2)
    call = api(users[0])
    response = getattr(client, method)(f"/api/v1/games/{game.pk}/actions", HTTP_AUTHORIZATION=f"Bearer {call.secret}")
    assert response.status_code == 405 and response["Allow"] == "POST"
    body = response.json()
    assert body["code"] == "api_method_not_allowed" and method.upper() in body["message"]
    assert game.moves.count() == 0
