"""The rules: which moves are legal for a seat, and what a move does.

`apply` returns a new State and the events that happened; the events hold
only what everyone at the table sees (never a drawn card)."""

import operator
import random
from collections.abc import Callable
from itertools import compress

from games.engine.board import CARD_CELLS, CELL_NAMES, CORNERS, cells_label
from games.engine.cards import ONE_EYED_JACKS, TWO_EYED_JACKS
from games.engine.moves import (
    CANONICAL_PLAYS,
    DEAD,
    DRAW,
    LOST,
    PASS,
    PENALIZE,
    PENALTY,
    PLAY,
    RESIGN,
    SKIP,
    MoveSyntaxError,
    ParsedMove,
    parse_move,
)
from games.engine.refusals import Refused
from games.engine.sequences import best_option, sequence_options
from games.engine.setup import TEAM_NAMES
from games.engine.state import CORNER, EMPTY, RULES_PASSES_IN_A_ROW, State

Shuffle = Callable[[list[str]], list[str]]
Event = dict


class IllegalMove(Refused):
    """A move the rules refuse. The message says what is wrong and what is legal."""


# Canonical move texts, precomputed so that listing legal moves builds no strings.
_CARD_SPACES = {
    card: (a, b, f"{card} {CELL_NAMES[a]}", f"{card} {CELL_NAMES[b]}") for card, (a, b) in CARD_CELLS.items()
}
_JACK_TEXTS = {
    jack: tuple(f"{jack} {CELL_NAMES[cell]}" for cell in range(100)) for jack in TWO_EYED_JACKS | ONE_EYED_JACKS
}
_CELLS = range(100)


def _system_shuffle(cards: list[str]) -> list[str]:
    cards = list(cards)
    random.SystemRandom().shuffle(cards)
    return cards


# --- what is playable -------------------------------------------------------


def is_dead(board: list[int], card: str) -> bool:
    """Both spaces of the card are covered. Jacks are never dead."""
    cells = CARD_CELLS.get(card)
    return cells is not None and board[cells[0]] != EMPTY and board[cells[1]] != EMPTY


def _removable(state: State, bit: int) -> list[int]:
    """Cells of opposing chips that are in no finished sequence."""
    # compress/map keep the scan of the 100 cells in C: this runs every turn.
    opposing = compress(_CELLS, map((CORNER & ~bit).__and__, state.board))
    locked = state.locked
    return [cell for cell in opposing if cell not in CORNERS and cell not in locked]


def _plays_and_dead(state: State, seat: int) -> tuple[list[str], list[str]]:
    """The plays the seat's hand allows, and its dead cards. The hot path of
    every turn, hence the plain loops."""
    board = state.board
    plays: list[str] = []
    dead: list[str] = []
    removable = None
    for card in dict.fromkeys(state.hands[seat]):
        spaces = _CARD_SPACES.get(card)
        if spaces is not None:
            a, b, text_a, text_b = spaces
            if board[a] == EMPTY:
                plays.append(text_a)
                if board[b] == EMPTY:
                    plays.append(text_b)
            elif board[b] == EMPTY:
                plays.append(text_b)
            else:
                dead.append(card)
        elif card in TWO_EYED_JACKS:
            plays += compress(_JACK_TEXTS[card], map(operator.not_, board))  # corners are never EMPTY
        else:
            if removable is None:
                removable = _removable(state, 1 << seat % state.teams)
            texts = _JACK_TEXTS[card]
            plays += [texts[cell] for cell in removable]
    return plays, dead


def can_act(state: State, seat: int) -> bool:
    """A seat of a team still in the game that holds a card or has a draw to take."""
    return not state.resigned[seat % state.teams] and bool(state.hands[seat] or state.pending[seat] is not None)


