"""A newcomer presses "Play a bot now", makes a move, and sees the bot's
answer on the refreshed table."""

import pytest

from games.models import BOT_MARK, Game, Move
from tests.e2e.test_play_a_game import sign_up

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_new_account_plays_a_bot_at_once(browser, live_server, settings):
    settings.BOT_MOVE_DELAY_SECONDS = 0
    base = live_server.url
    page = browser.new_context().new_page()
    sign_up(page, base, "newcomer")
    page.click("text=Play a bot now")
    page.wait_for_selector(".board")
    game = Game.objects.get()
    assert game.status == Game.Status.ACTIVE
    assert "Your turn." in page.inner_text(".turn-banner")  # a bot dealt the first turn has already played it

    page.click("a.hand-card:not(.unplayable):not(.dead)")
    page.click("button.cell.target")
    page.wait_for_selector(".turn-banner")
    mine = Move.objects.filter(game=game, door=Move.Door.WEB).get()
    page.reload()
    history = page.inner_text(".history")
    assert f"{BOT_MARK} Bot 1" in history
    answer = Move.objects.get(game=game, seq=mine.seq + 1)
    assert answer.door == Move.Door.BOT
    assert answer.text in history
    assert "Your turn." in page.inner_text(".turn-banner")
