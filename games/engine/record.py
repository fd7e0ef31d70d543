"""Game records (`sequence-record/1`): read and check one, replay it, export one.

A record holds the inputs only (seats, the shuffled piles, the moves); every
effect is derived by replaying them."""

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import NamedTuple

from games.engine.cards import FULL_DECK, parse_card
from games.engine.moves import foreign_character, parse_move
from games.engine.refusals import Refused
from games.engine.rules import IllegalMove, apply
from games.engine.setup import ALLOWED_TEAMS, SetupError, check_setup
from games.engine.state import DRAW_MODES, RULES_AS_RULED, RULES_VERSIONS, State, deal
from games.engine.view import public_board, public_sequences

FORMAT = "sequence-record/1"
MAX_BYTES = 10 * 1024 * 1024  # far above any real game, and a bound on what a reader must hold
_FULL_DECK_COUNT = Counter(FULL_DECK)


class RecordError(Refused):
    """The document is not a valid record; the message is one line."""


@dataclass
class Record:
    teams: int
    seats: list[dict]
    draw_mode: str
    deck: list[str]
    reshuffles: list[list[str]]
    moves: list[tuple[int | None, str]]
    extra: dict = field(default_factory=dict)
    rules: int = RULES_AS_RULED  # a record of an older game names the rule version it was played by

    def initial_state(self) -> State:
        return deal(
            players=len(self.seats), teams=self.teams, draw_mode=self.draw_mode, deck=self.deck, rules=self.rules
        )


def _cards(value, where: str) -> list[str]:
    if not isinstance(value, list):
        raise RecordError("not_cards", where=where)
    cards = []
    for item in value:
        card = parse_card(item) if isinstance(item, str) else None
        if card is None:
            raise RecordError("not_a_card_in", where=where, item=item)
        cards.append(card)
    return cards


def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def record_load(doc) -> Record:
    """Check a parsed JSON document and return the Record it holds."""
    if not isinstance(doc, dict):
        raise RecordError("not_an_object")
    if doc.get("format") != FORMAT:
        raise RecordError("wrong_format", format=FORMAT)
    missing = [key for key in ("teams", "seats", "draw_mode", "deck", "reshuffles", "moves") if key not in doc]
    if missing:
        raise RecordError("missing_keys", keys=missing)
    teams, seats = doc["teams"], doc["seats"]
    if not _int(teams) or teams not in (2, 3):
        raise RecordError("bad_teams")
    if not isinstance(seats, list) or not all(isinstance(seat, dict) for seat in seats):
        raise RecordError("bad_seats")
    if len(seats) not in ALLOWED_TEAMS:
        raise RecordError("seat_count", seats=len(seats), allowed=list(ALLOWED_TEAMS))
    try:
        check_setup(len(seats), teams)
    except SetupError as exc:
        raise RecordError(exc.code, **exc.params) from None
    if doc["draw_mode"] not in DRAW_MODES:
        raise RecordError("bad_draw_mode")
    deck = _cards(doc["deck"], "'deck'")
    if Counter(deck) != _FULL_DECK_COUNT:
        raise RecordError("bad_deck")
    if not isinstance(doc["reshuffles"], list):
        raise RecordError("bad_reshuffles")
    reshuffles = [_cards(pile, f"'reshuffles'[{i}]") for i, pile in enumerate(doc["reshuffles"])]
    if not isinstance(doc["moves"], list):
        raise RecordError("bad_moves")
    moves = []
    for i, entry in enumerate(doc["moves"]):
        if not isinstance(entry, dict) or "seat" not in entry or "move" not in entry:
            raise RecordError("bad_move_entry", index=i)
        seat, text = entry["seat"], entry["move"]
        if seat is not None and (not _int(seat) or not 0 <= seat < len(seats)):
            raise RecordError("bad_move_seat", index=i, last=len(seats) - 1)
        if not isinstance(text, str):
            raise RecordError("move_not_text", index=i)
        odd = foreign_character(text)
        if odd is not None:  # a look-alike or a lone surrogate: the document is damaged, not the move
            raise RecordError("move_foreign_character", index=i, character=odd)
        moves.append((seat, text))
    rules = doc.get("rules", RULES_AS_RULED)
    if not _int(rules) or rules not in RULES_VERSIONS:
        raise RecordError("bad_rules", allowed=list(RULES_VERSIONS))
    extra = {key: value for key, value in doc.items() if key not in Record.__dataclass_fields__ and key != "format"}
    return Record(teams, seats, doc["draw_mode"], deck, reshuffles, moves, extra, rules)


