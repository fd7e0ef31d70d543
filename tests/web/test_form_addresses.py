"""A form's address opened as a page gets a page that says what it is, in
the reader's language, with the 405 and its Allow header kept; the JSON API
keeps its own answer."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_a_move_address_opened_as_a_page_says_so(client, started_game):
    game, users = started_game(2, 2)
    client.force_login(users[0])
    response = client.get(reverse("game_move", args=[game.pk]), HTTP_ACCEPT="text/html,*/*;q=0.8")
    assert response.status_code == 405 and response["Allow"] == "POST"
    page = response.content.decode()
    assert "This address is where a form is sent, not a page to open. Nothing was changed." in page
    assert 'class="site-header"' in page  # the site's own page, with its header


def test_in_the_readers_language(client, started_game):
    game, users = started_game(2, 2)
    users[0].language = "it"
    users[0].save()
    client.force_login(users[0])
    page = client.get(reverse("game_move", args=[game.pk]), HTTP_ACCEPT="text/html").content.decode()
    assert "<h1>Qui non c'è nulla da mostrare</h1>" in page


def test_the_api_keeps_its_own_answer(client):
    response = client.get("/api/v1/games/1/actions")
    assert response.status_code == 405 and "site-header" not in response.content.decode()


def test_a_program_asking_for_anything_gets_the_plain_answer(client, started_game):
    game, users = started_game(2, 2)
    client.force_login(users[0])
    response = client.get(reverse("game_move", args=[game.pk]), HTTP_ACCEPT="*/*")
    assert response.status_code == 405 and response.content == b"" and not response.templates


def test_a_page_that_takes_get_alone_asked_with_head_is_no_form(client):
    response = client.head(reverse("leaderboard"), HTTP_ACCEPT="text/html")
    assert response.status_code == 405 and response["Allow"] == "GET"
    assert "405.html" not in [template.name for template in response.templates]
