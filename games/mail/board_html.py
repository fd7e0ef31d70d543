"""The e-mails' board cells and team chips as HTML, written in Python: a
hundred cells through the template engine (a loop, a filter and an include
each) were half the time it took to render a turn e-mail. The words around
them (the board's label and legend) are parts.board_html's, in gettext calls
where makemessages finds them."""

from functools import lru_cache

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from games import words
from games.viewmodels.table import Cell

COLOURS = {"blue": "#1f4fa6", "green": "#1b6b35", "red": "#b3261e"}
MODERATOR_FRAME = "#5a6272"  # a cell a moderator changed: no team's colour
CHIP_CORNERS = {"blue": "50%", "green": "3px", "red": "0"}
CELL_STYLE = "height:30px;padding:0;text-align:center;vertical-align:middle;font-size:10px;line-height:1;"
HEADER_STYLE = "color:#e8efe9;font-size:10px;"


def chip(team: str | None) -> SafeString:
    """A team's chip: its letter on its colour (an e-mail keeps inline styles only)."""
    if not team:
        return mark_safe("")
    return mark_safe(
        f'<span title="{escape(words.team(team))}" style="display:inline-block;width:16px;height:16px;'
        "line-height:16px;text-align:center;font-size:10px;font-weight:700;color:#fff;"
        f'border-radius:{CHIP_CORNERS.get(team, "0")};background:{COLOURS.get(team, COLOURS["red"])};">'
        f"{escape(team[:1].upper())}</span>"
    )


# A board has a hundred cells of a few hundred kinds: each kind is written once
# per language (a chip's title is translated), then only looked up.
@lru_cache(maxsize=4096)
def _cell_html(language: str, card: str | None, team: str | None, in_sequence: bool, mark, last: bool) -> str:
    cell = Cell(name="", card=card, chip=team, in_sequence=in_sequence)
    background = "#f1d98c" if cell.corner else "#d8e6d3" if in_sequence else "#fdfcf7"
    style = f"{CELL_STYLE}background:{background};"
    changed = ""
    if mark is not None:  # framed in the mover's colour, the last move thickest
        changed = f' data-changed="{escape(mark or "moderator")}"'
        width = "4px double" if last else "2px solid"
        style += f"border:{width} {COLOURS.get(mark, MODERATOR_FRAME)};"
    if team:
        inside = chip(team) + ("*" if in_sequence else "")
    else:
        inside = f'<span style="{"color:#b3261e;" if cell.red else ""}font-weight:700;">{escape(cell.card_text)}</span>'
    return f'<td{changed} style="{style}">{inside}</td>'


def board_rows(rows, recap=None) -> SafeString:
    """The board's rows (`games.viewmodels.table.Cell`, row by row) as table
    rows under a header of the columns; with the turn e-mail's `recap`, what
    changed since the reader's last play framed in the mover's colour."""
    language = get_language()

    def cell_html(cell) -> str:
        mark = recap.change_of(cell.name) if recap else None
        last = mark is not None and cell.name in recap.last
        return _cell_html(language, cell.card, cell.chip, cell.in_sequence, mark, last)

    # A cell a line: an e-mail line longer than 998 characters is sent quoted-printable (a third longer, and
    # slower to write and to read), and a row of ten cells is nearly twice that.
    header = "\n".join(f'<th scope="col" style="{HEADER_STYLE}">{col}</th>' for col in "ABCDEFGHIJ")
    lines = [f'<tr><th style="width:14px;"></th>\n{header}</tr>\n']
    for number, row in enumerate(rows, start=1):
        cells = "\n".join(map(cell_html, row))
        lines.append(f'<tr><th scope="row" style="{HEADER_STYLE}">{number}</th>\n{cells}</tr>\n')
    return mark_safe("".join(lines))
