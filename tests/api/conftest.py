import pytest

from accounts.api_tokens import token_create
from accounts.models import ApiToken


@pytest.fixture
def api(client):
    """api(user, scopes=…) -> a function making requests with a new token of that user."""

    def make(user, scopes=ApiToken.SCOPES, **token):
        _, secret = token_create(user=user, name="test", scopes=list(scopes), **token)
        auth = {"HTTP_AUTHORIZATION": f"Bearer {secret}"}

        def call(method, path, body=None, **headers):
            send = getattr(client, method.lower())
            if body is None:
                return send(f"/api/v1{path}", **auth, **headers)
            return send(f"/api/v1{path}", body, content_type="application/json", **auth, **headers)

        call.secret = secret
        return call

    return make


@pytest.fixture(autouse=True)
def _no_rate_limit_in_play(settings):
    """Whole games make more requests than a minute's allowance; the limit has its own test."""
    settings.API_REQUESTS_PER_MINUTE = 1_000_000
