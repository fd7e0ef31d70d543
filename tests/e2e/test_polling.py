"""A player waiting for the opponent leaves the tab open; when the opponent
moves, the table reloads by itself, and nothing on the way is blocked by the
Content-Security-Policy (a violation is a console error)."""

import pytest

from games import services
from tests.e2e.test_play_a_game import log_in
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_waiting_players_table_reloads_when_the_opponent_moves(browser, live_server, started_game, settings):
    settings.TABLE_POLL_SECONDS = 1
    game, users = started_game(2, 2)
    context = browser.new_context()
    page = context.new_page()
    errors = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("pageerror", lambda error: errors.append(str(error)))
    requests = []
    page.on("request", lambda request: requests.append(request.url))

    log_in(page, live_server.url, users[1].username)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    assert "is to play" in page.inner_text(".turn-banner")
    assert page.locator("a", has_text="Refresh").is_visible()  # the way without JavaScript
    page.wait_for_timeout(2500)  # a poll or two: the version has not changed, no reload
    assert any(url.endswith(f"/games/{game.pk}/version.json") for url in requests)
    assert "is to play" in page.inner_text(".turn-banner")

    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    page.wait_for_selector("text=Your turn.", timeout=10_000)
    assert page.locator("a.hand-card").count() == 7
    assert errors == []
    context.close()


def test_an_answer_within_seconds_is_seen_within_seconds(browser, live_server, started_game, settings):
    settings.TABLE_POLL_SECONDS = 60  # the slowest a waiting table asks; at first it asks much sooner
    game, users = started_game(2, 2)
    context = browser.new_context()
    page = context.new_page()
    requests = []
    page.on("request", lambda request: request.url.endswith("/version.json") and requests.append(request.url))
    log_in(page, live_server.url, users[1].username)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_timeout(1000)
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    page.wait_for_selector("text=Your turn.", timeout=8_000)
    assert 1 <= len(requests) <= 3
    context.close()


def test_without_javascript_refresh_loads_the_table_anew(browser, live_server, started_game):
    game, users = started_game(2, 2)
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    log_in(page, live_server.url, users[1].username)
    page.goto(f"{live_server.url}/games/{game.pk}/#table")
    assert "is to play" in page.inner_text(".turn-banner")
    page.click("a:has-text('Refresh')")
    assert "is to play" in page.inner_text(".turn-banner")  # nothing changed: the same table
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    page.click("a:has-text('Refresh')")  # twice from the same page: each click loads it anew
    assert "Your turn." in page.inner_text(".turn-banner")
    assert page.url.endswith(f"/games/{game.pk}/#table")
    context.close()
