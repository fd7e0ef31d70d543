"""The rules: which moves are legal for a seat, and what a move does.

`apply` returns a new State and the events that happened; the events hold
only what everyone at the table sees (never a drawn card)."""

import operator
import random
from collections.abc import Callable
from itertools import compress

from games.engine.board import CARD_CELLS, CELL_NAMES, CORNERS, cells_label
from games.engine.cards import ONE_EYED_JACKS, TWO_EYED_JACKS, card_label
from games.engine.moves import (
    CANONICAL_PLAYS,
    DEAD,
    DRAW,
    HELP,
    LOST,
    PASS,
    PENALIZE,
    PENALTY,
    PLAY,
    RESIGN,
    SKIP,
    Move,
    MoveSyntaxError,
    parse_move,
)
from games.engine.sequences import best_option, sequence_options
from games.engine.setup import TEAM_NAMES
from games.engine.state import CORNER, EMPTY, State

Shuffle = Callable[[list[str]], list[str]]
Event = dict


class IllegalMove(ValueError):
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


def seat_label(state: State, seat: int) -> str:
    return f"seat {seat} ({TEAM_NAMES[state.team_of(seat)]})"


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


# --- applying a move ----------------------------------------------------------


def apply(state: State, seat: int | None, text: str, *, shuffle: Shuffle | None = None) -> tuple[State, list[Event]]:
    """Apply one input by `seat` (None for the site's moderator). Raises
    IllegalMove and leaves `state` untouched when the rules refuse it."""
    try:
        move = CANONICAL_PLAYS.get(text) or parse_move(text)  # the common case skips a call
    except (MoveSyntaxError, TypeError) as exc:
        raise IllegalMove(str(exc) if isinstance(exc, MoveSyntaxError) else HELP) from None
    if state.result is not None:
        raise IllegalMove("The game is over; no more moves can be made.")
    new = state.copy()
    events: list[Event] = []
    _Turn(new, seat, move, shuffle or _system_shuffle, events).run()
    new.moves_applied += 1
    return new, events


