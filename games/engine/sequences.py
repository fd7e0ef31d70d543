"""Which new sequences a placement makes.

A sequence is five cells in a straight line, each holding the team's chip or
being a corner (corners count for every team). Once made it is fixed: a later
chip only adds new sequences, each sharing at most one cell with every
sequence the team holds and with each other.

A new sequence must hold the chip just placed: any other window was already
full before, and was then either made or refused for good, since the team's
sequences only ever grow. So only the windows through the placed cell are
examined, and each direction on its own: windows of two directions share at
most the placed cell.
"""

from itertools import combinations

from games.engine.board import LINES_THROUGH

Window = tuple[int, ...]  # five cells in line order
Option = tuple[Window, ...]  # one way to count the new sequences of one direction


def _overlap_ok(a: Window, b: Window) -> bool:
    return len(set(a) & set(b)) <= 1


def _largest_compatible_sets(windows: list[Window]) -> list[Option]:
    # Two windows through the same cell of one line share at most one cell
    # only when one ends where the other starts (the middle chip of a line of
    # nine), so no direction ever holds more than two new sequences.
    pairs = [pair for pair in combinations(windows, 2) if _overlap_ok(*pair)]
    return pairs or [(window,) for window in windows]


def sequence_options(board: list[int], cell: int, bit: int, team_sequences) -> list[list[Option]]:
    """For each direction through `cell` in which the team makes new
    sequences, the ways to count them, each with as many as fit. Usually
    empty: the loop stops at once in a run shorter than five."""
    per_direction = []
    for line, pos, last in LINES_THROUGH[cell]:
        lo = hi = pos
        while lo and board[line[lo - 1]] & bit:
            lo -= 1
        while hi < last and board[line[hi + 1]] & bit:
            hi += 1
        if hi - lo < 4:
            continue
        windows = [line[start : start + 5] for start in range(max(lo, pos - 4), min(pos, hi - 4) + 1)]
        fresh = [window for window in windows if all(_overlap_ok(window, seq) for seq in team_sequences)]
        options = _largest_compatible_sets(fresh)
        if options:
            per_direction.append(options)
    return per_direction


def best_option(options: list[Option], team_cells: set[int]) -> Option:
    """The site's rule when the player names none: most cells not already in
    one of the team's sequences, then the earliest first cell in reading order."""

    def rank(option: Option):
        new_cells = {cell for window in option for cell in window} - team_cells
        return (-len(new_cells), sorted(window[0] for window in option))

    return min(options, key=rank)
