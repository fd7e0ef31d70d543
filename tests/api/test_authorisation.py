"""Each way a request may not be allowed, refused with its own code and status."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import ApiToken
from games import services
from tests.factories import ModeratorFactory, UserFactory

pytestmark = pytest.mark.django_db


def refused(response, status, code):
    assert response.status_code == status, response.content
    body = response.json()
    assert body["status"] == status and body["code"] == code and body["message"]
    return body


def test_no_token_or_an_unknown_one(client):
    refused(client.get("/api/v1/games"), 401, "api_token_missing")
    assert client.get("/api/v1/games")["WWW-Authenticate"].startswith("Bearer")
    refused(client.get("/api/v1/games", HTTP_AUTHORIZATION="Basic abc"), 401, "api_token_missing")
    refused(client.get("/api/v1/games", HTTP_AUTHORIZATION="Bearer seq_nothing"), 401, "api_token_unknown")


def test_a_session_is_not_a_token(client):
    client.force_login(UserFactory())
    refused(client.get("/api/v1/games"), 401, "api_token_missing")
    refused(
        client.post("/api/v1/games", {"players": 2, "teams": 2}, content_type="application/json"),
        401,
        "api_token_missing",
    )


def test_revoked_and_expired_tokens(api):
    user = UserFactory()
    revoked = api(user)
    ApiToken.objects.filter(user=user).update(revoked_at=timezone.now())
    refused(revoked("GET", "/games"), 401, "api_token_revoked")
    expired = api(user, expires_at=timezone.now() - timedelta(seconds=1))
    refused(expired("GET", "/games"), 401, "api_token_expired")
    assert api(user, expires_at=timezone.now() + timedelta(days=1))("GET", "/games").status_code == 200


def test_wrong_scope(api, started_game):
    game, users = started_game(2, 2)
    reader = api(users[0], scopes=["games:read"])
    assert reader("GET", f"/games/{game.pk}").status_code == 200
    body = refused(
        reader("POST", f"/games/{game.pk}/actions", {"text": "resign", "version": game.version}),
        403,
        "api_scope_missing",
    )
    assert body["params"] == {"scope": "games:play"}
    refused(reader("POST", f"/games/{game.pk}/chat", {"text": "hi"}), 403, "api_scope_missing")
    refused(api(users[0], scopes=["chat:write"])("GET", "/games"), 403, "api_scope_missing")


def test_another_players_game(api, started_game):
    game, _users = started_game(2, 2)  # private
    stranger = api(UserFactory())
    refused(stranger("GET", f"/games/{game.pk}"), 404, "no_such_game")
    refused(
        stranger("POST", f"/games/{game.pk}/actions", {"text": "resign", "version": game.version}), 404, "no_such_game"
    )
    public, _ = started_game(2, 2, is_public=True)
    assert stranger("GET", f"/games/{public.pk}").status_code == 200  # a spectator
    refused(
        stranger("POST", f"/games/{public.pk}/actions", {"text": "resign", "version": public.version}),
        403,
        "not_a_player",
    )


def test_a_suspended_players_tokens(api, started_game):
    _game, users = started_game(2, 2)
    call = api(users[0])
    services.player_suspend(user_id=users[0].pk, moderator=ModeratorFactory(), reason="spam", days=None)
    refused(call("GET", "/games"), 403, "suspended")


def test_the_message_is_in_the_owners_language(api):
    user = UserFactory(language="cs")
    body = refused(
        api(user, scopes=["games:read"])("POST", "/games", {"players": 2, "teams": 2}), 403, "api_scope_missing"
    )
    assert "games:play" in body["message"] and "This access token" not in body["message"]


def test_rate_limit_answers_429_with_retry_after(api, settings):
    settings.API_REQUESTS_PER_MINUTE = 3
    call = api(UserFactory())
    assert [call("GET", "/games").status_code for _ in range(3)] == [200] * 3
    response = call("GET", "/games")
    refused(response, 429, "api_rate_limited")
    assert int(response["Retry-After"]) >= 1


def test_the_chats_limit_answers_429_with_retry_after_too(api, started_game, settings):
    settings.CHAT_MESSAGES_PER_MINUTE = 2
    game, users = started_game(2, 2)
    call = api(users[0])
    assert [call("POST", f"/games/{game.pk}/chat", {"text": "hi"}).status_code for _ in range(2)] == [200] * 2
    response = call("POST", f"/games/{game.pk}/chat", {"text": "hi"})
    refused(response, 429, "chat_rate_limited")
    assert 1 <= int(response["Retry-After"]) <= 60


def test_the_token_never_reaches_the_logs(api, caplog, started_game):
    game, users = started_game(2, 2)
    call = api(users[0])
    with caplog.at_level("DEBUG"):
        call("GET", f"/games/{game.pk}")
        call("GET", "/games/999999")
        call("POST", f"/games/{game.pk}/actions", {"text": "nonsense!", "version": 0})
    assert call.secret not in caplog.text


def test_a_game_the_caller_may_not_see_is_no_game_whatever_is_asked_of_it(api, started_game):
    """As on the web: a private game answers 404 to a stranger, never a
    refusal about it (private, not a player, its status) that says it exists."""
    host = UserFactory()
    forming = services.game_create(creator=host, players=4, teams=2)
    playing, _users = started_game(2, 2)
    stranger = api(UserFactory())
    for game in (forming, playing):
        for method, path, body in [
            ("POST", f"/games/{game.pk}/join", None),
            ("POST", f"/games/{game.pk}/resign/decline", None),
            ("POST", f"/games/{game.pk}/invitations", {"invitee": "someone@example.org"}),
            ("POST", f"/games/{game.pk}/chat", {"text": "hello"}),
            ("POST", f"/games/{game.pk}/actions", {"text": "draw", "version": 0}),
            ("POST", f"/games/{game.pk}/resign", {}),
            ("GET", f"/games/{game.pk}", None),
        ]:
            refused(stranger(method, path, body), 404, "no_such_game")
    public = services.game_create(creator=host, players=2, teams=2, is_public=True)
    assert stranger("POST", f"/games/{public.pk}/join").status_code == 200