def legal_moves(state: State, seat: int) -> list[str]:
    """Every move `seat` may enter now, in canonical notation. Naming a
    sequence is optional, so plays are listed without `seq`. The site's own
    inputs (`lost`, `skip`, `penalize`) are not listed."""
    if state.result is not None or state.resigned[seat % state.teams]:
        return []
    hand = state.hands[seat]
    on_turn = seat == state.turn
    moves = ["draw"] if state.pending[seat] is not None else []
    if on_turn and moves:
        return [*moves, "resign"]  # one draw at a time: the open draw comes first
    if state.penalties[seat]:
        moves.extend(f"penalty {card}" for card in dict.fromkeys(hand))
    elif on_turn:
        plays, dead = _plays_and_dead(state, seat)
        if dead and not state.dead_used:
            moves.extend(f"dead {card}" for card in dead)
        moves.extend(plays or [f"pass {card}" for card in dict.fromkeys(hand)])
    moves.append("resign")
    return moves


def legal_actions(state: State, seat: int) -> list[dict]:
    """legal_moves as data, in the same order, for pages and clients:
    {"kind": "play" | "remove" | "dead" | "pass" | "draw" | "penalty" | "resign",
    "card": "7H", "cell": "C4", "text": "7H C4"} with the keys each kind has.
    Read back from the notation, so that the two never disagree; legal_moves
    stays the fast path."""
    return [parse_move(text).as_action() for text in legal_moves(state, seat)]


# --- applying a move ----------------------------------------------------------


def apply(state: State, seat: int | None, text: str, *, shuffle: Shuffle | None = None) -> tuple[State, list[Event]]:
    """Apply one input by `seat` (None for the site's moderator). Raises
    IllegalMove and leaves `state` untouched when the rules refuse it."""
    try:
        move = CANONICAL_PLAYS.get(text) or parse_move(text)  # the common case skips a call
    except MoveSyntaxError as exc:
        raise IllegalMove(exc.code, **exc.params) from None
    except TypeError:  # not even hashable: no text at all
        raise IllegalMove("not_text") from None
    if state.result is not None:
        raise IllegalMove("game_over")
    new = state.copy()
    events: list[Event] = []
    _Turn(new, seat, move, shuffle or _system_shuffle, events).run()
    new.moves_applied += 1
    return new, events


