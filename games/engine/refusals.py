"""Why the engine refuses an input: a stable code and JSON-able params for
programs, and the English sentence for people. Every sentence is here, so
that the site can translate the codes.

    try:
        apply(state, seat, "7H D6")
    except IllegalMove as exc:
        exc.code    # "cell_occupied"
        exc.params  # {"cell": "D6", "owner": "green", "card": "7H", "free_cells": ["I5"], "hint": "card_can_go"}
        str(exc)    # "D6 already holds a green chip. 7♥ can go on I5."

Params hold cells and cards in canonical notation (`C4`, `7H`), sequences by
their ends (`C2-C6`), teams by name. The templates format them for people
(see _Formatter): `{card:label}` is 7♥, `{hand:labels}` is "7♥ 2♠",
`{cells:or}` is "I5 or D6", `{items:list}` is "a, b". A param named `hint`
is itself a code: its sentence, filled from the same params, says what would
be legal instead.
"""

import string
from dataclasses import dataclass, field

from games.engine.cards import card_label

_HELP = "Moves look like '7H C4', 'JS C4', '7H C4 seq C2-C6', 'dead 7H', 'pass 7H', 'draw' or 'resign'."
_REMOVES = "a one-eyed jack removes an opponent's chip."

ENGLISH = {
    # MoveSyntaxError: text that is not a move
    "not_text": _HELP,
    "foreign_character": "{character!r} has no place in a move: use plain letters and digits (♠♥♦♣ for suits). "
    + _HELP,
    "empty_move": "The move is empty. " + _HELP,
    "not_a_move": "'{text}' is not a move. " + _HELP,
    "takes_nothing": "'{word}' takes nothing after it.",
    "needs_one_card": "Write '{word}' and one card, e.g. '{word} 7H'.",
    "needs_team": "Write 'penalize' and a team: {teams:list}.",
    "not_a_card": "'{token}' is not a card: write rank then suit, e.g. 7H, TD, 10C, Q♠.",
    "not_a_cell": "'{token}' is not a cell: columns A-J, rows 1-10, e.g. C4.",
    "only_seq_after_cell": "After the cell only 'seq C2-C6' may follow. " + _HELP,
    "not_sequence_ends": "'{token}' does not name a sequence: give its two end cells, e.g. C2-C6.",
    "not_a_line": "{ends} is not five cells in a straight line.",
    "named_twice": "The same sequence is named twice.",
    # IllegalMove: a move the rules refuse now
    "game_over": "The game is over; no more moves can be made.",
    "not_a_seat": "'{move}' must be made by a seat of the game; only 'penalize TEAM' is the site's.",
    "team_resigned": "Your team has resigned and takes no further part in this game.",
    "not_your_turn": "It is not your turn: seat {turn} ({team}) is to play.",
    "draw_first": "Take the draw from your last turn first: 'draw'.",
    "penalty_first": "Your team was penalized for table talk: first discard a card of your choice, e.g. "
    "'penalty {example}'.",
    "card_not_held": "You do not hold {card:label}. Your hand: {hand:labels}.",
    "corner": "{cell} is a corner: it counts for everyone and takes no chip.",
    "cell_occupied": "{cell} already holds a {owner} chip. {hint}",
    "not_on_card": "{card:label} is not on {cell}. {hint}",
    "jack_names_sequence": "A one-eyed jack removes a chip; it cannot make a sequence.",
    "remove_corner": "{cell} is a corner; " + _REMOVES,
    "remove_empty": "{cell} is empty; " + _REMOVES,
    "remove_own": "{cell} holds your own team's chip; " + _REMOVES,
    "remove_sequence": "{cell} belongs to {owner}'s finished sequence {sequence}; a one-eyed jack cannot remove it",
    "named_without_sequence": "This play makes no sequence, so none can be named.",
    "not_a_new_sequence": "{named:list} is not a new sequence of yours with this play, which makes {makes:options}.",
    "sequence_not_named": "This play also makes {unnamed:choices}, which you did not name: name every new "
    "sequence, or none.",
    "named_overlap": "{extra:list} overlaps another named sequence by more than one cell; this play makes "
    "{makes:options}.",
    "dead_used": "You have already turned in a dead card this turn; now play a card.",
    "not_dead": "{card:label} is not dead: it can still go on {free_cells:or}.",
    "jack_never_dead": "Jacks are never dead.",
    "can_still_play": "You can still play (e.g. '{move}'); a pass is only for a hand with no legal play.",
    "draw_is_part_of_play": "You have no draw to take: in this game the draw is part of each play.",
    "no_draw_to_take": "You have no draw to take: in this game you draw after your own play.",
    "no_open_draw": "seat {seat} ({team}) has no open draw to lose.",
    "skip_not_on_turn": "Only the seat to play can have its turn skipped; seat {turn} ({team}) is to play.",
    "no_penalty_owed": "You owe no table-talk penalty.",
    "moderator_only": "Only a moderator can apply the table-talk penalty.",
    "no_such_team": "There is no {team} team still playing in this game.",
    "bad_reshuffle": "The reshuffled draw pile must hold exactly the cards of the discard piles.",
    # hints: what would be legal instead (see `hint` above)
    "card_can_go": "{card:label} can go on {free_cells:or}.",
    "card_is_dead": "Both spaces of {card:label} are taken: it is dead; turn it in with 'dead {card}'.",
    "two_eyed_jack_anywhere": "A two-eyed jack goes on any empty space.",
    # SetupError: a game that cannot be set up as asked
    "player_count": "Sequence is played by {allowed:list} players, not {players}.",
    "team_count": "{players} players play in {allowed:or} teams, not {teams}.",
    "draw_mode": "draw mode must be automatic or tabletop, not {draw_mode!r}",
    "deck": "the deck must be the 104 cards of two standard decks",
    # RecordError: a document that is not a sequence-record/1 (one line each)
    "too_long": "the document is longer than {megabytes} MB",
    "not_utf8": "not UTF-8 text: byte 0x{byte:02x} at offset {offset}",
    "too_deep": "not a record: its JSON nests far deeper than a record does",
    "not_json": "not valid JSON: {error}",
    "not_an_object": "a record must be a JSON object",
    "wrong_format": "'format' must be \"{format}\"",
    "missing_keys": "the record has no {keys:quoted}",
    "bad_teams": "'teams' must be 2 or 3",
    "bad_seats": "'seats' must be a list of objects",
    "seat_count": "{seats} seats: Sequence is played by {allowed:list} players",
    "bad_draw_mode": '\'draw_mode\' must be "automatic" or "tabletop"',
    "not_cards": "{where} must be a list of cards",
    "not_a_card_in": "{where} holds {item!r}, which is not a card",
    "bad_deck": "'deck' must hold the 104 cards of two standard decks, each exactly twice",
    "bad_reshuffles": "'reshuffles' must be a list of card lists",
    "bad_moves": "'moves' must be a list",
    "bad_rules": "'rules' must be one of {allowed:list}, or left out",
    "bad_move_entry": "moves[{index}] must be an object with 'seat' and 'move'",
    "bad_move_seat": "moves[{index}].seat must be a seat number from 0 to {last}, or null",
    "move_not_text": "moves[{index}].move must be a string",
    "move_foreign_character": "moves[{index}].move holds {character!r}, which no move is written with",
    "reshuffle_missing": "the draw pile runs out, but 'reshuffles' has no entry [{index}] to draw from",
    "reshuffle_wrong": "'reshuffles'[{index}] does not hold exactly the cards of the discard piles",
}


