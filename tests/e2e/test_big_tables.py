"""Big tables in Chromium (#33): a game of 12 in 3 teams at the tabletop and
one of 6 in 3 teams with automatic draws, at a desktop and a phone size, as
the player to move, a partner and a spectator: the last play is marked
though a draw came after it, the news has one entry per other player, a
team chip stands before every name, the seats fit 400 px on a desktop, and
on a phone the board and the hand are both in the first screen."""

import pytest

from tests.e2e.conftest import WIDTHS, axe_violations, overflow, signed_in

pytestmark = pytest.mark.django_db(transaction=True)

TABLES = {"twelve": (12, 3, "tabletop"), "six": (6, 3, "automatic")}


def _open(browser, live_server, width, user, game):
    context = browser.new_context(viewport=WIDTHS[width])
    if user is not None:
        signed_in(context, live_server.url, user)
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{game.pk}/")
    return context, page


def _chips_before_names(page, selector: str) -> None:
    items = page.locator(selector)
    assert items.count() > 0, selector
    for index in range(items.count()):
        assert items.nth(index).locator(".name-chip").count() >= 1, items.nth(index).inner_text()


@pytest.mark.parametrize("width", ["desktop", "phone"])
@pytest.mark.parametrize("size", ["twelve", "six"])
def test_a_big_table_reads_at_a_glance(browser, live_server, big_table, screenshot, size, width):
    players, teams, mode = TABLES[size]
    game, users = big_table(players, teams, mode)
    newest = game.moves.order_by("-seq").first()
    last_play = game.moves.exclude(text="draw").order_by("-seq").first()
    if mode == "tabletop":
        assert newest.text == "draw"  # the case that hid the last move
    played_cell = next(e["cell"] for e in last_play.events if "cell" in e)

    context, page = _open(browser, live_server, width, users[0], game)  # the player to move
    screenshot(page, f"big-table-{size}-{width}-to-move")
    marked = page.locator(".board .cell.last-move")
    assert marked.count() >= 1 and played_cell in marked.first.get_attribute("aria-label")
    mine = game.moves.filter(seat=0).exclude(text="draw").order_by("-seq").first()
    since = {e["cell"] for m in game.moves.filter(seq__gt=mine.seq) for e in m.events if "cell" in e}
    assert page.locator(".board .cell.changed").count() == len(since)  # all that was played since my last play
    news = page.locator("#news .news-list li")
    assert news.count() == players - 1  # one entry per other player, my partners' included
    _chips_before_names(page, "#news .news-list li")
    _chips_before_names(page, ".seats tbody tr")
    _chips_before_names(page, ".history-list li")
    assert f"team of {players // teams}" in page.inner_text(".my-team")
    if width == "desktop" and players == 12:
        assert page.locator(".seats-panel").bounding_box()["height"] <= 400
    if width == "phone":
        board = page.locator(".board").bounding_box()
        hand = page.locator("#hand").bounding_box()
        assert board["y"] + board["height"] <= hand["y"] + 1  # the hand bar covers no row
        assert hand["y"] + hand["height"] <= WIDTHS[width]["height"]  # both in the first screen
        summary = page.locator("#news > summary").bounding_box()
        assert summary["height"] < 60  # the newest entry, whole (its card and cell), in at most two lines
    assert overflow(page) <= 0
    assert axe_violations(page) == []
    context.close()

    context, page = _open(browser, live_server, width, users[teams], game)  # a partner of the seat to play
    screenshot(page, f"big-table-{size}-{width}-partner")
    assert f"Your partner {users[0].username} is to play" in page.inner_text(".turn-banner")
    _chips_before_names(page, ".turn-banner strong")
    assert page.locator(".board .cell.last-move").count() >= 1
    context.close()

    context, page = _open(browser, live_server, width, None, game)  # a spectator
    screenshot(page, f"big-table-{size}-{width}-spectator")
    assert page.locator("#news .news-list li").count() == players - 1  # the round since seat 0 played
    assert page.locator(".board .cell.last-move").count() >= 1
    assert overflow(page) <= 0
    assert axe_violations(page) == []
    context.close()