class _Turn:
    """Carries out one move on a copy of the state. The copy shares its inner
    lists with the original, so every change here replaces a list."""

    __slots__ = ("events", "move", "s", "seat", "shuffle")

    def __init__(self, state: State, seat: int | None, move: ParsedMove, shuffle: Shuffle, events: list[Event]):
        self.s, self.seat, self.move, self.shuffle, self.events = state, seat, move, shuffle, events

    def run(self) -> None:
        s, seat, kind = self.s, self.seat, self.move.kind
        if kind == PENALIZE:
            return self.penalize()
        if type(seat) is not int or not 0 <= seat < s.players:
            raise IllegalMove("not_a_seat", move=self.move.text)
        if s.resigned[seat % s.teams]:
            raise IllegalMove("team_resigned")
        _HANDLERS[kind](self)
        if s.result is None and not can_act(s, s.turn):
            self.advance()
        if s.passed and s.result is None and s.rules != RULES_PASSES_IN_A_ROW and self.all_have_passed():
            self.finish(None, "draw")

    # -- helpers --
    def all_have_passed(self) -> bool:
        """Each seat that can act has passed since the last chip was placed or
        removed. Checked after every input: a resignation or a lost draw can
        leave only seats that have passed."""
        s = self.s
        return all(s.passed >> seat & 1 for seat in range(s.players) if can_act(s, seat))

    def set_item(self, name: str, index: int, value) -> None:
        """Lists shared with the previous state are replaced, never changed in place."""
        items = list(getattr(self.s, name))
        items[index] = value
        setattr(self.s, name, items)

    def emit(self, type_: str, **data) -> None:
        self.events.append({"type": type_, **data})

    def require_card(self, card: str) -> None:
        hand = self.s.hands[self.seat]
        if card not in hand:
            raise IllegalMove("card_not_held", card=card, hand=list(hand))

    def take_card(self, card: str) -> None:
        """Move a card the seat holds (checked by the caller) to its discard pile."""
        s, seat = self.s, self.seat
        hand = s.hands[seat][:]
        hand.remove(card)
        s.hands[seat] = hand
        s.discards[seat] = [*s.discards[seat], card]

    def draw_card(self, seat: int) -> None:
        s = self.s
        if not s.pile:
            cards = [card for pile in s.discards for card in pile]
            if not cards:
                self.emit("draw_pile_empty", seat=seat)
                return
            new_pile = list(self.shuffle(list(cards)))
            if sorted(new_pile) != sorted(cards):
                raise IllegalMove("bad_reshuffle")
            s.reshuffles = (*s.reshuffles, tuple(new_pile))
            s.discards = [[] for _ in range(s.players)]
            s.pile = new_pile[::-1]
            self.emit("deck_reshuffled", cards=len(new_pile))
        s.hands[seat] = [*s.hands[seat], s.pile.pop()]
        self.events.append({"type": "card_drawn", "seat": seat})

    def require_turn(self) -> None:
        s, seat = self.s, self.seat
        if seat != s.turn:
            raise IllegalMove("not_your_turn", turn=s.turn, team=TEAM_NAMES[s.team_of(s.turn)])
        if s.pending[seat] is not None:
            raise IllegalMove("draw_first")
        if s.penalties[seat]:
            raise IllegalMove("penalty_first", example=s.hands[seat][0])

    def complete_turn(self, turn_no: int) -> None:
        """The seat has played and drawn: draws still open from earlier turns are lost."""
        for other, opened in enumerate(self.s.pending):
            if opened is not None and opened < turn_no and other != self.seat:
                self.set_item("pending", other, None)
                self.emit("draw_lost", seat=other)

    def advance(self) -> None:
        s = self.s
        s.dead_used = False
        players, teams, hands, pending, resigned = s.players, s.teams, s.hands, s.pending, s.resigned
        for step in range(1, players + 1):
            candidate = (s.turn + step) % players
            if not resigned[candidate % teams] and (hands[candidate] or pending[candidate] is not None):
                s.turn = candidate
                s.turn_no += 1
                return
        self.finish(None, "draw")

    def finish(self, winner: int | None, reason: str) -> None:
        s = self.s
        s.result = {"winner": None if winner is None else TEAM_NAMES[winner], "reason": reason}
        s.turn = None
        self.emit("game_over", **s.result)

    # -- the moves --
    def play(self) -> None:
        s, seat, move = self.s, self.seat, self.move
        card, cell = move.card, move.cell
        # The usual case in one test; the require_* methods say what is wrong.
        if seat != s.turn or s.pending[seat] is not None or s.penalties[seat] or card not in s.hands[seat]:
            self.require_turn()
            self.require_card(card)
        team = seat % s.teams
        bit = 1 << team
        board = s.board
        where = CELL_NAMES[cell]
        if card in ONE_EYED_JACKS:
            self.remove_chip(card, cell, bit, where)
        else:
            if cell in CORNERS:
                raise IllegalMove("corner", cell=where)
            if board[cell] != EMPTY:
                owner = TEAM_NAMES[board[cell].bit_length() - 1]
                free, hint = self.where_it_goes(card)
                raise IllegalMove("cell_occupied", cell=where, owner=owner, card=card, free_cells=free, hint=hint)
            if card not in TWO_EYED_JACKS and cell not in CARD_CELLS[card]:
                free, hint = self.where_it_goes(card)
                raise IllegalMove("not_on_card", card=card, cell=where, free_cells=free, hint=hint)
            self.take_card(card)
            board[cell] = bit
            self.events.append(
                {"type": "chip_placed", "seat": seat, "team": TEAM_NAMES[team], "cell": where, "card": card}
            )
            per_direction = sequence_options(board, cell, bit, s.sequences[team])
            if per_direction or move.named:
                self.make_sequences(per_direction, team)
                if s.result is not None:
                    return  # the game is won in the middle of the turn
        s.passes = s.passed = 0
        if s.draw_mode == "automatic":
            self.draw_card(seat)  # no draw is ever left open in this mode
        else:
            self.set_item("pending", seat, s.turn_no)
        self.advance()

    def where_it_goes(self, card: str) -> tuple[list[str], str]:
        """For a refused placement: the card's free spaces, and the hint that says what is legal instead."""
        if card in TWO_EYED_JACKS:
            return [], "two_eyed_jack_anywhere"
        free = [CELL_NAMES[c] for c in CARD_CELLS[card] if self.s.board[c] == EMPTY]
        return free, "card_can_go" if free else "card_is_dead"

    def remove_chip(self, card: str, cell: int, bit: int, where: str) -> None:
        s = self.s
        if self.move.named:
            raise IllegalMove("jack_names_sequence")
        chip = s.board[cell]
        if cell in CORNERS:
            raise IllegalMove("remove_corner", cell=where)
        if chip == EMPTY:
            raise IllegalMove("remove_empty", cell=where)
        if chip == bit:
            raise IllegalMove("remove_own", cell=where)
        if cell in s.locked:
            owner = chip.bit_length() - 1
            seq = next(q for q in s.sequences[owner] if cell in q)
            raise IllegalMove("remove_sequence", cell=where, owner=TEAM_NAMES[owner], sequence=cells_label(seq))
        self.take_card(card)
        s.board[cell] = EMPTY
        owner = TEAM_NAMES[chip.bit_length() - 1]
        self.emit("chip_removed", seat=self.seat, team=owner, cell=where, card=card)

    def make_sequences(self, per_direction, team: int) -> None:
        s = self.s
        named = set(self.move.named)
        if not per_direction:
            raise IllegalMove("named_without_sequence")
        if named:
            chosen = self.named_options(per_direction, named)
        else:
            team_cells = {c for seq in s.sequences[team] for c in seq}
            chosen = [best_option(options, team_cells) for options in per_direction]
        new = [window for option in chosen for window in option]
        self.set_item("sequences", team, [*s.sequences[team], *new])
        s.locked = s.locked | {cell for window in new for cell in window}
        for window in new:
            self.emit("sequence_made", team=TEAM_NAMES[team], cells=[CELL_NAMES[c] for c in window])
        if len(s.sequences[team]) >= s.needed:
            self.finish(team, "sequences")

    @staticmethod
    def named_options(per_direction, named: set) -> list:
        """The options the player's `seq` names pick out: all new sequences, or refuse."""

        def labels(options) -> list[list[str]]:
            return [[cells_label(window) for window in option] for option in options]

        makes = [labels(options) for options in per_direction]
        possible = {window for options in per_direction for option in options for window in option}
        unknown = sorted(named - possible)
        if unknown:
            raise IllegalMove("not_a_new_sequence", named=[cells_label(w) for w in unknown], makes=makes)
        chosen = []
        for options in per_direction:
            matches = [option for option in options if set(option) <= named]
            if not matches:
                raise IllegalMove("sequence_not_named", unnamed=labels(options))
            chosen.append(matches[0])  # the options of one direction all count the same number
        extra = sorted(named - {window for option in chosen for window in option})
        if extra:
            raise IllegalMove("named_overlap", extra=[cells_label(w) for w in extra], makes=makes)
        return chosen

    def dead(self) -> None:
        s, card = self.s, self.move.card
        self.require_turn()
        if s.dead_used:
            raise IllegalMove("dead_used")
        self.require_card(card)
        if not is_dead(s.board, card):
            if card in CARD_CELLS:
                free = [CELL_NAMES[c] for c in CARD_CELLS[card] if s.board[c] == EMPTY]
                raise IllegalMove("not_dead", card=card, free_cells=free)
            raise IllegalMove("jack_never_dead")
        self.take_card(card)
        s.dead_used = True
        self.emit("dead_card_turned_in", seat=self.seat, card=card)
        self.draw_card(self.seat)

    def pass_(self) -> None:
        s, card = self.s, self.move.card
        self.require_turn()
        playable, _ = _plays_and_dead(s, self.seat)
        if playable:
            raise IllegalMove("can_still_play", move=playable[0])
        self.require_card(card)
        self.take_card(card)
        self.emit("passed", seat=self.seat, card=card)
        self.draw_card(self.seat)
        self.complete_turn(s.turn_no)
        s.passes += 1
        if s.rules != RULES_PASSES_IN_A_ROW:  # games of the first reading stored no such bits
            s.passed |= 1 << self.seat
        self.advance()
        # The first reading: as many passes as seats that can act, skipped turns not counted.
        old_reading = s.rules == RULES_PASSES_IN_A_ROW and s.result is None
        if old_reading and s.passes >= sum(1 for seat in range(s.players) if can_act(s, seat)):
            self.finish(None, "draw")

    def draw(self) -> None:
        s, seat = self.s, self.seat
        opened = s.pending[seat]
        if opened is None and s.draw_mode == "automatic":
            raise IllegalMove("draw_is_part_of_play")
        if opened is None:
            raise IllegalMove("no_draw_to_take")
        self.set_item("pending", seat, None)
        self.draw_card(seat)
        self.complete_turn(opened)

    def lost(self) -> None:
        s, seat = self.s, self.seat
        if s.pending[seat] is None:
            raise IllegalMove("no_open_draw", seat=seat, team=TEAM_NAMES[s.team_of(seat)])
        self.set_item("pending", seat, None)
        self.emit("draw_lost", seat=seat)

    def skip(self) -> None:
        s = self.s
        if self.seat != s.turn:
            raise IllegalMove("skip_not_on_turn", turn=s.turn, team=TEAM_NAMES[s.team_of(s.turn)])
        self.emit("turn_skipped", seat=self.seat)
        self.advance()

    def resign(self) -> None:
        s = self.s
        team = s.team_of(self.seat)
        self.set_item("resigned", team, True)
        self.emit("resigned", seat=self.seat, team=TEAM_NAMES[team])
        remaining = [t for t in range(s.teams) if not s.resigned[t]]
        if len(remaining) == 1:
            self.finish(remaining[0], "resign")

    def penalty(self) -> None:
        s, seat = self.s, self.seat
        if not s.penalties[seat]:
            raise IllegalMove("no_penalty_owed")
        self.require_card(self.move.card)
        self.take_card(self.move.card)
        self.set_item("penalties", seat, s.penalties[seat] - 1)
        self.emit("penalty_discarded", seat=seat, card=self.move.card)

    def penalize(self) -> None:
        s, team = self.s, self.move.team
        if self.seat is not None:
            raise IllegalMove("moderator_only")
        if team >= s.teams or s.resigned[team]:
            raise IllegalMove("no_such_team", team=TEAM_NAMES[team])
        for seat in range(team, s.players, s.teams):
            # Owed cards never exceed the hand: a member with no card has nothing to give.
            if s.penalties[seat] < len(s.hands[seat]):
                self.set_item("penalties", seat, s.penalties[seat] + 1)
        self.emit("penalized", team=TEAM_NAMES[team])


_HANDLERS = {
    PLAY: _Turn.play,
    DEAD: _Turn.dead,
    PASS: _Turn.pass_,
    DRAW: _Turn.draw,
    LOST: _Turn.lost,
    SKIP: _Turn.skip,
    RESIGN: _Turn.resign,
    PENALTY: _Turn.penalty,
}
