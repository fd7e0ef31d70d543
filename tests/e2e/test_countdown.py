"""The page says when a clock runs out; static/js/countdown.js adds how long
is left and keeps it up to date, in the page's language, with nothing blocked
by the Content-Security-Policy (a violation is a console error). Screenshots of
the table at a desktop and a phone width, and of My games (#21)."""

import re

import pytest

from accounts.models import User
from tests.e2e.conftest import WIDTHS, axe_violations, overflow, signed_in

pytestmark = pytest.mark.django_db(transaction=True)


def watched(page) -> list[str]:
    errors = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_the_table_and_my_games_count_down_to_the_deadline(browser, live_server, started_game, screenshot, width):
    game, users = started_game(2, 2, clock_kind="bank")
    context = browser.new_context(viewport=WIDTHS[width])
    signed_in(context, live_server.url, users[game.turn_position])
    page = context.new_page()
    errors = watched(page)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    banner = page.locator(".turn-banner")
    # the bank holds three days: "runs out at <when> (in 3 d 0 h)", in the banner and on the mover's seat
    page.wait_for_selector(".turn-banner .countdown-left")
    assert re.search(r"Your time runs out at .+ UTC \(in 3 d 0 h\)\.", banner.inner_text())
    assert "bank runs out at" in page.locator(".seat.is-turn").inner_text()
    assert "(in 3 d 0 h)" in page.locator(".seat.is-turn").inner_text()
    for left in page.locator(".countdown-left").all():  # never broken inside: "(in 3 d 0" and "h)" on two lines
        assert left.evaluate("e => e.getClientRects().length") == 1
    screenshot(page, f"countdown-table-{width}")
    assert overflow(page) <= 0
    assert axe_violations(page) == []

    page.goto(f"{live_server.url}/")
    page.wait_for_selector(".game-row-time .countdown-left")
    assert re.search(r"Your time runs out at .+ \(in 3 d 0 h\)\.", page.locator(".game-row-time").inner_text())
    screenshot(page, f"countdown-my-games-{width}")
    assert overflow(page) <= 0
    assert errors == []
    context.close()


def test_the_countdown_moves_on_in_the_pages_language(browser, live_server, started_game):
    game, users = started_game(2, 2, turn_seconds=3 * 60)
    User.objects.filter(pk=users[1].pk).update(language="cs")
    context = browser.new_context()
    signed_in(context, live_server.url, users[1])
    page = context.new_page()
    errors = watched(page)
    page.clock.install()  # the page's own clock, to run on without waiting
    page.goto(f"{live_server.url}/games/{game.pk}/")
    left = page.locator(".turn-banner .countdown-left")
    left.wait_for()
    assert left.inner_text() == "(za 3 min)"  # Czech, from the words the server put on the script tag
    page.clock.run_for("01:05")  # past the next update (every 30 s)
    assert left.inner_text() == "(za 2 min)"
    page.clock.run_for("03:00")  # the deadline passed: only when it was is left
    assert left.inner_text() == ""
    assert errors == []
    context.close()
