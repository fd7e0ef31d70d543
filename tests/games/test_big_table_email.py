"""The turn e-mail of a big table (#33): a game of 12 in 3 teams at the
tabletop, seat 0 to play. Its recap is the page's news, entry for entry,
each with its team's letter; the whole text fits 50 lines; the HTML board is
a table that marks what changed since the reader's last play."""

import re

import pytest

from games.mail import emails
from games.models import Game, Notification, Seat
from games.viewmodels.table import table_for

pytestmark = pytest.mark.django_db

LETTERS = {"blue": "[B]", "green": "[G]", "red": "[R]", None: "[–]"}


@pytest.fixture
def twelve(big_table):
    game, users = big_table(12, 3, "tabletop")
    turn = Notification.objects.filter(game=game, recipient=users[0], kind=Notification.Kind.YOUR_TURN)
    return game, users, emails.build(turn.latest("version"))


def the_page_says(game):
    seats = list(Seat.objects.filter(game=game).select_related("user").order_by("position"))
    return table_for(game=Game.objects.get(pk=game.pk), seats=seats, my_seat=seats[0]).news


def test_the_recap_is_the_pages_news(twelve):
    game, _users, message = twelve
    recap = message.body.split("Since your last move:\n", 1)[1].split("\n\n")[0]
    page = [f"{LETTERS[entry.team]} {entry.text}" for entry in the_page_says(game)]
    assert [line.strip() for line in recap.splitlines()] == page
    assert len(page) == 11  # every other player


def test_the_twelve_player_email_fits_fifty_lines(twelve):
    _game, _users, message = twelve
    print(message.body)
    assert len(message.body.splitlines()) <= 50


def test_the_html_board_is_a_table_marking_what_changed(twelve):
    game, _users, message = twelve
    html = message.alternatives[0].content
    board = html.split('<table class="board"', 1)[1].split("</table>", 1)[0]
    assert len(re.findall(r"<td\b", board)) == 100
    mine = game.moves.filter(seat=0).exclude(text="draw").order_by("-seq").first()
    since = {e["cell"] for m in game.moves.filter(seq__gt=mine.seq) for e in m.events if "cell" in e}
    assert len(re.findall(r'<td[^>]*data-changed="', board)) == len(since)
