"""What a bot knows of the board, and how it values a chip there.

A Position is built from what one seat may see (its `player_view`). Values come
from the 192 windows of five cells: a window still open to a team (holding
only its chips, corners and empty cells) is worth more the fuller it is."""

from games.engine.board import CELL_INDEX, CORNERS, LINES
from games.engine.cards import ONE_EYED_JACKS, TWO_EYED_JACKS
from games.engine.sequences import sequence_options
from games.engine.setup import TEAM_NAMES
from games.engine.state import CORNER, EMPTY

WINDOWS = tuple(line[i : i + 5] for line in LINES for i in range(len(line) - 4))
CELL_WINDOWS = tuple(tuple(w for w, cells in enumerate(WINDOWS) if cell in cells) for cell in range(100))

# What a window open to its team is worth with 0-5 of its cells held (corners count).
OPEN = (0, 1, 4, 12, 40, 0)
# What taking a cell of an opponent's open window is worth, by how full it was: a four is a must.
BLOCK = (0, 0.5, 2, 8, 400, 0)
SEQUENCE = 1000  # a new sequence that does not yet win
WIN = 1_000_000
# The price of spending a jack: kept for finishing a line (two-eyed) and breaking a four (one-eyed).
TWO_EYED_COST = 25
ONE_EYED_COST = 60
JACK_KEEP = {**dict.fromkeys(TWO_EYED_JACKS, 2 * SEQUENCE), **dict.fromkeys(ONE_EYED_JACKS, SEQUENCE)}


def window_counts(board: list[int], teams: int) -> tuple[list[int], list[list[int]]]:
    """Per window: how many of its cells are empty, and per team how many it holds (corners included)."""
    # Per-cell 0/1 lists summed over each window's five cells, kept in comprehensions: the costly part.
    empty = [1 if value == EMPTY else 0 for value in board]
    empties = [empty[a] + empty[b] + empty[c] + empty[d] + empty[e] for a, b, c, d, e in WINDOWS]
    counts = []
    for t in range(teams):
        held = [1 if value & (1 << t) else 0 for value in board]
        counts.append([held[a] + held[b] + held[c] + held[d] + held[e] for a, b, c, d, e in WINDOWS])
    return empties, counts


class Position:
    """A board seen by one team: per window how many cells each team holds
    (corners included), how many are empty, and whether it is still open to each team."""

    # What spending a jack costs, by level (level 2's keeper overrides them).
    two_eyed_cost, one_eyed_cost = TWO_EYED_COST, ONE_EYED_COST
    __slots__ = ("board", "counts", "empties", "needed", "open", "sequences", "team", "teams")

    def __init__(self, board: list[int], sequences: list[list[tuple[int, ...]]], team: int, teams: int, needed: int):
        self.board, self.sequences, self.team, self.teams, self.needed = board, sequences, team, teams, needed
        self.empties, self.counts = window_counts(board, teams)
        self.open = [self._open_windows(t) for t in range(teams)]

    def _open_windows(self, team: int) -> list[bool]:
        """Which windows are open to the team: no other team's chip, and at most
        one cell of its sequences (a new one shares at most one cell with each)."""
        open_ = [n + m == 5 for n, m in zip(self.counts[team], self.empties, strict=True)]
        taken = {c for seq in self.sequences[team] for c in seq}
        if taken:
            for w, window in enumerate(WINDOWS):
                if open_[w] and sum(1 for c in window if c in taken) > 1:
                    open_[w] = False
        return open_

    @classmethod
    def from_view(cls, view: dict) -> "Position":
        teams = len(view["teams"])
        board = [CORNER if cell in CORNERS else EMPTY for cell in range(100)]
        for name, team in view["board"].items():
            board[CELL_INDEX[name]] = 1 << TEAM_NAMES.index(team)
        sequences = [
            [tuple(CELL_INDEX[c] for c in seq) for seq in view["sequences"][TEAM_NAMES[t]]] for t in range(teams)
        ]
        team = view["seat"] % teams
        return cls(board, sequences, team, teams, view["sequences_to_win"])

    def place(self, cell: int) -> float:
        """What the team gains by a chip on the empty `cell`: windows of its own
        filled, opponents' windows blocked; a sequence or the win above all."""
        gain = 0.0
        team = self.team
        counts, open_ = self.counts[team], self.open[team]
        others = [(self.counts[t], self.open[t]) for t in range(self.teams) if t != team]
        completes = False
        for w in CELL_WINDOWS[cell]:
            if open_[w]:
                held = counts[w]
                if held == 4:
                    completes = True
                else:
                    gain += OPEN[held + 1] - OPEN[held]
            for their_counts, their_open in others:
                if their_open[w]:
                    gain += BLOCK[their_counts[w]]
        if completes:
            gain += self._completion(cell)
        return gain

    def _completion(self, cell: int) -> float:
        bit = 1 << self.team
        before = self.board[cell]
        self.board[cell] = bit
        try:
            per_direction = sequence_options(self.board, cell, bit, self.sequences[self.team])
            made = sum(len(options[0]) for options in per_direction)
        finally:
            self.board[cell] = before
        if made and len(self.sequences[self.team]) + made >= self.needed:
            return WIN
        return SEQUENCE * made

    def remove(self, cell: int) -> float:
        """What the team gains by taking the opposing chip off `cell`."""
        owner = self.board[cell].bit_length() - 1
        gain = 0.0
        their_counts, their_open = self.counts[owner], self.open[owner]
        counts, empties = self.counts[self.team], self.empties
        for w in CELL_WINDOWS[cell]:
            if their_open[w]:
                gain += BLOCK[their_counts[w]] if empties[w] else 0.0
            elif counts[w] + empties[w] == 4:
                gain += OPEN[counts[w]] / 2  # the chip was all that closed it to us
        return gain

    def play_value(self, card: str, cell: int) -> float:
        """A play's worth, a jack's price taken off."""
        if card in ONE_EYED_JACKS:
            return self.remove(cell) - self.one_eyed_cost
        value = self.place(cell)
        return value - self.two_eyed_cost if card in TWO_EYED_JACKS else value

    def keep_value(self, card: str, free_cells) -> float:
        """What a card in hand is worth keeping: a jack a lot, a card its best free space."""
        keep = JACK_KEEP.get(card)
        if keep is not None:
            return keep
        return max((self.place(cell) for cell in free_cells), default=-1.0)
