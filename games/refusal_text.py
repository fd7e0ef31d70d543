"""How a refusal's sentence is filled in, in the reader's language. The
site's refusals are declared with their sentences in games/refusals.py; the
engine's (games/engine/refusals.py keeps them in English for the CLI) are in
ENGINE, as messages for translators. A service that passes an engine refusal
on keeps its code and params, and its sentence is found here.

Params are JSON: numbers, names and codes. The templates are str.format
templates with a few specs of their own:
    {status:game_status}        a game's status as its label ("in play")
    {status:invitation_status}  an invitation's status ("declined")
    {action:action}             what the player tried ("arrange the seats")
    {action:moderator_action}   what only moderators do ("hide a chat message")
    {team:team}                 a team's colour in the reader's words (games/words.py)
    {reason:refusal}            an engine refusal ({"code", "params"}) as its sentence
    {card:label}, {hand:labels} cards as people read them (7♥), the same in every language
    {cells:or}, {items:list}    "I5 or D6", "a, b" with the language's words
    {x:quoted}, {x:choices}, {x:options}  lists of names and of sequences
A param named `hint` is itself a code: its sentence, filled from the same
params, says what would be legal instead. An entry made with ngettext_lazy
names the param whose number chooses its plural form.
"""

import string

from django.utils.translation import gettext, ngettext_lazy, pgettext
from django.utils.translation import gettext_lazy as _

from games.articles import resolve
from games.engine.cards import card_label
from games.models import Game, Invitation
from games.words import team

_HELP = _("Moves look like '7H C4', 'JS C4', '7H C4 seq C2-C6', 'dead 7H', 'pass 7H', 'draw' or 'resign'.")
_REMOVES = _("a one-eyed jack removes an opponent's chip.")

ACTIONS = {
    "join": _("join"),
    "leave": _("leave"),
    "arrange_seats": _("arrange the seats"),
    "invite": _("invite players"),
    "start": _("start it"),
    "rematch": _("ask for a rematch"),
    "move": _("move"),
    "resign": _("resign"),
    "penalize": _("apply a penalty"),
    "abort": _("abort it"),
    "adjudicate": _("adjudicate it"),
    "replace_player": _("replace a player"),
    "extend": _("extend a deadline"),
    "pause": _("pause it"),
    "resume": _("resume it"),
    "take_over": _("take over a seat"),
    "keep_seat": _("keep your seat"),
    "vote": _("vote"),
    "take_back": _("take your seat back"),
}

# What only moderators do: the `action` of the moderators_only refusal.
MODERATOR_ACTIONS = {
    **{key: ACTIONS[key] for key in ("penalize", "abort", "adjudicate", "replace_player", "extend", "pause", "resume")},
    "hide_message": _("hide a chat message"),
    "suspend": _("suspend a player"),
    "resolve_report": _("resolve a report"),
}

