"""Move notation: parse the lenient forms players type, print one canonical form.

7H C4 · JD C4 · JS C4 · 7H C4 seq C2-C6 · dead 7H · pass 7H · draw · lost
skip · resign · penalty 7H · penalize green
"""

import re
from typing import NamedTuple

from games.engine.board import CELL_NAMES, LINES, cells_label, parse_cell
from games.engine.cards import ONE_EYED_JACKS, ONE_SUIT_DECK, parse_card
from games.engine.refusals import Refused
from games.engine.setup import TEAM_NAMES

PLAY, DEAD, PASS, DRAW, LOST, SKIP, RESIGN, PENALTY, PENALIZE = (
    "play",
    "dead",
    "pass",
    "draw",
    "lost",
    "skip",
    "resign",
    "penalty",
    "penalize",
)
REMOVE = "remove"  # not a move of its own: how legal_actions calls a one-eyed jack's play
_CARD_KINDS = {DEAD, PASS, PENALTY}
_BARE_KINDS = {DRAW, LOST, SKIP, RESIGN}


class MoveSyntaxError(Refused):
    """Text that is not a move; the message shows the forms that are."""


class ParsedMove(NamedTuple):
    """A move read from its text (the site's Django model `Move` is a stored one)."""

    kind: str
    card: str | None = None
    cell: int | None = None
    named: tuple[tuple[int, ...], ...] = ()  # sequences the player names, five cells each
    team: int | None = None

    @property
    def text(self) -> str:
        if self.kind == PLAY:
            return " ".join([self.card, CELL_NAMES[self.cell], *(f"seq {cells_label(seq)}" for seq in self.named)])
        if self.kind in _CARD_KINDS:
            return f"{self.kind} {self.card}"
        if self.kind == PENALIZE:
            return f"penalize {TEAM_NAMES[self.team]}"
        return self.kind

    def as_action(self) -> dict:
        """The move as data, with the keys it has: {"kind": "play", "card": "7H",
        "cell": "C4", "text": "7H C4"}; a one-eyed jack's play is a "remove"."""
        action = {"kind": REMOVE if self.kind == PLAY and self.card in ONE_EYED_JACKS else self.kind}
        if self.card is not None:
            action["card"] = self.card
        if self.cell is not None:
            action["cell"] = CELL_NAMES[self.cell]
        if self.named:
            action["sequences"] = [cells_label(seq) for seq in self.named]
        if self.team is not None:
            action["team"] = TEAM_NAMES[self.team]
        action["text"] = self.text
        return action


# The five-cell windows of every line, keyed by their two ends, for `seq A1-E1`.
_WINDOWS = {frozenset((line[i], line[i + 4])): line[i : i + 5] for line in LINES for i in range(len(line) - 4)}
# Moves are written in ASCII, with the four suit symbols the only other
# characters: look-alikes (ſ, İ, the Kelvin sign, fullwidth letters, other
# digits), control characters and lone surrogates never reach the tokens.
_FOREIGN = re.compile(r"[^\t\n\r\v\f\x20-\x7e♠♥♦♣]")


def foreign_character(text: str) -> str | None:
    """The first character of `text` that no move is written with, if any."""
    found = _FOREIGN.search(text)
    return found.group() if found else None


def _card(token: str) -> str:
    card = parse_card(token)
    if card is None:
        raise MoveSyntaxError("not_a_card", token=token)
    return card


def _window(token: str) -> tuple[int, ...]:
    ends = token.split("-")
    cells = [parse_cell(end) for end in ends]
    if len(ends) != 2 or None in cells:
        raise MoveSyntaxError("not_sequence_ends", token=token)
    window = _WINDOWS.get(frozenset(cells))
    if window is None:
        raise MoveSyntaxError("not_a_line", ends=token.upper())
    return window


def parse_move(text: str) -> ParsedMove:
    if not isinstance(text, str):
        raise MoveSyntaxError("not_text")
    move = CANONICAL_PLAYS.get(text)
    if move is not None:
        return move
    odd = foreign_character(text)
    if odd is not None:
        raise MoveSyntaxError("foreign_character", character=odd)
    tokens = text.split()
    if not tokens:
        raise MoveSyntaxError("empty_move")
    head = tokens[0].lower()
    if head in _BARE_KINDS:
        if len(tokens) != 1:
            raise MoveSyntaxError("takes_nothing", word=head)
        return ParsedMove(head)
    if head in _CARD_KINDS:
        if len(tokens) != 2:
            raise MoveSyntaxError("needs_one_card", word=head)
        return ParsedMove(head, card=_card(tokens[1]))
    if head == PENALIZE:
        if len(tokens) != 2 or tokens[1].lower() not in TEAM_NAMES:
            raise MoveSyntaxError("needs_team", teams=list(TEAM_NAMES))
        return ParsedMove(PENALIZE, team=TEAM_NAMES.index(tokens[1].lower()))
    if len(tokens) < 2:
        raise MoveSyntaxError("not_a_move", text=text.strip())
    card = _card(tokens[0])
    cell = parse_cell(tokens[1])
    if cell is None:
        raise MoveSyntaxError("not_a_cell", token=tokens[1])
    rest = tokens[2:]
    named = []
    while rest:
        if rest[0].lower() != "seq" or len(rest) < 2:
            raise MoveSyntaxError("only_seq_after_cell")
        named.append(_window(rest[1]))
        rest = rest[2:]
    if len(set(named)) != len(named):
        raise MoveSyntaxError("named_twice")
    return ParsedMove(PLAY, card=card, cell=cell, named=tuple(sorted(named)))


# Fast path for the canonical plays that programs (and the site's forms) send.
CANONICAL_PLAYS = {
    f"{card} {CELL_NAMES[cell]}": ParsedMove(PLAY, card=card, cell=cell)
    for card in ONE_SUIT_DECK
    for cell in range(100)
}
