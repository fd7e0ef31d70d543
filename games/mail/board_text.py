"""The board as rows of (cell, card), and as monospaced text for e-mails:
columns A-J across the top, rows 1-10 down the side, chips as letters."""

from games.engine.board import CELL_NAMES, LAYOUT

CHIP_LETTERS = {"blue": "B", "green": "G", "red": "R"}


def bracketed_letter(team: str | None) -> str:
    """A team's chip in a text e-mail, as its board writes it: "[B]" ("" for no team)."""
    return f"[{CHIP_LETTERS[team]}]" if team else ""


def board_rows() -> list[list[tuple[str, str | None]]]:
    return [[(CELL_NAMES[r * 10 + c], LAYOUT[r * 10 + c]) for c in range(10)] for r in range(10)]


def board_as_text(rows, changed: dict[str, str] | None = None) -> str:
    """The table's cells (`games.viewmodels.table.Cell`, row by row) as text:
    each shows its card (`7H`, `**` for a corner) or the chip on it (`[B]`);
    cells of finished sequences are starred (`*B*`). With `changed` (the
    turn e-mail's: the cells played on or cleared since the reader's last
    play), a chip placed since is `<B>`, a cell cleared since `<7H>`."""
    changed = changed or {}
    lines = [("     " + "".join(f"{col:^4}" for col in "ABCDEFGHIJ")).rstrip()]
    for number, row in enumerate(rows, start=1):
        cells = []
        for cell in row:
            if cell.chip:
                letter = CHIP_LETTERS[cell.chip]
                if cell.in_sequence:
                    cells.append(f"*{letter}*")
                else:
                    cells.append(f"<{letter}>" if cell.name in changed else f"[{letter}]")
            elif cell.card is None:
                cells.append(" ** ")
            else:
                cells.append(f"<{cell.card}>" if cell.name in changed else f" {cell.card} ")
        lines.append(f"{number:>3}  " + "".join(text.center(4) for text in cells).rstrip())
    return "\n".join(lines)