# The engine's codes, worded as games/engine/refusals.py words them in English.
ENGINE = {
    # text that is not a move
    "not_text": _HELP,
    "foreign_character": _(
        "{character!r} has no place in a move: use plain letters and digits (♠♥♦♣ for suits). {help}"
    ),
    "empty_move": _("The move is empty. {help}"),
    "not_a_move": _("'{text}' is not a move. {help}"),
    "takes_nothing": _("'{word}' takes nothing after it."),
    "needs_one_card": _("Write '{word}' and one card, e.g. '{word} 7H'."),
    "needs_team": _("Write 'penalize' and a team: {teams:list}."),
    "not_a_card": _("'{token}' is not a card: write rank then suit, e.g. 7H, TD, 10C, Q♠."),
    "not_a_cell": _("'{token}' is not a cell: columns A-J, rows 1-10, e.g. C4."),
    "only_seq_after_cell": _("After the cell only 'seq C2-C6' may follow. {help}"),
    "not_sequence_ends": _("'{token}' does not name a sequence: give its two end cells, e.g. C2-C6."),
    "not_a_line": _("{ends} is not five cells in a straight line."),
    "named_twice": _("The same sequence is named twice."),
    # a move the rules refuse now
    "game_over": _("The game is over; no more moves can be made."),
    "not_a_seat": _("'{move}' must be made by a seat of the game; only 'penalize TEAM' is the site's."),
    "team_resigned": _("Your team has resigned and takes no further part in this game."),
    "not_your_turn": _("It is not your turn: seat {turn} ({team:team}) is to play."),
    "draw_first": _("Take the draw from your last turn first: 'draw'."),
    "penalty_first": _(
        "Your team was penalized for table talk: first discard a card of your choice, e.g. 'penalty {example}'."
    ),
    "card_not_held": _("You do not hold {card:label}. Your hand: {hand:labels}."),
    "corner": _("{cell} is a corner: it counts for everyone and takes no chip."),
    "cell_occupied": _("{cell} already holds a {owner:team} chip. {hint}"),
    "not_on_card": _("{card:label} is not on {cell}. {hint}"),
    "jack_names_sequence": _("A one-eyed jack removes a chip; it cannot make a sequence."),
    "remove_corner": _("{cell} is a corner; {removes}"),
    "remove_empty": _("{cell} is empty; {removes}"),
    "remove_own": _("{cell} holds your own team's chip; {removes}"),
    "remove_sequence": _(
        "{cell} belongs to {owner:team}'s finished sequence {sequence}; a one-eyed jack cannot remove it"
    ),
    "named_without_sequence": _("This play makes no sequence, so none can be named."),
    "not_a_new_sequence": _("{named:list} is not a new sequence of yours with this play, which makes {makes:options}."),
    "sequence_not_named": _(
        "This play also makes {unnamed:choices}, which you did not name: name every new sequence, or none."
    ),
    "named_overlap": _(
        "{extra:list} overlaps another named sequence by more than one cell; this play makes {makes:options}."
    ),
    "dead_used": _("You have already turned in a dead card this turn; now play a card."),
    "not_dead": _("{card:label} is not dead: it can still go on {free_cells:or}."),
    "jack_never_dead": _("Jacks are never dead."),
    "can_still_play": _("You can still play (e.g. '{move}'); a pass is only for a hand with no legal play."),
    "draw_is_part_of_play": _("You have no draw to take: in this game the draw is part of each play."),
    "no_draw_to_take": _("You have no draw to take: in this game you draw after your own play."),
    "no_open_draw": _("seat {seat} ({team:team}) has no open draw to lose."),
    "skip_not_on_turn": _("Only the seat to play can have its turn skipped; seat {turn} ({team:team}) is to play."),
    "no_penalty_owed": _("You owe no table-talk penalty."),
    "moderator_only": _("Only a moderator can apply the table-talk penalty."),
    "no_such_team": _("There is no {team:team} team still playing in this game."),
    "bad_reshuffle": _("The reshuffled draw pile must hold exactly the cards of the discard piles."),
    # hints: what would be legal instead
    "card_can_go": _("{card:label} can go on {free_cells:or}."),
    "card_is_dead": _("Both spaces of {card:label} are taken: it is dead; turn it in with 'dead {card}'."),
    "two_eyed_jack_anywhere": _("A two-eyed jack goes on any empty space."),
    # a game that cannot be set up as asked
    "player_count": _("Sequence is played by {allowed:list} players, not {players}."),
    "team_count": ngettext_lazy(
        "{players} player plays in {allowed:or} teams, not {teams}.",
        "{players} players play in {allowed:or} teams, not {teams}.",
        "players",
    ),
    "draw_mode": _("draw mode must be automatic or tabletop, not {draw_mode!r}"),
    "deck": _("the deck must be the 104 cards of two standard decks"),
    # a document that is not a sequence-record/1
    "too_long": _("the document is longer than {megabytes} MB"),
    "not_utf8": _("not UTF-8 text: byte 0x{byte:02x} at offset {offset}"),
    "too_deep": _("not a record: its JSON nests far deeper than a record does"),
    "not_json": _("not valid JSON: {error}"),
    "not_an_object": _("a record must be a JSON object"),
    "wrong_format": _("'format' must be \"{format}\""),
    "missing_keys": _("the record has no {keys:quoted}"),
    "bad_teams": _("'teams' must be 2 or 3"),
    "bad_seats": _("'seats' must be a list of objects"),
    "seat_count": _("{seats} seats: Sequence is played by {allowed:list} players"),
    "bad_draw_mode": _('\'draw_mode\' must be "automatic" or "tabletop"'),
    "not_cards": _("{where} must be a list of cards"),
    "not_a_card_in": _("{where} holds {item!r}, which is not a card"),
    "bad_deck": _("'deck' must hold the 104 cards of two standard decks, each exactly twice"),
    "bad_reshuffles": _("'reshuffles' must be a list of card lists"),
    "bad_moves": _("'moves' must be a list"),
    "bad_rules": _("'rules' must be one of {allowed:list}, or left out"),
    "bad_move_entry": _("moves[{index}] must be an object with 'seat' and 'move'"),
    "bad_move_seat": _("moves[{index}].seat must be a seat number from 0 to {last}, or null"),
    "move_not_text": _("moves[{index}].move must be a string"),
    "move_foreign_character": _("moves[{index}].move holds {character!r}, which no move is written with"),
    "reshuffle_missing": _("the draw pile runs out, but 'reshuffles' has no entry [{index}] to draw from"),
    "reshuffle_wrong": _("'reshuffles'[{index}] does not hold exactly the cards of the discard piles"),
}


