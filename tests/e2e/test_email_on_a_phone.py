"""The HTML turn e-mail read on a phone (issue 23, item 6): its text board
(45 characters a line) fits 390 px without being cut or scrolled."""

import pytest

from games import services
from games.mail import emails
from games.models import Notification
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_turn_emails_board_fits_a_phone(browser, started_game):
    game, users = started_game(2, 2)
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    turn = Notification.objects.get(game=game, kind=Notification.Kind.YOUR_TURN, version=1)
    html = emails.build(turn).alternatives[0].content
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.set_content(html)
    board = page.locator("pre")
    assert "J" in board.inner_text().splitlines()[0]  # the last column is there
    widths = page.evaluate(
        "() => { const pre = document.querySelector('pre');"
        " return [pre.scrollWidth, pre.clientWidth, document.scrollingElement.scrollWidth]; }"
    )
    assert widths[0] <= widths[1] and widths[2] <= 390, widths
    page.close()
