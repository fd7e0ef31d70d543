"""The table's board as HTML, built in Python: its 100 cells were most of a
table page's template work (some 1,700 variable lookups and 1,000 tags a
view through Django's engine, issue #31). The markup is what the board's
template made, whitespace aside: a cell a legal target for the chosen card
is a submit button of the page's form, every other cell an image with its
spoken label. The words come from gettext here, once per language."""

from dataclasses import dataclass
from functools import cache
from html import escape

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, pgettext

from games.engine.cards import ONE_SUIT_DECK, card_label
from games.viewmodels.table import Cell
from games.words import card_name, team

COLUMNS = "ABCDEFGHIJ"
TEAMS = ("blue", "green", "red")


@dataclass(frozen=True)
class Words:
    """The board's words in one language."""

    board: str
    corner: str
    card_names: dict[str, str]  # "7H" -> "7 of hearts": a hundred cells name theirs
    chips: dict[str, str]  # team -> "blue chip"
    in_sequence: str
    last_move: str
    changed_in_round: str
    changed_since_mine: str
    goes: str  # "your {cards} can go here"
    either: str  # " or ", between the last two cards of "goes"
    play: str  # "play {move}"


@cache
def _words(language: str | None) -> Words:
    return Words(
        board=gettext("Board, columns A to J, rows 1 to 10"),
        corner=gettext("corner, free for everyone"),
        card_names={card: card_name(card) for card in ONE_SUIT_DECK},
        chips={name: gettext("{team} chip").format(team=team(name)) for name in TEAMS},
        in_sequence=gettext("in a sequence"),
        last_move=gettext("last move"),
        changed_in_round=gettext("changed in the last round"),
        changed_since_mine=gettext("changed since your last move"),
        goes=gettext("your {cards} can go here"),
        either=pgettext("between the last two of a list", " or "),
        play=gettext("play {move}"),
    )


def cell_label(cell: Cell, words: Words) -> str:
    """What a screen reader says of the cell, in the reader's language."""
    parts = [cell.name, words.corner if cell.corner else words.card_names[cell.card]]
    if cell.chip:
        parts.append(words.chips[cell.chip])
    if cell.in_sequence:
        parts.append(words.in_sequence)
    if cell.last_move:
        parts.append(words.last_move)
    elif cell.changed_by is not None:
        parts.append(words.changed_in_round if cell.spectating else words.changed_since_mine)
    if cell.goes:
        parts.append(words.goes.format(cards=words.either.join(map(card_label, cell.goes))))
    if cell.target:
        parts.append(words.play.format(move=cell.target))
    return ", ".join(parts)


def _cell(cell: Cell, words: Words, form_enabled: bool) -> str:
    label = escape(cell_label(cell, words))
    # A voice-control user says what they read: the name starts with what the cell shows, its card
    # and its chip's letter, then says it in words.
    shown = escape(f"{cell.card_text} {cell.chip[0].upper()}" if cell.chip else cell.card_text)
    changed = cell.changed_by is not None
    if cell.target and form_enabled:
        classes = ["cell target", cell.chip and "has-chip", cell.corner and "corner", cell.goes and "goes"]
        classes += [cell.last_move and "last-move", changed and "changed"]
        opening = (
            f'<button type="submit" name="move" value="{escape(cell.target)}" class="{_joined(classes)}"'
            f' aria-label="{shown}, {label}" title="{label}">'
        )
        closing = "</button>"
    else:
        classes = ["cell", cell.corner and "corner", cell.in_sequence and "in-sequence", cell.last_move and "last-move"]
        classes += [changed and "changed", cell.goes and "goes"]
        opening = f'<div class="{_joined(classes)}" role="img" aria-label="{shown}, {label}" title="{label}">'
        closing = "</div>"
    wide = " ten" if len(cell.card_text) > 2 else ""  # "10♥": kept inside the narrowest cells
    inside = [f'<span class="cell-card{" red" if cell.red else ""}{wide}" aria-hidden="true">{cell.card_text}</span>']
    if changed:
        inside.append(f'<span class="change-mark chip-{escape(cell.changed_by or "none")}" aria-hidden="true"></span>')
    if cell.chip:
        chip, locked = escape(cell.chip), " chip-locked" if cell.in_sequence else ""
        inside.append(f'<span class="chip chip-{chip}{locked}" aria-hidden="true">{chip[0].upper()}</span>')
    return "\n".join([opening, *inside, closing])


def _joined(classes: list) -> str:
    return " ".join(name for name in classes if name)


def board_html(rows: list[list[Cell]], *, form_enabled: bool) -> SafeString:
    """The board, row by row; with `form_enabled` its target cells are the
    submit buttons of the form around it."""
    words = _words(get_language())
    lines = [f'<div class="board" role="group" aria-label="{escape(words.board)}">']
    lines.append('<div class="board-corner" aria-hidden="true"></div>')
    lines.append("".join(f'<div class="coord" aria-hidden="true">{column}</div>' for column in COLUMNS))
    for number, row in enumerate(rows, start=1):
        lines.append(f'<div class="coord" aria-hidden="true">{number}</div>')
        lines.extend(_cell(cell, words, form_enabled) for cell in row)
    lines.append("</div>")
    return mark_safe("\n" + "\n".join(lines) + "\n")  # every value escaped as it went in