def _or(items) -> str:
    return pgettext("between the last two of a list", " or ").join(map(str, items))


class _Formatter(string.Formatter):
    """str.format with the specs listed above, in the active language."""

    def format_field(self, value, spec: str) -> str:
        if spec == "game_status":
            return str(Game.Status(value).label).lower()
        if spec == "invitation_status":
            return str(Invitation.Status(value).label).lower()
        if spec == "action":
            return str(ACTIONS[value])
        if spec == "moderator_action":
            return str(MODERATOR_ACTIONS[value])
        if spec == "team":
            return team(value)
        if spec == "refusal":
            return sentence(value["code"], value["params"])
        if spec == "label":
            return card_label(value)
        if spec == "labels":
            return " ".join(map(card_label, value)) or gettext("no cards")
        if spec == "or":
            return _or(value)
        if spec == "list":
            return ", ".join(map(str, value))
        if spec == "quoted":
            return ", ".join(map(repr, value))
        if spec == "choices":  # the ways to count one direction's new sequences
            return _or(pgettext("between two sequences made at once", " and ").join(option) for option in value)
        if spec == "options":  # ... and of every direction
            return pgettext("between the ways of every direction", "; and ").join(
                self.format_field(choices, "choices") for choices in value
            )
        return super().format_field(value, spec)


_FORMATTER = _Formatter()


def _filled(template, params: dict) -> str:
    # `%` with the params makes an ngettext_lazy entry pick its plural form
    # by its count param; a plain entry (no % in any message) comes back as it is.
    return _FORMATTER.vformat(str(template % params), (), params)


def render(template, params: dict) -> str:
    """A refusal's sentence filled with its params, in the active language."""
    params = {**params, "help": _HELP, "removes": _REMOVES}
    if params.get("hint") in ENGINE:
        params["hint"] = _filled(ENGINE[params["hint"]], params)
    return resolve(_filled(template, params))  # Hungarian "a(z) {cell}", decided once the cell is in


def sentence(code: str, params: dict) -> str:
    """The sentence of one of the engine's refusals, in the active language."""
    return render(ENGINE[code], params)
