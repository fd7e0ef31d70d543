"""The replay: its first and last links draw their marks (no glyph a font may
lack), and the arrow keys step through the game (#23 item 7)."""

import re

import pytest
from playwright.sync_api import expect

from games import services
from tests.e2e.conftest import axe_violations, signed_in
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_arrow_keys_step_through_the_replay(browser, live_server, started_game, screenshot):
    game, users = started_game(2, 2, is_public=True)
    for seat in range(2):
        services.move_submit(game_id=game.pk, user=users[seat], move=first_play(game, seat), expected_version=seat)
    context = browser.new_context()
    signed_in(context, live_server.url, users[0])
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{game.pk}/replay/?at=0")
    nav = page.locator("#replay-nav")
    assert "⏮" not in nav.inner_text() and "⏭" not in nav.inner_text()
    for rel in ("first", "last"):
        box = nav.locator(f'a[rel="{rel}"] svg').bounding_box()
        assert box["width"] > 4 and box["height"] > 4
    screenshot(page, "replay-desktop")
    assert axe_violations(page) == []
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile(r"at=1$"))
    page.keyboard.press("End")
    expect(page).to_have_url(re.compile(r"at=2$"))
    page.keyboard.press("ArrowLeft")
    expect(page).to_have_url(re.compile(r"at=1$"))
    context.close()
