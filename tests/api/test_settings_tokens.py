"""Tokens on the settings page: made with a name, scopes and an expiry, the
secret shown once (only its hash kept), revoked with a button."""

import pytest
from django.test import Client
from django.urls import reverse

from accounts.api_tokens import digest, token_create
from accounts.models import ApiToken
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_make_use_and_revoke_a_token(client):
    user = UserFactory()
    client.force_login(user)
    form = {"name": "my bot", "scopes": ["games:read", "games:play"], "expires": "30"}
    page = client.post(reverse("api_token_new"), form)
    assert page.status_code == 200 and page["Cache-Control"] == "no-store"
    token = ApiToken.objects.get(user=user)
    secret = page.content.decode().split("<code>")[1].split("</code>")[0]
    assert token.key_hash == digest(secret) and secret not in str(ApiToken.objects.values())
    assert token.scopes == ["games:read", "games:play"] and token.expires_at is not None
    assert secret not in client.get(reverse("account_settings")).content.decode()  # shown once
    client.logout()
    assert client.get("/api/v1/games", HTTP_AUTHORIZATION=f"Bearer {secret}").status_code == 200
    client.force_login(user)
    assert client.post(reverse("api_token_revoke", args=[token.pk])).status_code == 302
    client.logout()
    assert client.get("/api/v1/games", HTTP_AUTHORIZATION=f"Bearer {secret}").json()["code"] == "api_token_revoked"


def test_a_token_needs_a_name_and_a_scope(client):
    client.force_login(UserFactory())
    page = client.post(reverse("api_token_new"), {"name": "", "scopes": []})
    assert page.status_code == 400 and not ApiToken.objects.exists()


def test_nobody_revokes_another_players_token(client, api):
    owner = UserFactory()
    call = api(owner)
    client.force_login(UserFactory())
    client.post(reverse("api_token_revoke", args=[ApiToken.objects.get(user=owner).pk]))
    assert call("GET", "/games").status_code == 200


def test_the_api_needs_no_csrf_token():
    strict = Client(enforce_csrf_checks=True)
    user = UserFactory()
    _, secret = token_create(user=user, name="t", scopes=["games:play"])
    response = strict.post(
        "/api/v1/games",
        {"players": 2, "teams": 2},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {secret}",
    )
    assert response.status_code == 200, response.content
