"""Refusals on the web: one mapping (games.web.refused) turns every refusal
into the page with its message and status, or a 404; and a form whose CSRF
token is missing gets the site's own page, which the CSP lets through."""

import pytest
from django.test import Client
from django.urls import reverse

from games import refusals, services
from games.models import Game
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_a_refusal_as_data_for_any_door():
    payload = refusals.STALE_VERSION().as_dict()
    assert payload["status"] == 409 and payload["code"] == "stale_version"
    assert payload["message"] == "The game has moved on since you looked at it: look at it again before you choose."
    assert set(payload) == {"status", "code", "params", "message"}


def test_a_refusal_shows_the_fresh_table_with_its_status(client, started_game):
    game, users = started_game(2, 2)
    client.force_login(users[0])
    response = client.get(reverse("game_draw", args=[game.pk]))
    assert response.status_code == 409 and "You have no draw to take" in response.content.decode()  # the state now
    assert "Your hand" in response.content.decode()  # the table, built afresh
    client.force_login(UserFactory())
    assert client.get(reverse("game_resign", args=[game.pk])).status_code == 404  # hidden: as if it never existed


def test_a_refusal_on_a_forming_game_shows_the_forming_page(client):
    host, guest = UserFactory.create_batch(2)
    game = services.game_create(creator=host, players=2, teams=2, is_public=True)
    client.force_login(guest)
    response = client.post(reverse("game_start", args=[game.pk]))
    assert response.status_code == 403 and "players can start it" in response.content.decode()
    assert "Join this game" in response.content.decode()  # the forming page, built afresh
    assert Game.objects.get().status == Game.Status.FORMING


def test_a_form_sent_without_its_csrf_token_gets_the_sites_own_page():
    client = Client(enforce_csrf_checks=True)
    client.force_login(UserFactory())
    response = client.post(reverse("game_new"), {"players": "2", "teams": "2"})
    assert response.status_code == 403
    page = response.content.decode()
    assert "This form has expired" in page and "Reload the page and try again" in page
    assert "<style" not in page and "style=" not in page and "css/site.css" in page
    assert not Game.objects.exists()
