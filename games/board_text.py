"""The board as rows of (cell, card), and as monospaced text for e-mails:
columns A-J across the top, rows 1-10 down the side, chips as letters."""

from games.engine.board import CELL_NAMES, LAYOUT

CHIP_LETTERS = {"blue": "B", "green": "G", "red": "R"}


def board_rows() -> list[list[tuple[str, str | None]]]:
    return [[(CELL_NAMES[r * 10 + c], LAYOUT[r * 10 + c]) for c in range(10)] for r in range(10)]


def board_as_text(view: dict) -> str:
    """Each cell shows its card (`7H`, `**` for a corner) or the chip on it
    (`[B]`); cells of finished sequences are starred (`*B*`)."""
    in_sequence = {cell for seqs in view["sequences"].values() for seq in seqs for cell in seq}
    lines = [("     " + "".join(f"{col:^4}" for col in "ABCDEFGHIJ")).rstrip()]
    for number, row in enumerate(board_rows(), start=1):
        cells = []
        for name, card in row:
            chip = view["board"].get(name)
            if chip:
                letter = CHIP_LETTERS[chip]
                cells.append(f"*{letter}*" if name in in_sequence else f"[{letter}]")
            else:
                cells.append(" ** " if card is None else f" {card} ")
        lines.append(f"{number:>3}  " + "".join(cell.center(4) for cell in cells).rstrip())
    return "\n".join(lines)
