"""The small boards of the "How to play" page, as data: crops of the real
board (games.engine.board) with chips on them. Which cells make a sequence
and which cards are dead is asked of the engine, so that a picture cannot
show something the rules this site enforces would not do. No words here:
each language's template writes the captions."""

from dataclasses import dataclass
from functools import cache

from games.engine.board import CELL_INDEX, CELL_NAMES, COLUMNS, CORNERS, LAYOUT, SIZE
from games.engine.cards import card_label, is_red
from games.engine.rules import is_dead
from games.engine.sequences import best_option, sequence_options
from games.engine.setup import ALLOWED_TEAMS, HAND_SIZE, TEAM_NAMES, sequences_to_win
from games.engine.state import CORNER, EMPTY, team_bit


@dataclass(frozen=True)
class Cell:
    name: str  # "C4"
    text: str  # the card as printed ("7♥"), "" for a corner
    red: bool
    corner: bool
    chip: str | None  # the team whose chip covers it
    in_sequence: bool
    mark: str  # "placed" (the chip just played), "removed" (by a one-eyed jack) or ""


@dataclass(frozen=True)
class HandCard:
    text: str
    red: bool
    dead: bool


@dataclass(frozen=True)
class Diagram:
    columns: str  # the letters shown across the top
    rows: tuple[tuple[int, tuple[Cell, ...]], ...]  # (row number, its cells)
    sequences: tuple[str, ...]  # the sequences made, by their ends: "C7-G7"
    hand: tuple[HandCard, ...] = ()

    @property
    def chips(self) -> dict[str, list[str]]:
        """Team -> the cells its chips cover, for captions and tests."""
        found: dict[str, list[str]] = {}
        for _, cells in self.rows:
            for cell in cells:
                if cell.chip:
                    found.setdefault(cell.chip, []).append(cell.name)
        return found


def _diagram(
    corner_from: str,
    corner_to: str,
    chips: dict[str, str],
    *,
    mark_last: bool = True,
    removed: str = "",
    hand: tuple[str, ...] = (),
) -> Diagram:
    """The cells from `corner_from` to `corner_to` (a rectangle), after the
    chips were placed one by one in the order given (the last one is marked
    as just placed, if `mark_last`) and the chip on `removed`, if any, was
    taken away again (and is marked instead)."""
    board = [CORNER if cell in CORNERS else EMPTY for cell in range(SIZE * SIZE)]
    sequences: dict[str, list[tuple[int, ...]]] = {team: [] for team in TEAM_NAMES}
    placed = None
    for team, cells in chips.items():
        bit = team_bit(TEAM_NAMES.index(team))
        for name in cells.split():
            placed = CELL_INDEX[name]
            assert board[placed] == EMPTY, f"{name} is taken"
            board[placed] = bit
            # What the engine's play does: each direction's new sequences, the site's choice among them.
            team_cells = {c for window in sequences[team] for c in window}
            for options in sequence_options(board, placed, bit, sequences[team]):
                sequences[team].extend(best_option(options, team_cells))
    if not mark_last:
        placed = None
    if removed:
        placed = CELL_INDEX[removed]
        assert board[placed] not in (EMPTY, CORNER), f"no chip on {removed} to remove"
        board[placed] = EMPTY
    locked = {c for windows in sequences.values() for window in windows for c in window}
    first_row, first_col = divmod(CELL_INDEX[corner_from], SIZE)
    last_row, last_col = divmod(CELL_INDEX[corner_to], SIZE)
    rows = []
    for row in range(first_row, last_row + 1):
        cells = []
        for col in range(first_col, last_col + 1):
            index = row * SIZE + col
            card = LAYOUT[index]
            chip = board[index]
            cells.append(
                Cell(
                    name=CELL_NAMES[index],
                    text=card_label(card) if card else "",
                    red=bool(card) and is_red(card),
                    corner=card is None,
                    chip=TEAM_NAMES[chip.bit_length() - 1] if chip not in (EMPTY, CORNER) else None,
                    in_sequence=index in locked,
                    mark=("removed" if removed else "placed") if index == placed else "",
                )
            )
        rows.append((row + 1, tuple(cells)))
    return Diagram(
        columns=COLUMNS[first_col : last_col + 1],
        rows=tuple(rows),
        sequences=tuple(f"{CELL_NAMES[w[0]]}-{CELL_NAMES[w[-1]]}" for ws in sequences.values() for w in ws),
        hand=tuple(HandCard(card_label(card), is_red(card), is_dead(board, card)) for card in hand),
    )


@cache
def rules_diagrams() -> dict:
    """Every picture of the page by name. The captions in the templates
    describe exactly these positions."""
    return {
        # The whole board, empty: the notation section.
        "board": _diagram("A1", "J10", {}, mark_last=False),
        # Green's five in a row; blue's chips around it.
        "sequence": _diagram("B6", "H8", {"blue": "B7 D6 F8", "green": "C7 D7 E7 F7 G7"}),
        # A corner counts for everyone: blue needs only four chips on the diagonal.
        "corner": _diagram("A1", "F5", {"green": "C2 D3", "blue": "B2 C3 D4 E5"}),
        # Green has no 2 of clubs; the two-eyed jack puts the chip on G4 anyway.
        "two_eyed_jack": _diagram("B3", "H5", {"blue": "B4 E5", "green": "C4 D4 E4 F4 G4"}),
        # Blue's one-eyed jack takes green's chip off G3; green's sequence stays.
        "one_eyed_jack": _diagram("B2", "H4", {"blue": "C3 H4", "green": "B2 C2 D2 E2 F2 D3 E3 F3 G3"}, removed="G3"),
        # Both spaces of the 7 of hearts are covered: the 7 of hearts in the hand is dead.
        "dead_card": _diagram(
            "D5", "I6", {"blue": "I5 E6", "green": "D6 G5"}, mark_last=False, hand=("7H", "KD", "3S")
        ),
        # One chip (F9) completes two sequences at once; they share only that cell.
        "two_sequences": _diagram("A5", "G9", {"blue": "C6 E7", "green": "B9 C9 D9 E9 F5 F6 F7 F8 F9"}),
    }


@dataclass(frozen=True)
class LostDraw:
    """The lost-draw picture, in a two-player game: the hand before and after."""

    hand_size: int

    @property
    def full(self) -> range:
        return range(self.hand_size)

    @property
    def short(self) -> range:
        return range(self.hand_size - 1)


def lost_draw() -> LostDraw:
    return LostDraw(HAND_SIZE[2])


@dataclass(frozen=True)
class Setup:
    teams: int
    per_team: int  # 1: everyone plays alone
    sequences: int  # to win


def player_counts() -> tuple[tuple[int, int, tuple[Setup, ...]], ...]:
    """(players, hand size, the ways they may play) for every allowed player count."""
    return tuple(
        (players, HAND_SIZE[players], tuple(Setup(t, players // t, sequences_to_win(t)) for t in teams))
        for players, teams in ALLOWED_TEAMS.items()
    )
