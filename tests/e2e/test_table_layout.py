"""The table in Chromium at a desktop and a phone width: the chat beside the
board (visible without scrolling past the history) on a desktop and under the
hand on a phone, a long word wrapped, a paused game saying so on the table
and in My games; no horizontal overflow and no axe-core violation (#23 items 1, 3)."""

import pytest

from games import services
from tests.e2e.conftest import WIDTHS, axe_violations, overflow, signed_in
from tests.factories import UserFactory
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db(transaction=True)

LONG = "https://example.org/" + "a-very-long-path-without-any-break" * 4


def a_game_with_chat(started_game, players=2, teams=2):
    game, users = started_game(players, teams)
    for n in range(12):
        services.chat_post(game_id=game.pk, user=users[n % 2], text=f"message {n}")
    for seat in range(players):  # a few moves, for a history
        services.move_submit(game_id=game.pk, user=users[seat], move=first_play(game, seat), expected_version=seat)
    services.chat_post(game_id=game.pk, user=users[1], text=LONG)  # new to seat 0, since its move
    return game, users


@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_the_chat_has_its_place(browser, live_server, started_game, screenshot, width, settings):
    settings.CHAT_MESSAGES_PER_MINUTE = 100
    game, users = a_game_with_chat(started_game)
    context = browser.new_context(viewport=WIDTHS[width])
    signed_in(context, live_server.url, users[0])
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{game.pk}/")
    screenshot(page, f"table-chat-{width}")
    chat = page.locator("#chat").bounding_box()
    history = page.locator(".history").bounding_box()
    hand = page.locator("#hand").bounding_box()
    if width == "desktop":
        board = page.locator(".board").bounding_box()
        assert chat["y"] < WIDTHS[width]["height"]  # in view as the page opens
        assert chat["x"] > board["x"] + board["width"]  # beside the board
        assert chat["y"] < history["y"]
    else:
        assert hand["y"] < chat["y"] < history["y"]
        summary = page.locator(".chat-fold > summary")
        assert "new since your last move" in summary.inner_text()  # folded under the hand, saying how many
        assert not page.locator(".chat-list").is_visible()
        summary.click()  # a tap opens it
    newest = page.locator(".chat-list li").last
    assert LONG in newest.inner_text()
    assert newest.is_visible()  # the box opens at its end
    assert overflow(page) <= 0
    assert axe_violations(page) == []
    page.fill("#chat-text", "Sent just now")
    page.click("#chat form.wide-form button[type=submit]")
    assert page.url.endswith("#chat")
    newest = page.locator(".chat-list li").last
    assert newest.is_visible() and "Sent just now" in newest.inner_text()  # on a phone too: the chat opens
    context.close()


@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_a_paused_game_says_paused(browser, live_server, started_game, screenshot, width):
    game, users = started_game(2, 2)
    # A superuser moderates (the Moderators group's migration is flushed between these tests).
    services.game_pause(game_id=game.pk, moderator=UserFactory(is_staff=True, is_superuser=True), reason="a dispute")
    context = browser.new_context(viewport=WIDTHS[width])
    signed_in(context, live_server.url, users[0])
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{game.pk}/")
    screenshot(page, f"table-paused-{width}")
    banner = page.inner_text(".turn-banner")
    assert "Paused" in banner and "Your turn" not in banner
    assert page.locator("a.hand-card").count() == 0
    assert axe_violations(page) == []
    page.goto(f"{live_server.url}/")
    screenshot(page, f"my-games-paused-{width}")
    assert "Paused" in page.inner_text(f".game-row:has(a[href='/games/{game.pk}/'])")
    assert overflow(page) <= 0
    assert axe_violations(page) == []
    context.close()


# A cell as a finished sequence marks it, beside one "where my cards go" marks: their backgrounds.
BACKGROUNDS = """() => {
  const goes = document.querySelector('.cell.goes');
  const probe = goes.cloneNode(true);
  probe.classList.remove('goes'); probe.classList.add('in-sequence');
  goes.parentNode.appendChild(probe);
  const colours = [getComputedStyle(goes).backgroundColor, getComputedStyle(probe).backgroundColor];
  probe.remove();
  return colours;
}"""


def test_where_my_cards_go_is_not_the_colour_of_a_sequence(browser, live_server, started_game):
    game, users = started_game(2, 2)
    context = browser.new_context(viewport=WIDTHS["phone"])
    signed_in(context, live_server.url, users[0])
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{game.pk}/?show=all")
    goes, sequence = page.evaluate(BACKGROUNDS)
    assert goes != sequence
    context.close()


def test_on_a_desktop_the_chat_follows_the_hand_whatever_the_boards_height(browser, live_server, started_game):
    game, users = started_game(2, 2)  # no message yet: the hand and the chat together are shorter than the board
    context = browser.new_context(viewport=WIDTHS["desktop"])
    signed_in(context, live_server.url, users[0])
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{game.pk}/")
    hand, chat = page.locator("#hand").bounding_box(), page.locator("#chat").bounding_box()
    board = page.locator(".board-area").bounding_box()
    assert hand["height"] + chat["height"] < board["height"]
    assert chat["y"] - (hand["y"] + hand["height"]) == pytest.approx(16, abs=1)  # the grid's gap, no more
    context.close()
