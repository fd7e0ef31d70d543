"""The board of board.txt (row 1 at the top, columns A-J), cell notation and
the precomputed tables the rules use: card -> cells, and the lines through a cell."""

import re
import string
from pathlib import Path

from games.engine.cards import JACKS, ONE_SUIT_DECK

SIZE = 10
COLUMNS = "ABCDEFGHIJ"
CELL_NAMES = tuple(f"{COLUMNS[i % SIZE]}{i // SIZE + 1}" for i in range(SIZE * SIZE))
CELL_INDEX = {name: i for i, name in enumerate(CELL_NAMES)}
_CELL_RE = re.compile(r"([A-J])(10|[1-9])", re.IGNORECASE | re.ASCII)  # ASCII: no İ or ı for I


def _read_layout() -> tuple[str | None, ...]:
    rows = (Path(__file__).with_name("board.txt")).read_text().split("\n")
    cells = [None if code == "XX" else code for row in rows if row.strip() for code in row.split()]
    assert len(cells) == SIZE * SIZE, "board.txt must hold 10 rows of 10 cells"
    return tuple(cells)


LAYOUT = _read_layout()  # card code per cell, None for the four corners
CORNERS = frozenset(i for i, card in enumerate(LAYOUT) if card is None)
CARD_CELLS = {card: tuple(i for i, c in enumerate(LAYOUT) if c == card) for card in ONE_SUIT_DECK if card not in JACKS}
assert all(len(cells) == 2 for cells in CARD_CELLS.values()), "every non-jack card has two spaces"


def parse_cell(text: str) -> int | None:
    """The index of a cell written `C4` or `c4`, or None."""
    match = _CELL_RE.fullmatch(text.strip(string.whitespace))
    if not match:
        return None
    return CELL_INDEX[match.group(1).upper() + match.group(2)]


def _lines() -> tuple[tuple[int, ...], ...]:
    """Every straight line of the board at least five long, in reading order."""
    lines = []
    for step_row, step_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for start in range(SIZE * SIZE):
            row, col = divmod(start, SIZE)
            prev_row, prev_col = row - step_row, col - step_col
            if 0 <= prev_row < SIZE and 0 <= prev_col < SIZE:
                continue  # not the first cell of its line
            line = []
            while 0 <= row < SIZE and 0 <= col < SIZE:
                line.append(row * SIZE + col)
                row, col = row + step_row, col + step_col
            if len(line) >= 5:
                lines.append(tuple(line))
    return tuple(lines)


LINES = _lines()
# For each cell: (line, position of the cell in it, last position) for each
# direction it can make a sequence in.
LINES_THROUGH = tuple(
    tuple((line, line.index(cell), len(line) - 1) for line in LINES if cell in line) for cell in range(SIZE * SIZE)
)


def cells_label(cells) -> str:
    """A sequence by its ends: F10-J10."""
    return f"{CELL_NAMES[cells[0]]}-{CELL_NAMES[cells[-1]]}"
