"""A waiting tab: it asks no later than TABLE_POLL_SECONDS apart (as the
README says), and once the opponent moves its title starts with "(1) Your
turn" (#23 item 2)."""

import re

import pytest
from playwright.sync_api import expect

from games import services
from tests.e2e.conftest import signed_in
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db(transaction=True)

# Every delay the page asks of setTimeout, recorded before its scripts run.
RECORD_DELAYS = """
window.__delays = [];
const original = window.setTimeout;
window.setTimeout = (f, ms, ...rest) => { window.__delays.push(ms); return original(f, ms, ...rest); };
"""


def test_the_poll_waits_no_longer_than_the_setting(browser, live_server, started_game, settings):
    settings.TABLE_POLL_SECONDS = 2
    game, users = started_game(2, 2)
    context = browser.new_context()
    context.add_init_script(RECORD_DELAYS)
    signed_in(context, live_server.url, users[1])
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{game.pk}/")
    with page.expect_response(lambda r: r.url.endswith("/version.json")):
        pass
    with page.expect_response(lambda r: r.url.endswith("/version.json")):
        pass
    delays = page.evaluate("window.__delays")
    assert len(delays) >= 2 and max(delays) <= 2000
    context.close()


def test_the_title_says_your_turn_once_the_opponent_moves(browser, live_server, started_game, settings):
    settings.TABLE_POLL_SECONDS = 1
    game, users = started_game(2, 2)
    context = browser.new_context()
    signed_in(context, live_server.url, users[1])
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{game.pk}/")
    assert page.title().startswith(f"Game {game.pk} ·")
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    expect(page).to_have_title(re.compile(r"^\(1\) Your turn"), timeout=10_000)
    assert page.title().startswith(f"(1) Your turn · Game {game.pk} ·")
    assert page.locator(".site-header .move-count:visible").inner_text().startswith("1")
    context.close()
