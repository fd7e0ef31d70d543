"""The full state of a game, secrets included, and its exact JSON round trip.

Only the server holds a State; players see `player_view` of it."""

from games.engine.board import CELL_INDEX, CELL_NAMES, CORNERS
from games.engine.cards import FULL_DECK, parse_card
from games.engine.setup import (
    FIRST_SEAT,
    HAND_SIZE,
    TEAM_NAMES,
    SetupError,
    check_setup,
    sequences_to_win,
    team_of,
)

EMPTY = 0
CORNER = 0b111  # a corner counts as a chip of every team
DRAW_MODES = ("automatic", "tabletop")
# Rule versions a game is played by. 1: the game was drawn once as many passes
# as seats that can act came one after another (skipped turns in between
# counted for nothing), the first reading of "no legal play". 2: RULES.md as
# ruled: drawn once each seat that can act has passed since the last chip was
# placed or removed. A state stored without a version is of version 1.
RULES_PASSES_IN_A_ROW, RULES_AS_RULED = 1, 2
RULES_VERSIONS = (RULES_PASSES_IN_A_ROW, RULES_AS_RULED)


def team_bit(team: int) -> int:
    return 1 << team


class State:
    """A game position. `apply` never changes a State; it returns a new one."""

    __slots__ = (
        "board",  # 100 ints: EMPTY, CORNER or the bit of the team whose chip it is
        "dead_used",  # the seat to play has already turned in a dead card this turn
        "deck",  # the 104 cards as shuffled before the deal, top first (for records)
        "discards",  # per seat, bottom first
        "draw_mode",
        "hands",  # per seat
        "locked",  # cells of any finished sequence (derived from `sequences`)
        "moves_applied",
        "passed",  # bit per seat: it has passed since the last chip was placed or removed
        "passes",  # passes since the last chip was placed or removed
        "penalties",  # per seat: table-talk discards still owed
        "pending",  # per seat: turn number of the play whose draw is still open, or None
        "pile",  # the draw pile, top LAST so that drawing is pop()
        "players",
        "reshuffles",  # every pile formed from the discards so far, top first (for records)
        "resigned",  # per team
        "result",  # None or {"winner": name or None, "reason": ...}
        "rules",  # the rule version the game is played by (RULES_VERSIONS)
        "sequences",  # per team: five-cell tuples in the order made
        "teams",
        "turn",  # the seat to play, None once the game is over
        "turn_no",  # counts turns, to tell which draw windows a completed turn closes
    )

    @property
    def needed(self) -> int:
        return sequences_to_win(self.teams)

    def team_of(self, seat: int) -> int:
        return team_of(seat, self.teams)

    def copy(self) -> "State":
        new = State.__new__(State)
        # Only the board, the pile and the outer per-seat lists are copied: the
        # rules replace an inner list (a hand, a discard pile, `pending`…)
        # rather than change it, so the two states may share the rest.
        new.board = self.board[:]
        new.dead_used = self.dead_used
        new.deck = self.deck
        new.discards = self.discards[:]
        new.draw_mode = self.draw_mode
        new.hands = self.hands[:]
        new.locked = self.locked
        new.moves_applied = self.moves_applied
        new.passed = self.passed
        new.passes = self.passes
        new.penalties = self.penalties
        new.pending = self.pending
        new.pile = self.pile[:]
        new.players = self.players
        new.reshuffles = self.reshuffles
        new.resigned = self.resigned
        new.result = self.result
        new.rules = self.rules
        new.sequences = self.sequences
        new.teams = self.teams
        new.turn = self.turn
        new.turn_no = self.turn_no
        return new

    def __eq__(self, other) -> bool:
        return isinstance(other, State) and state_to_json(self) == state_to_json(other)

    __hash__ = None