def record_parse(data: bytes) -> Record:
    """The Record in the raw bytes of a document: UTF-8 JSON, at most
    MAX_BYTES long. Read at most MAX_BYTES + 1 bytes, so that a longer
    document is refused without being read whole."""
    if len(data) > MAX_BYTES:
        raise RecordError("too_long", megabytes=MAX_BYTES // 1024 // 1024)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError("not_utf8", byte=data[exc.start], offset=exc.start) from None
    try:
        doc = json.loads(text)
    except RecursionError:
        raise RecordError("too_deep") from None
    except ValueError as exc:  # JSONDecodeError, or an integer too long to convert
        raise RecordError("not_json", error=str(exc)) from None
    return record_load(doc)


@dataclass
class Replay:
    state: State
    applied: int
    error: dict | None


class _RecordedShuffles:
    """Hands out the record's reshuffled piles in order, as the engine asks for
    them. A pile that is missing or wrong is the document's fault, not a
    player's: RecordError, raised from inside `apply`."""

    def __init__(self, piles: list[list[str]]):
        self.piles = piles
        self.used = 0

    def __call__(self, cards: list[str]) -> list[str]:
        if self.used >= len(self.piles):
            raise RecordError("reshuffle_missing", index=self.used)
        pile = self.piles[self.used]
        if Counter(pile) != Counter(cards):
            raise RecordError("reshuffle_wrong", index=self.used)
        self.used += 1
        return list(pile)


class Step(NamedTuple):
    index: int
    seat: int | None
    text: str
    state: State  # after the move
    events: list[dict]


def replay_steps(record: Record):
    """Yield a Step for each move in order; raises IllegalMove (with `.index`
    and `.state`, the position before it) at the first illegal one, and
    RecordError when a reshuffle the game needs is missing or wrong."""
    state = record.initial_state()
    shuffles = _RecordedShuffles(record.reshuffles)
    for index, (seat, text) in enumerate(record.moves):
        try:
            state, events = apply(state, seat, text, shuffle=shuffles)
        except IllegalMove as exc:
            exc.index, exc.state = index, state
            raise
        yield Step(index, seat, text, state, events)


def replay(record: Record) -> Replay:
    """Apply the record's moves in order, stopping at the first illegal one.
    Raises RecordError for a missing or wrong reshuffle (see replay_steps)."""
    state = record.initial_state()
    try:
        for step in replay_steps(record):
            state = step.state
    except IllegalMove as exc:
        text = record.moves[exc.index][1]
        return Replay(exc.state, exc.index, {"index": exc.index, "move": text, "reason": str(exc)})
    return Replay(state, len(record.moves), None)


def replay_summary(result: Replay) -> dict:
    """The JSON that `python -m games.engine replay` prints."""
    state = result.state
    return {
        "valid": result.error is None,
        "applied": result.applied,
        "error": result.error,
        "board": public_board(state),
        "sequences": public_sequences(state),
        "hands": {str(seat): list(hand) for seat, hand in enumerate(state.hands)},
        "discards": {str(seat): list(pile) for seat, pile in enumerate(state.discards)},
        "draw_pile": len(state.pile),
        "turn": state.turn,
        "result": dict(state.result) if state.result else None,
    }


def record_export(state: State, *, seats: list[dict], moves: list[tuple[int | None, str]], **extra) -> dict:
    """A record of a game from its state (for the piles) and its move log."""
    return {
        "format": FORMAT,
        "teams": state.teams,
        "seats": seats,
        "draw_mode": state.draw_mode,
        "deck": list(state.deck),
        "reshuffles": [list(pile) for pile in state.reshuffles],
        "moves": [{"seat": seat, "move": parse_move(text).text} for seat, text in moves],
        # Only an older game names its rules: a record without `rules` follows RULES.md as ruled.
        **({"rules": state.rules} if state.rules != RULES_AS_RULED else {}),
        **extra,
    }
