"""A copy-free game for level 2's playouts: the board as a flat list, the
hands as lists, every window's chip counts kept up to date move by move.

The rules of chips and sequences are the engine's (`sequence_options` and
`best_option` decide what a placement makes, so a playout's board, sequences
and winner are those `games.engine.apply` would give; tests/bots/test_playout.py
checks it). What a playout leaves out: table talk, passes and drawn games by
passes (a seat with no play just discards), and open draws (every seat draws
at once, as a bot takes its draw as soon as it may). Cheap, not faithful.

The policy is level 1's in small: win now, block a four, fill the team's
best windows; a two-eyed jack goes only to a cell of a window someone has
three or four in, a one-eyed jack only breaks such a window. `jack_cost[t]`
is what spending a two-eyed jack costs team t (level 2 keeps it for a
sequence, level 1 spends it freely)."""

import random

from games.bots.position import BLOCK, CELL_WINDOWS, OPEN, SEQUENCE, WINDOWS, window_counts
from games.engine.board import CARD_CELLS, CORNERS
from games.engine.cards import TWO_EYED_JACKS
from games.engine.sequences import best_option, sequence_options
from games.engine.state import EMPTY

# What the team gains by its chip in an open window holding n: the fifth makes a sequence.
GROW = (*(OPEN[n + 1] - OPEN[n] for n in range(4)), SEQUENCE)
ONE_EYED_COST = 60
_WINDOW_NUMBERS = range(len(WINDOWS))
_NOT_CORNER = tuple(cell not in CORNERS for cell in range(100))
_WINDOW_INDEX = {window: w for w, window in enumerate(WINDOWS)}
_OVERLAPPING = tuple(
    frozenset(v for v, other in enumerate(WINDOWS) if len(set(window) & set(other)) > 1) for window in WINDOWS
)