def deal(*, players: int, teams: int, draw_mode: str, deck: list[str], rules: int = RULES_AS_RULED) -> State:
    """A new game: the hands dealt one card at a time from the top, seat 0 first.
    `rules` is only ever older for replaying a record of an older game."""
    check_setup(players, teams)
    if draw_mode not in DRAW_MODES:
        raise SetupError("draw_mode", draw_mode=draw_mode)
    if sorted(deck) != sorted(FULL_DECK):
        raise SetupError("deck")
    size = HAND_SIZE[players]
    state = State.__new__(State)
    state.players, state.teams, state.draw_mode = players, teams, draw_mode
    state.deck = tuple(deck)
    state.board = [CORNER if cell in CORNERS else EMPTY for cell in range(100)]
    state.hands = [[deck[round_ * players + seat] for round_ in range(size)] for seat in range(players)]
    state.pile = list(reversed(deck[size * players :]))
    state.discards = [[] for _ in range(players)]
    state.sequences = [[] for _ in range(teams)]
    state.locked = frozenset()
    state.reshuffles = ()
    state.turn, state.turn_no = FIRST_SEAT, 0
    state.pending = [None] * players
    state.penalties = [0] * players
    state.resigned = [False] * teams
    state.dead_used = False
    state.passed = 0
    state.passes = 0
    state.result = None
    state.rules = rules
    state.moves_applied = 0
    return state


def state_to_json(state: State) -> dict:
    return {
        "players": state.players,
        "teams": state.teams,
        "draw_mode": state.draw_mode,
        "deck": list(state.deck),
        "reshuffles": [list(pile) for pile in state.reshuffles],
        "board": {
            CELL_NAMES[cell]: TEAM_NAMES[chip.bit_length() - 1]
            for cell, chip in enumerate(state.board)
            if chip not in (EMPTY, CORNER)
        },
        "hands": [list(hand) for hand in state.hands],
        "draw_pile": list(reversed(state.pile)),
        "discards": [list(pile) for pile in state.discards],
        "sequences": [[[CELL_NAMES[cell] for cell in seq] for seq in seqs] for seqs in state.sequences],
        "turn": state.turn,
        "turn_no": state.turn_no,
        "pending_draws": list(state.pending),
        "penalties": list(state.penalties),
        "resigned": [TEAM_NAMES[team] for team in range(state.teams) if state.resigned[team]],
        "dead_used": state.dead_used,
        "passed": [seat for seat in range(state.players) if state.passed >> seat & 1],
        "passes": state.passes,
        "result": dict(state.result) if state.result else None,
        "rules": state.rules,
        "moves_applied": state.moves_applied,
    }


def state_from_json(data: dict) -> State:
    """The inverse of state_to_json. Trusts its input: it is the server's own."""
    state = State.__new__(State)
    state.players, state.teams, state.draw_mode = data["players"], data["teams"], data["draw_mode"]
    state.deck = tuple(data["deck"])
    state.reshuffles = tuple(tuple(pile) for pile in data["reshuffles"])
    state.board = [CORNER if cell in CORNERS else EMPTY for cell in range(100)]
    for name, team in data["board"].items():
        state.board[CELL_INDEX[name]] = team_bit(TEAM_NAMES.index(team))
    state.hands = [[parse_card(card) for card in hand] for hand in data["hands"]]
    state.pile = list(reversed(data["draw_pile"]))
    state.discards = [list(pile) for pile in data["discards"]]
    state.sequences = [[tuple(CELL_INDEX[name] for name in seq) for seq in seqs] for seqs in data["sequences"]]
    state.locked = frozenset(cell for seqs in state.sequences for seq in seqs for cell in seq)
    state.turn, state.turn_no = data["turn"], data["turn_no"]
    state.pending = list(data["pending_draws"])
    state.penalties = list(data["penalties"])
    state.resigned = [TEAM_NAMES[team] in data["resigned"] for team in range(state.teams)]
    state.dead_used = data["dead_used"]
    state.passed = sum(1 << seat for seat in data.get("passed", ()))
    state.passes = data["passes"]
    state.result = dict(data["result"]) if data["result"] else None
    # States stored before rule versions existed were played by the first reading.
    state.rules = data.get("rules", RULES_PASSES_IN_A_ROW)
    state.moves_applied = data["moves_applied"]
    return state
