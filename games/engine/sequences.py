"""Which sequences a placement makes.

A team's chips (corners count for everyone) in an unbroken straight run of
five or more hold sequences: one for a run of 5-8, two for a run of 9 or 10,
since two sequences of a team may share at most one cell. Only the runs
through the placed cell can change, so only they are examined.
"""

from itertools import combinations
from typing import NamedTuple

from games.engine.board import LINES_THROUGH


class Option(NamedTuple):
    """One way to count the new sequences of a run: `added` windows become
    sequences, `replaced` ones stop being (a run of 9 built from the middle)."""

    added: tuple[tuple[int, ...], ...]
    replaced: tuple[tuple[int, ...], ...]


def _compatible(windows) -> bool:
    return all(len(set(a) & set(b)) <= 1 for a, b in combinations(windows, 2))


def _run_options(run: tuple[int, ...], team_sequences: list[tuple[int, ...]]) -> list[Option]:
    run_cells = set(run)
    existing = [seq for seq in team_sequences if seq[0] in run_cells and seq[-1] in run_cells]
    capacity = 1 if len(run) <= 8 else 2
    need = capacity - len(existing)
    if need <= 0:
        return []
    windows = [run[i : i + 5] for i in range(len(run) - 4)]
    fresh = [w for w in windows if w not in existing]
    options = [
        Option(added=combo, replaced=()) for combo in combinations(fresh, need) if _compatible([*existing, *combo])
    ]
    if options:
        return options
    # The run holds more sequences than its finished ones allow to add: count
    # them anew, keeping every finished cell inside a sequence.
    finished = {cell for seq in existing for cell in seq}
    return [
        Option(
            added=tuple(w for w in combo if w not in existing), replaced=tuple(s for s in existing if s not in combo)
        )
        for combo in combinations(windows, capacity)
        if _compatible(combo) and finished <= {cell for w in combo for cell in w}
    ]


def sequence_options(board: list[int], cell: int, bit: int, team_sequences) -> list[list[Option]]:
    """For each direction through `cell` in which the team has new sequences,
    the ways to count them. Usually empty: the fast path is the loop below."""
    per_direction = []
    for line, pos, last in LINES_THROUGH[cell]:
        lo = hi = pos
        while lo and board[line[lo - 1]] & bit:
            lo -= 1
        while hi < last and board[line[hi + 1]] & bit:
            hi += 1
        if hi - lo >= 4:
            options = _run_options(line[lo : hi + 1], team_sequences)
            if options:
                per_direction.append(options)
    return per_direction


def best_option(options: list[Option], team_cells: set[int]) -> Option:
    """The site's rule when the player names none: most cells not already in
    one of the team's sequences, then the earliest first cell in reading order."""

    def rank(option: Option):
        new_cells = {cell for window in option.added for cell in window} - team_cells
        return (-len(new_cells), sorted(window[0] for window in option.added))

    return min(options, key=rank)
