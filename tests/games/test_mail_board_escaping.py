"""The e-mail board's label and legend are translations put into HTML by
Python: a quote or a bracket in a translation stays text, never markup."""

from html.parser import HTMLParser
from types import SimpleNamespace

from django.utils.safestring import mark_safe

from games.mail import parts

TRICKY = 'Il "tabellone" <b>dell\'ultima</b> & co'


class Board(HTMLParser):
    def __init__(self):
        super().__init__()
        self.label, self.text, self.tags = None, [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "table":
            self.label = dict(attrs)["aria-label"]

    def handle_data(self, data):
        self.text.append(data)


def test_a_translation_with_quotes_and_brackets_stays_text(monkeypatch):
    monkeypatch.setattr(parts, "gettext", lambda message: TRICKY)
    monkeypatch.setattr(parts, "board_rows", lambda rows, recap: mark_safe("<tr><td>A1</td></tr>"))
    board = Board()
    board.feed(parts.board_html({"table": SimpleNamespace(rows=[])}))
    assert board.label == TRICKY
    assert TRICKY in "".join(board.text)
    assert "b" not in board.tags