class _Formatter(string.Formatter):
    """str.format with the few ways of writing params for people listed above."""

    def format_field(self, value, spec: str) -> str:
        if spec == "label":
            return card_label(value)
        if spec == "labels":
            return " ".join(map(card_label, value)) or "no cards"
        if spec == "or":
            return " or ".join(map(str, value))
        if spec == "list":
            return ", ".join(map(str, value))
        if spec == "quoted":
            return ", ".join(map(repr, value))
        if spec == "choices":  # the ways to count one direction's new sequences
            return " or ".join(" and ".join(option) for option in value)
        if spec == "options":  # ... and of every direction
            return "; and ".join(self.format_field(choices, "choices") for choices in value)
        return super().format_field(value, spec)


_FORMATTER = _Formatter()


def english(code: str, params: dict) -> str:
    """The English sentence of a refusal."""
    if "hint" in params:
        params = {**params, "hint": _FORMATTER.vformat(ENGLISH[params["hint"]], (), params)}
    return _FORMATTER.vformat(ENGLISH[code], (), params)


@dataclass(frozen=True)
class Refusal:
    code: str
    params: dict = field(default_factory=dict)

    def english(self) -> str:
        return english(self.code, self.params)

    def as_dict(self) -> dict:
        return {"code": self.code, "params": self.params}


class Refused(ValueError):
    """Base of the engine's refusals: `.refusal` (and `.code`, `.params`) for
    programs, str() in English. Raise as `IllegalMove("corner", cell="A1")`."""

    def __init__(self, code: str, **params):
        super().__init__(code, params)
        self.refusal = Refusal(code, params)

    @property
    def code(self) -> str:
        return self.refusal.code

    @property
    def params(self) -> dict:
        return self.refusal.params

    def __str__(self) -> str:
        return self.refusal.english()
