"""The HTML turn e-mail read on a phone (issue 23, item 6; #33): its board,
a table, fits 390 px without being cut or scrolled, every column there,
and in a 12-player game the cells changed since the reader's last play are
framed."""

import pytest

from games import services
from games.mail import emails
from games.models import Notification
from tests.e2e.conftest import ARTIFACTS
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db(transaction=True)


def _read_on_a_phone(browser, html: str, name: str):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.set_content(html)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    return page


def _fits(page) -> None:
    board = page.locator("table.board")
    assert board.locator("th[scope=col]").last.inner_text() == "J"  # the last column is there
    box = board.bounding_box()
    assert box["x"] + box["width"] <= 390
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390


def test_the_turn_emails_board_fits_a_phone(browser, started_game):
    game, users = started_game(2, 2)
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    turn = Notification.objects.get(game=game, kind=Notification.Kind.YOUR_TURN, version=1)
    page = _read_on_a_phone(browser, emails.build(turn).alternatives[0].content, "email-turn-phone")
    _fits(page)
    assert page.locator("table.board td[data-changed]").count() == 1  # the one play since
    page.close()


def test_a_twelve_player_turn_email_on_a_phone(browser, big_table):
    game, users = big_table(12, 3, "tabletop")
    turn = Notification.objects.filter(game=game, recipient=users[0], kind=Notification.Kind.YOUR_TURN)
    page = _read_on_a_phone(browser, emails.build(turn.latest("version")).alternatives[0].content, "email-turn-12")
    _fits(page)
    assert page.locator("table.board td[data-changed]").count() >= 8
    page.close()