class _Turn:
    """Carries out one move on a copy of the state. The copy shares its inner
    lists with the original, so every change here replaces a list."""

    __slots__ = ("events", "move", "s", "seat", "shuffle")

    def __init__(self, state: State, seat: int | None, move: Move, shuffle: Shuffle, events: list[Event]):
        self.s, self.seat, self.move, self.shuffle, self.events = state, seat, move, shuffle, events

    def run(self) -> None:
        s, seat, kind = self.s, self.seat, self.move.kind
        if kind == PENALIZE:
            return self.penalize()
        if type(seat) is not int or not 0 <= seat < s.players:
            raise IllegalMove(
                f"'{self.move.text}' must be made by a seat of the game; only 'penalize TEAM' is the site's."
            )
        if s.resigned[seat % s.teams]:
            raise IllegalMove("Your team has resigned and takes no further part in this game.")
        _HANDLERS[kind](self)
        if s.result is None and not can_act(s, s.turn):
            self.advance()

    # -- helpers --
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
            held = " ".join(card_label(c) for c in hand) or "no cards"
            raise IllegalMove(f"You do not hold {card_label(card)}. Your hand: {held}.")

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
                raise IllegalMove("The reshuffled draw pile must hold exactly the cards of the discard piles.")
            s.reshuffles = (*s.reshuffles, tuple(new_pile))
            s.discards = [[] for _ in range(s.players)]
            s.pile = new_pile[::-1]
            self.emit("deck_reshuffled", cards=len(new_pile))
        s.hands[seat] = [*s.hands[seat], s.pile.pop()]
        self.events.append({"type": "card_drawn", "seat": seat})

    def require_turn(self) -> None:
        s, seat = self.s, self.seat
        if seat != s.turn:
            raise IllegalMove(f"It is not your turn: {seat_label(s, s.turn)} is to play.")
        if s.pending[seat] is not None:
            raise IllegalMove("Take the draw from your last turn first: 'draw'.")
        if s.penalties[seat]:
            raise IllegalMove(
                "Your team was penalized for table talk: first discard a card of your choice, e.g. "
                f"'penalty {s.hands[seat][0]}'."
            )

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
                raise IllegalMove(f"{where} is a corner: it counts for everyone and takes no chip.")
            if board[cell] != EMPTY:
                owner = TEAM_NAMES[board[cell].bit_length() - 1]
                raise IllegalMove(f"{where} already holds a {owner} chip.{self.alternatives(card)}")
            if card not in TWO_EYED_JACKS and cell not in CARD_CELLS[card]:
                raise IllegalMove(f"{card_label(card)} is not on {where}.{self.alternatives(card)}")
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
        s.passes = 0
        if s.draw_mode == "automatic":
            self.draw_card(seat)  # no draw is ever left open in this mode
        else:
            self.set_item("pending", seat, s.turn_no)
        self.advance()

    def alternatives(self, card: str) -> str:
        if card in TWO_EYED_JACKS:
            return " A two-eyed jack goes on any empty space."
        free = [CELL_NAMES[c] for c in CARD_CELLS[card] if self.s.board[c] == EMPTY]
        if free:
            return f" {card_label(card)} can go on {' or '.join(free)}."
        return f" Both spaces of {card_label(card)} are taken: it is dead; turn it in with 'dead {card}'."

    def remove_chip(self, card: str, cell: int, bit: int, where: str) -> None:
        s = self.s
        if self.move.named:
            raise IllegalMove("A one-eyed jack removes a chip; it cannot make a sequence.")
        chip = s.board[cell]
        if cell in CORNERS:
            raise IllegalMove(f"{where} is a corner; a one-eyed jack removes an opponent's chip.")
        if chip == EMPTY:
            raise IllegalMove(f"{where} is empty; a one-eyed jack removes an opponent's chip.")
        if chip == bit:
            raise IllegalMove(f"{where} holds your own team's chip; a one-eyed jack removes an opponent's chip.")
        if cell in s.locked:
            owner = chip.bit_length() - 1
            seq = next(q for q in s.sequences[owner] if cell in q)
            raise IllegalMove(
                f"{where} belongs to {TEAM_NAMES[owner]}'s finished sequence {cells_label(seq)}; "
                "a one-eyed jack cannot remove it"
            )
        self.take_card(card)
        s.board[cell] = EMPTY
        owner = TEAM_NAMES[chip.bit_length() - 1]
        self.emit("chip_removed", seat=self.seat, team=owner, cell=where, card=card)

    def make_sequences(self, per_direction, team: int) -> None:
        s = self.s
        named = set(self.move.named)
        if not per_direction:
            raise IllegalMove("This play makes no sequence, so none can be named.")
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

        def describe(options) -> str:
            return " or ".join(" and ".join(cells_label(w) for w in option) for option in options)

        makes = "; and ".join(describe(options) for options in per_direction)
        possible = {window for options in per_direction for option in options for window in option}
        unknown = sorted(named - possible)
        if unknown:
            listed = ", ".join(cells_label(w) for w in unknown)
            raise IllegalMove(f"{listed} is not a new sequence of yours with this play, which makes {makes}.")
        chosen = []
        for options in per_direction:
            matches = [option for option in options if set(option) <= named]
            if not matches:
                raise IllegalMove(
                    f"This play also makes {describe(options)}, which you did not name: name every new sequence, "
                    "or none."
                )
            chosen.append(matches[0])  # the options of one direction all count the same number
        extra = sorted(named - {window for option in chosen for window in option})
        if extra:
            listed = ", ".join(cells_label(w) for w in extra)
            raise IllegalMove(
                f"{listed} overlaps another named sequence by more than one cell; this play makes {makes}."
            )
        return chosen

    def dead(self) -> None:
        s, card = self.s, self.move.card
        self.require_turn()
        if s.dead_used:
            raise IllegalMove("You have already turned in a dead card this turn; now play a card.")
        self.require_card(card)
        if not is_dead(s.board, card):
            if card in CARD_CELLS:
                free = " or ".join(CELL_NAMES[c] for c in CARD_CELLS[card] if s.board[c] == EMPTY)
                raise IllegalMove(f"{card_label(card)} is not dead: it can still go on {free}.")
            raise IllegalMove("Jacks are never dead.")
        self.take_card(card)
        s.dead_used = True
        self.emit("dead_card_turned_in", seat=self.seat, card=card)
        self.draw_card(self.seat)

    def pass_(self) -> None:
        s, card = self.s, self.move.card
        self.require_turn()
        playable, _ = _plays_and_dead(s, self.seat)
        if playable:
            raise IllegalMove(
                f"You can still play (e.g. '{playable[0]}'); a pass is only for a hand with no legal play."
            )
        self.require_card(card)
        self.take_card(card)
        self.emit("passed", seat=self.seat, card=card)
        self.draw_card(self.seat)
        self.complete_turn(s.turn_no)
        s.passes += 1
        self.advance()
        active = sum(1 for seat in range(s.players) if can_act(s, seat))
        if s.result is None and s.passes >= active:
            self.finish(None, "draw")

    def draw(self) -> None:
        s, seat = self.s, self.seat
        opened = s.pending[seat]
        if opened is None:
            raise IllegalMove(
                "You have no draw to take: in this game "
                + ("the draw is part of each play." if s.draw_mode == "automatic" else "you draw after your own play.")
            )
        self.set_item("pending", seat, None)
        self.draw_card(seat)
        self.complete_turn(opened)

    def lost(self) -> None:
        s, seat = self.s, self.seat
        if s.pending[seat] is None:
            raise IllegalMove(f"{seat_label(s, seat)} has no open draw to lose.")
        self.set_item("pending", seat, None)
        self.emit("draw_lost", seat=seat)

    def skip(self) -> None:
        s = self.s
        if self.seat != s.turn:
            raise IllegalMove(f"Only the seat to play can have its turn skipped; {seat_label(s, s.turn)} is to play.")
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
            raise IllegalMove("You owe no table-talk penalty.")
        self.require_card(self.move.card)
        self.take_card(self.move.card)
        self.set_item("penalties", seat, s.penalties[seat] - 1)
        self.emit("penalty_discarded", seat=seat, card=self.move.card)

    def penalize(self) -> None:
        s, team = self.s, self.move.team
        if self.seat is not None:
            raise IllegalMove("Only a moderator can apply the table-talk penalty.")
        if team >= s.teams or s.resigned[team]:
            raise IllegalMove(f"There is no {TEAM_NAMES[team]} team still playing in this game.")
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
