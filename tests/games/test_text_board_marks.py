"""The turn e-mail's text board marks what changed since the reader's last
play (#33), as its HTML board frames it: a chip placed since is <B>, a cell
cleared since <7H>; other e-mails' boards mark nothing."""

import pytest

from games import services
from games.engine.board import CELL_NAMES, LAYOUT
from games.mail import emails, turn_news
from games.models import Game, Notification, Seat

pytestmark = pytest.mark.django_db
COLUMNS = "ABCDEFGHIJ"


def text_board(body: str) -> dict[str, str]:
    """Cell name -> what the text board writes there."""
    lines = body.split("     A   B   C")[1].split("\n\n")[0].splitlines()[1:11]
    return {
        f"{COLUMNS[column]}{number}": line[5:].ljust(40)[4 * column : 4 * column + 4].strip()
        for number, line in enumerate(lines, start=1)
        for column in range(10)
    }


def test_the_turn_emails_text_board_marks_the_changed_cells(big_table):
    game, users = big_table(12, 3, "tabletop")
    turn = Notification.objects.filter(game=game, recipient=users[0], kind=Notification.Kind.YOUR_TURN)
    message = emails.build(turn.latest("version"))
    seat = Seat.objects.get(game=game, position=0)
    game = Game.objects.get(pk=game.pk)
    changed = turn_news.news_for([(game, seat)])[game.pk].recap(game, seat).changed
    board = text_board(message.body)
    marked = {cell for cell, shown in board.items() if shown.startswith("<")}
    in_sequence = {cell for cell, shown in board.items() if shown.startswith("*")}
    assert len(changed) >= 8 and marked == set(changed) - in_sequence
    cards = dict(zip(CELL_NAMES, LAYOUT, strict=True))
    placed = {f"<{team[0].upper()}>" for team in ("blue", "green", "red")}
    assert all(board[cell] in (f"<{changed[cell][0].upper()}>", f"<{cards[cell]}>") for cell in marked)
    assert any(board[cell] in placed for cell in marked)
    assert "<B> a chip placed, <7H> a chip removed since your last move" in message.body


def test_the_game_over_emails_board_marks_nothing(started_game):
    game, users = started_game(2, 2)
    services.move_submit(game_id=game.pk, user=users[1], move="resign", expected_version=0)
    message = emails.build(Notification.objects.get(game=game, kind=Notification.Kind.GAME_OVER, recipient=users[0]))
    assert not any(shown.startswith("<") for shown in text_board(message.body).values())
    assert "since your last move" not in message.body