class Playout:
    """One world's game from a seat's turn on; `run` plays it out."""

    __slots__ = (
        "board",
        "closed",
        "counts",
        "discards",
        "empties",
        "hands",
        "hot",
        "jack_cost",
        "locked",
        "needed",
        "others",
        "pile",
        "players",
        "rng",
        "sequences",
        "teams",
        "winner",
    )

    def __init__(self, board, sequences, teams: int, needed: int):
        """The parts every world of one position shares (see `deal` for the rest)."""
        self.board, self.teams, self.needed = board[:], teams, needed
        self.sequences = [list(seqs) for seqs in sequences]
        self.locked = {c for seqs in sequences for seq in seqs for c in seq}
        self.empties, self.counts = window_counts(board, teams)
        # Per team the windows it holds three or more of: where the policy looks to spend a jack.
        self.hot = [{w for w, held in enumerate(counts) if held >= 3} for counts in self.counts]
        # Windows sharing more than one cell with one of the team's sequences: no new sequence there.
        self.closed = [{w for seq in seqs for w in _OVERLAPPING[_WINDOW_INDEX[seq]]} for seqs in self.sequences]
        self.winner = None

    def deal(self, hands, pile, discards, rng: random.Random, jack_cost) -> "Playout":
        """A copy of this position with a world's cards: hands per seat, the draw pile (drawn from the end)."""
        new = Playout.__new__(Playout)
        new.board, new.teams, new.needed = self.board[:], self.teams, self.needed
        new.sequences = [seqs[:] for seqs in self.sequences]
        new.locked = set(self.locked)
        new.empties = self.empties[:]
        new.counts = [counts[:] for counts in self.counts]
        new.hot = [set(hot) for hot in self.hot]
        new.closed = [set(closed) for closed in self.closed]
        new.others = [
            [(new.counts[t], new.closed[t]) for t in range(new.teams) if t != team] for team in range(new.teams)
        ]
        new.hands = [hand[:] for hand in hands]
        new.players = len(hands)
        new.pile, new.discards = pile[:], discards[:]
        new.rng, new.jack_cost, new.winner = rng, jack_cost, None
        return new

    # --- the moves -----------------------------------------------------------

    def place(self, seat: int, card: str, cell: int) -> None:
        """The seat's chip on the empty `cell` with `card`; the sequences it makes."""
        team = seat % self.teams
        bit = 1 << team
        self.hands[seat].remove(card)
        self.discards.append(card)
        self.board[cell] = bit
        counts, empties, closed = self.counts[team], self.empties, self.closed[team]
        hot = self.hot[team]
        full = False
        for w in CELL_WINDOWS[cell]:
            empties[w] -= 1
            counts[w] += 1
            if counts[w] >= 3:
                hot.add(w)
                if counts[w] == 5 and w not in closed:
                    full = True
        if full:
            self._make_sequences(cell, bit, team)

    def _make_sequences(self, cell: int, bit: int, team: int) -> None:
        sequences = self.sequences[team]
        per_direction = sequence_options(self.board, cell, bit, sequences)
        if not per_direction:
            return
        team_cells = {c for seq in sequences for c in seq}
        new = [window for options in per_direction for window in best_option(options, team_cells)]
        sequences.extend(new)
        self.locked.update(c for window in new for c in window)
        for seq in new:  # closed sets only grow, and are shared with `others`
            self.closed[team].update(_OVERLAPPING[_WINDOW_INDEX[seq]])
        if len(sequences) >= self.needed:
            self.winner = team

    def remove(self, seat: int, card: str, cell: int) -> None:
        """The seat's one-eyed `card` takes the opposing chip off `cell`."""
        owner = self.board[cell].bit_length() - 1
        self.hands[seat].remove(card)
        self.discards.append(card)
        self.board[cell] = EMPTY
        counts, empties, hot = self.counts[owner], self.empties, self.hot[owner]
        for w in CELL_WINDOWS[cell]:
            empties[w] += 1
            counts[w] -= 1
            if counts[w] == 2:
                hot.discard(w)

    def discard(self, seat: int, card: str) -> None:
        """A card given up without a play (a dead card, or no play in hand)."""
        self.hands[seat].remove(card)
        self.discards.append(card)

    def draw(self, seat: int) -> None:
        if not self.pile:
            if not self.discards:
                return
            self.pile, self.discards = self.discards, []
            self.rng.shuffle(self.pile)
        self.hands[seat].append(self.pile.pop())

    # --- the policy ----------------------------------------------------------

    def gain(self, team: int, cell: int) -> float:
        """What the team gains by its chip on the empty `cell` (level 1's `Position.place`, in small)."""
        counts, empties, closed = self.counts[team], self.empties, self.closed[team]
        others = self.others[team]
        gain = 0.0
        if len(others) == 1:  # two teams, the playouts' hot spot: a window open to one team holds none of the other's
            their, their_closed = others[0]
            for w in CELL_WINDOWS[cell]:
                free = empties[w]
                held = counts[w]
                if held + free == 5:
                    if w not in closed:
                        gain += GROW[held]
                else:
                    theirs = their[w]
                    if theirs + free == 5 and w not in their_closed:
                        gain += BLOCK[theirs]
            return gain
        for w in CELL_WINDOWS[cell]:
            free = empties[w]
            held = counts[w]
            if held + free == 5 and w not in closed:
                gain += GROW[held]
            for their, their_closed in others:
                theirs = their[w]
                if theirs and theirs + free == 5 and w not in their_closed:
                    gain += BLOCK[theirs]
        return gain

    def hot_windows(self) -> list[tuple[int, int]]:
        """(window, whose) of the windows open to a team that holds three or more of it, in window order."""
        empties = self.empties
        return [
            (w, t)
            for t in range(self.teams)
            for w in sorted(self.hot[t])
            if self.counts[t][w] + empties[w] == 5 and w not in self.closed[t]
        ]

    def choose(self, seat: int):
        """(card, cell, is a removal) the policy plays, or (card, None, False) to discard `card`."""
        team = seat % self.teams
        board = self.board
        best, choice = -1.0, None
        hand = self.hands[seat]
        two_eyed = one_eyed = None
        dead = None
        for card in hand:
            cells = CARD_CELLS.get(card)
            if cells is None:
                if card in TWO_EYED_JACKS:
                    two_eyed = card
                else:
                    one_eyed = card
                continue
            playable = False
            for cell in cells:
                if board[cell] == EMPTY:
                    playable = True
                    value = self.gain(team, cell)
                    if value > best:
                        best, choice = value, (card, cell, False)
            if not playable:
                dead = card
        if two_eyed is not None or one_eyed is not None:
            cost = self.jack_cost[team]
            for w, whose in self.hot_windows():
                if two_eyed is not None:
                    for cell in WINDOWS[w]:
                        if board[cell] == EMPTY:
                            value = self.gain(team, cell) - cost
                            if value > best:
                                best, choice = value, (two_eyed, cell, False)
                if one_eyed is not None and whose != team:
                    value = BLOCK[self.counts[whose][w]] - ONE_EYED_COST
                    if value > best:
                        for cell in WINDOWS[w]:
                            if _NOT_CORNER[cell] and board[cell] != EMPTY and cell not in self.locked:
                                best, choice = value, (one_eyed, cell, True)
                                break
        if choice is None:
            if dead is None:
                dead = next((c for c in hand if c in TWO_EYED_JACKS), None) or hand[0]
            return dead, None, False
        return choice

    def turn(self, seat: int) -> None:
        """The seat's turn: a move by the policy, then its draw."""
        if not self.hands[seat]:
            return
        card, cell, removal = self.choose(seat)
        if cell is None:
            self.discard(seat, card)
        elif removal:
            self.remove(seat, card, cell)
        else:
            self.place(seat, card, cell)
        self.draw(seat)

    def run(self, first: int, plies: int) -> int:
        """Turns from seat `first` on, until a team wins or `plies` turns are played; how many were."""
        seat, players = first, self.players
        for ply in range(plies):
            self.turn(seat)
            if self.winner is not None:
                return ply + 1
            seat = (seat + 1) % players
        return plies

    def score(self, team: int) -> float:
        """How far the team's lines are: its sequences, and its open windows by how full."""
        closed = self.closed[team]
        empties = self.empties
        lines = sum(
            [
                OPEN[held]
                for held, free, w in zip(self.counts[team], empties, _WINDOW_NUMBERS, strict=True)
                if held < 5 and held + free == 5 and w not in closed
            ]
        )
        return SEQUENCE * len(self.sequences[team]) + lines
