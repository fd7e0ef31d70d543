"""Pages that tell the truth: a game's pages are never cached (the back button
never shows a stale table that looks playable), a visitor may watch a public
game, and a waiting table asks a cheap endpoint whether it moved on instead of
refreshing itself blindly."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import services
from tests.factories import UserFactory
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db

TEMPLATES = Path(settings.BASE_DIR) / "templates"
SCRIPT = "js/table-poll.js"


def no_store(response) -> bool:
    return "no-store" in response.get("Cache-Control", "")


def test_every_page_of_a_game_is_never_stored(client, started_game):
    game, users = started_game(2, 2, draw_mode="tabletop")
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    forming = services.game_create(creator=users[0], players=2, teams=2)
    client.force_login(users[0])
    pages = [
        reverse("game", args=[game.pk]),
        reverse("game", args=[forming.pk]),
        reverse("game_resign", args=[game.pk]),
        reverse("game_draw", args=[game.pk]),
        reverse("game_replay", args=[game.pk]),
        reverse("game_version", args=[game.pk]),
    ]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        assert no_store(response), url
    refused = client.post(reverse("game_move", args=[game.pk]), {"move": "pass", "version": 99})
    assert refused.status_code == 409 and no_store(refused)


def test_a_visitor_watches_a_public_game_but_never_a_private_one(client, started_game):
    public, _ = started_game(2, 2, is_public=True)
    private, _ = started_game(2, 2)
    response = client.get(reverse("game", args=[public.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    assert "You are watching" in page and reverse("account_signup") in page
    main = page.split("<main", 1)[1].split("</main>", 1)[0]  # the footer holds the language switcher
    assert "?card=" not in page and 'name="move"' not in page and "<form" not in main
    for hidden in (reverse("game", args=[private.pk]), reverse("game_replay", args=[private.pk])):
        response = client.get(hidden)  # nothing of it shown: sign in first, as for a game that does not exist
        assert response.status_code == 302 and response["Location"].startswith(reverse("account_login"))


def test_the_lobby_links_to_public_games_in_play(client, started_game):
    public, _ = started_game(2, 2, is_public=True)
    private, _ = started_game(2, 2)
    link = 'href="{}"'
    for url in ("/", reverse("open_games")):
        page = client.get(url).content.decode()
        assert link.format(reverse("game", args=[public.pk])) in page, url
        assert link.format(reverse("game", args=[private.pk])) not in page, url


def version_of(client, game_id):
    with CaptureQueriesContext(connection) as captured:
        response = client.get(reverse("game_version", args=[game_id]))
    return response, len(captured)


def test_the_version_endpoint_answers_who_may_see_the_game_cheaply(client, started_game):
    public, _ = started_game(2, 2, is_public=True)
    private, private_users = started_game(2, 2)

    response, queries = version_of(client, public.pk)  # a visitor
    assert response.status_code == 200 and queries <= 2
    assert response["Content-Type"] == "application/json" and no_store(response)
    assert response.json() == {"revision": public.revision, "version": 0, "status": "active"}
    assert version_of(client, private.pk)[0].status_code == 404
    assert version_of(client, 99999999)[0].status_code == 404

    client.force_login(private_users[1])
    services.move_submit(game_id=private.pk, user=private_users[0], move=first_play(private, 0), expected_version=0)
    response, queries = version_of(client, private.pk)
    # A signed-in request costs its session and its user; the endpoint itself one
    # more, and one to stamp the player's seat as at the table (turn e-mail grace).
    private.refresh_from_db()
    assert response.json() == {"revision": private.revision, "version": 1, "status": "active"} and queries <= 4
    client.force_login(UserFactory())
    assert version_of(client, private.pk)[0].status_code == 404
    assert client.post(reverse("game_version", args=[public.pk])).status_code == 405


def test_no_template_refreshes_itself():
    offenders = [
        str(path.relative_to(TEMPLATES))
        for path in TEMPLATES.rglob("*.html")
        if re.search(r"http-equiv\s*=\s*[\"']?refresh", path.read_text(), re.IGNORECASE)
    ]
    assert offenders == []


def test_the_poll_script_exists_and_loads_only_while_the_table_waits_for_others(client, started_game, settings):
    assert (Path(settings.BASE_DIR) / "static" / SCRIPT).is_file()
    settings.TABLE_POLL_SECONDS = 7
    game, users = started_game(2, 2, is_public=True)
    url = reverse("game", args=[game.pk])
    script = re.compile(r'<script src="[^"]*/' + re.escape(SCRIPT) + r'" defer></script>')

    client.force_login(users[0])  # to play: nothing to wait for
    mine = client.get(url).content.decode()
    assert not script.search(mine) and "data-poll-seconds" not in mine

    for viewer in (users[1], UserFactory(), None):  # the other player, a spectator, a visitor
        client.logout()
        if viewer:
            client.force_login(viewer)
        page = client.get(url).content.decode()
        assert len(script.findall(page)) == 1
        assert 'data-poll-seconds="7"' in page and f'data-revision="{game.revision}"' in page
        assert f'data-version-url="{reverse("game_version", args=[game.pk])}"' in page
        refresh = re.search(r'<a href="([^"]+)"[^>]*>Refresh</a>', page).group(1)
        answer = client.get(refresh)  # the link loads the table anew, at its #table
        assert answer.status_code == 303 and answer["Location"] == f"{url}#table"

    services.move_submit(game_id=game.pk, user=users[0], move="resign", expected_version=0)
    assert not script.search(client.get(url).content.decode())  # over: nothing more will happen
    assert not script.search(client.get(reverse("game_replay", args=[game.pk])).content.decode())
    assert not script.search(client.get("/").content.decode())
