"""Every page carries a Content-Security-Policy, a Permissions-Policy and a
Referrer-Policy, and holds nothing the policy would block."""

import re

import pytest
from django.http import HttpResponse
from django.template import engines
from django.test import Client
from django.urls import path, reverse

from games import services
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

POLICY = {
    "default-src": {"'self'"},
    "script-src": {"'self'"},
    "style-src": {"'self'"},
    "img-src": {"'self'"},
    "object-src": {"'none'"},
    "base-uri": {"'none'"},
    "frame-ancestors": {"'none'"},
    "form-action": {"'self'"},
}
SCRIPT = re.compile(r"<script\b([^>]*)>", re.IGNORECASE)


def directives(header: str) -> dict[str, set[str]]:
    parsed = {}
    for directive in filter(None, (part.strip() for part in header.split(";"))):
        name, *sources = directive.split()
        parsed[name] = set(sources)
    return parsed


def assert_protected(response, *, status=200):
    assert response.status_code == status, response.content[:300]
    policy = directives(response["Content-Security-Policy"])
    nonces = {s.removeprefix("'nonce-").removesuffix("'") for s in policy["script-src"] if s.startswith("'nonce-")}
    policy["script-src"] -= {f"'nonce-{nonce}'" for nonce in nonces}
    assert policy == POLICY
    assert response["Referrer-Policy"] == "same-origin"
    features = dict(part.strip().split("=") for part in response["Permissions-Policy"].split(","))
    for feature in ("camera", "microphone", "geolocation", "payment", "usb", "browsing-topics"):
        assert features[feature] == "()"
    html = response.content.decode()
    for attributes in SCRIPT.findall(html):
        # A script element runs if it comes from the site or carries this response's nonce;
        # a JSON data block (allauth's) does not run at all.
        if "src=" in attributes or 'type="application/json"' in attributes:
            continue
        nonce = re.search(r'nonce="([^"]+)"', attributes)
        assert nonce and nonce.group(1) in nonces, f"<script{attributes}> lacks this response's nonce"
    assert not re.search(r"\sstyle=", html), "a style attribute: style-src would block it"
    assert not re.search(r"<style\b", html), "an inline style sheet: style-src would block it"
    assert not re.search(r"\son[a-z]+=", html), "an inline event handler: script-src would block it"


@pytest.fixture
def player_and_games(started_game):
    table, users = started_game(2, 2)
    forming = services.game_create(creator=users[0], players=2, teams=2)
    client = Client()
    client.force_login(users[0])
    return client, table, forming


def test_public_pages(client):
    assert_protected(client.get("/"))
    assert_protected(client.get(reverse("open_games")))
    assert_protected(client.get(reverse("account_login")))
    assert_protected(client.get(reverse("account_signup")))
    assert_protected(client.get(reverse("account_reset_password")))
    assert_protected(client.get("/no-such-page/"), status=404)


def test_the_pages_of_a_player(player_and_games):
    client, table, forming = player_and_games
    for url in (
        "/",
        reverse("game", args=[table.pk]),
        reverse("game", args=[table.pk]) + f"?card={table.seats.get(position=0).hand.cards[0]}",
        reverse("game_resign", args=[table.pk]),
        reverse("game_replay", args=[table.pk]),
        reverse("game", args=[forming.pk]),
        reverse("game_new"),
        reverse("account_settings"),
        reverse("account_email"),
        reverse("account_change_password"),
    ):
        assert_protected(client.get(url))
    assert_protected(client.post(reverse("game_move", args=[table.pk]), {"move": "pass", "version": 99}), status=409)


def test_the_admin(player_and_games):
    _, table, _ = player_and_games
    client = Client()
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    for url in (
        reverse("admin:index"),
        reverse("admin:games_game_changelist"),
        reverse("admin:games_game_change", args=[table.pk]),
        reverse("admin:accounts_user_changelist"),
        reverse("admin:accounts_user_add"),
    ):
        assert_protected(client.get(url))


def test_health_and_refusals_carry_the_headers_too(client):
    response = client.get(reverse("healthz"))
    assert response.status_code in (200, 503) and response["Content-Security-Policy"]
    assert client.get("/players/%00/")["Content-Security-Policy"]


def inline_script(request):
    page = '<!DOCTYPE html><title>Inline</title><script nonce="{{ request.csp_nonce }}">1</script>'
    return HttpResponse(engines["django"].from_string(page).render({}, request))


urlpatterns = [path("inline/", inline_script)]


@pytest.mark.urls(__name__)
def test_an_inline_script_runs_with_the_nonce_of_its_response(client):
    response = client.get("/inline/")
    assert_protected(response)
    nonce = re.search(r'<script nonce="([^"]+)">1</script>', response.content.decode()).group(1)
    assert f"'nonce-{nonce}'" in response["Content-Security-Policy"]
    assert nonce not in client.get("/inline/")["Content-Security-Policy"]  # a new one every time
