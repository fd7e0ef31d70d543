"""Worlds a seat cannot tell apart from the real one, for a search.

Every card is in a hand, in the draw pile or on a discard pile. The seat sees
its own hand, every discard pile and how many cards each other hand and the
pile hold, so the cards it does not see are all the others: a world deals them
at random into the other hands and the pile. Nothing but the view is read."""

import random
from collections import Counter

from games.engine.board import CELL_INDEX, CORNERS
from games.engine.cards import FULL_DECK
from games.engine.setup import TEAM_NAMES
from games.engine.state import CORNER, EMPTY, RULES_AS_RULED, State

_DECK_COUNT = Counter(FULL_DECK)


def unseen_cards(view: dict) -> list[str]:
    """The cards `view`'s seat cannot see, in a fixed order (so a seeded sample repeats)."""
    left = Counter(_DECK_COUNT)
    left.subtract(view["hand"])
    for pile in view["discards"]:
        left.subtract(pile)
    return sorted(left.elements())


class WorldMaker:
    """Samples States consistent with one view; the parts every world shares are built once."""

    def __init__(self, view: dict):
        self.view = view
        self.unseen = unseen_cards(view)
        self.seat = view["seat"]
        players = view["players"]
        teams = len(view["teams"])
        board = [CORNER if cell in CORNERS else EMPTY for cell in range(100)]
        for name, team in view["board"].items():
            board[CELL_INDEX[name]] = 1 << TEAM_NAMES.index(team)
        self.board = board
        self.sequences = [
            [tuple(CELL_INDEX[c] for c in seq) for seq in view["sequences"][TEAM_NAMES[t]]] for t in range(teams)
        ]
        self.locked = frozenset(c for seqs in self.sequences for seq in seqs for c in seq)
        seats = view["seats"]
        turn = view["turn"]
        # Only the order of open draws matters (an older one is lost first): a draw
        # opened k seats before the one to play was opened k turns ago.
        self.turn_no = players + 1
        self.pending = [
            (self.turn_no - ((turn - s) % players or players)) if seats[s]["draw_open"] else None
            for s in range(players)
        ]

    def sample(self, rng: random.Random) -> State:
        view = self.view
        cards = self.unseen[:]
        rng.shuffle(cards)
        state = State.__new__(State)
        state.players, state.teams, state.draw_mode = view["players"], len(view["teams"]), view["draw_mode"]
        state.deck, state.reshuffles = (), ()
        state.board = self.board[:]
        hands = []
        for info in view["seats"]:
            if info["seat"] == self.seat:
                hands.append(list(view["hand"]))
            else:
                hands.append(cards[: info["cards"]])
                del cards[: info["cards"]]
        state.hands = hands
        state.pile = cards  # what is left: the draw pile (drawn from the end, in any order)
        state.discards = [list(pile) for pile in view["discards"]]
        state.sequences = [list(seqs) for seqs in self.sequences]
        state.locked = self.locked
        state.turn, state.turn_no = view["turn"], self.turn_no
        state.pending = list(self.pending)
        state.penalties = [info["penalties_owed"] for info in view["seats"]]
        state.resigned = [any(i["resigned"] for i in view["seats"] if i["team"] == name) for name in view["teams"]]
        state.dead_used = view["dead_card_used"]
        state.passed = state.passes = 0  # not in the view; only a drawn game by passes needs them
        state.result = dict(view["result"]) if view["result"] else None
        state.rules = RULES_AS_RULED
        state.moves_applied = 0
        return state
