"""Every refusal's sentence, by code, in the reader's language: the one place
they live. The site's own codes are in SITE; the engine's (games/engine/
refusals.py keeps them in English for the CLI) are in ENGINE, as messages
for translators. A service that passes an engine refusal on keeps its code
and params, and sentence() finds it here.

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
    "move": _("move"),
    "penalize": _("apply a penalty"),
    "abort": _("abort it"),
    "adjudicate": _("adjudicate it"),
    "replace_player": _("replace a player"),
    "extend": _("extend a deadline"),
    "pause": _("pause it"),
    "resume": _("resume it"),
}

# What only moderators do: the `action` of the moderators_only refusal.
MODERATOR_ACTIONS = {
    **{key: ACTIONS[key] for key in ("penalize", "abort", "adjudicate", "replace_player", "extend", "pause", "resume")},
    "hide_message": _("hide a chat message"),
    "suspend": _("suspend a player"),
    "resolve_report": _("resolve a report"),
}

SITE = {
    # any service
    "no_such_game": _("There is no such game."),
    "wrong_status": _("This game is {status:game_status}: you cannot {action:action} now."),
    # creating and starting a game
    "draw_mode_unknown": _("The draw mode is automatic or tabletop."),
    "missed_turn_policy_unknown": _("A missed turn is either skipped or, after several in a row, conceded."),
    "turn_time_out_of_range": _("The time per move must be between a minute and 30 days."),
    "draw_window_out_of_range": _("The draw window must be between a minute and 30 days."),
    "concede_after_out_of_range": _("Conceding takes between 1 and 20 missed turns in a row."),
    "start_mode_unknown": _("A game starts when its last seat is taken or when a player presses Start."),
    "players_only_start": _("Only the game's players can start it."),
    "seats_empty": ngettext_lazy("{empty} seat is still empty.", "{empty} seats are still empty.", "empty"),
    # seats
    "already_seated": _("You already have a seat in this game."),
    "game_full": _("Every seat of this game is taken."),
    "private_game": _("This game is private: you need an invitation to join."),
    "no_seat": _("You have no seat in this game."),
    "creator_only_arranges": _("Only the player who created the game arranges its seats."),
    "seat_order_incomplete": _("Give every seat of the game exactly once."),
    # invitations
    "invitee_control_character": _("A username or an e-mail address never holds a line break or a control character."),
    "invitee_missing": _("Give a username or an e-mail address."),
    "username_too_long": _("'{invitee}' is too long for a username (at most {limit})."),
    "address_too_long": _("'{invitee}' is too long for an e-mail address (at most {limit})."),
    "address_invalid": _("'{invitee}' is not a valid e-mail address."),
    "no_such_player": _("There is no player called '{invitee}'. Invite them by e-mail address instead."),
    "players_only_invite": _("Only the game's players can invite."),
    "invitee_seated": _("{invitee} already has a seat in this game."),
    "too_many_invitations": ngettext_lazy(
        "This game has {open_seats} open seat and {waiting} invitations waiting for an answer already: "
        "invite more once someone declines.",
        "This game has {open_seats} open seats and {waiting} invitations waiting for an answer already: "
        "invite more once someone declines.",
        "open_seats",
    ),
    "invitations_per_day": ngettext_lazy(
        "You have sent {sent} invitation in the last 24 hours, as many as anyone may: try again tomorrow.",
        "You have sent {sent} invitations in the last 24 hours, as many as anyone may: try again tomorrow.",
        "sent",
    ),
    "invitation_for_someone_else": _("This invitation is for someone else."),
    "invitation_answered": _("This invitation was already {status:invitation_status}."),
    "invitation_lapsed": _("This invitation lapsed: the game was called off before you answered."),
    "invitation_link_invalid": _("This invitation link is not valid (or has expired)."),
    # moves
    "players_doors_only": _("move_submit takes players' moves only, not the {door} door's."),
    "not_a_player": _("You do not play in this game."),
    "stale_version": _("The game has moved on since you looked at it. Here is the table as it is now."),
    "not_move_text": _(
        "That is not a move: a move is at most {limit} characters, all of them letters, digits, "
        "spaces, '-' or suit signs (♠♥♦♣). {help}"
    ),
    "move_unreadable": _("That is not a move. {help}"),
    "site_only_input": _(
        "'{kind}' is not a player's move: the site records it (a lost draw or a skipped turn when "
        "time runs out, a penalty from a moderator). {help}"
    ),
    "turn_of_another": _("It is not your turn: {player} is to play."),
    # moderation
    "moderators_only": _("Only moderators {action:moderator_action}."),
    "reason_missing": _("Give a reason: the audit trail keeps it."),
    "reason_too_long": _("A reason is at most {limit} characters."),
    "reason_control_character": _("A reason is plain text: no control characters."),
    "winner_unknown": _("The winner is one of the game's teams ({teams}), or nobody for a draw."),
    "no_such_seat": _("This game has no seat {seat}."),
    "no_such_user": _("There is no such user."),
    "replacement_suspended": _("{player} is suspended and cannot take a seat."),
    "extension_out_of_range": _("An extension is between a minute and 30 days."),
    "no_turn_deadline": _("No turn is running in this game."),
    "no_draw_open": _("Seat {seat} has no draw window open."),
    "suspended": _("Your account is suspended from playing. Write to the moderators if you think this is a mistake."),
    "suspend_self": _("Moderators do not suspend themselves."),
    "suspension_days_out_of_range": _("A suspension lasts between 1 and {limit} days, or until lifted."),
    "already_suspended": _("{player} is suspended already."),
    "not_suspended": _("{player} is not suspended."),
    # chat and reports
    "players_only_chat": _("Only the game's players write in its chat."),
    "text_control_character": _("Write plain text: no control characters."),
    "text_too_long": _("That is {length} characters: at most {limit} fit."),
    "chat_empty": _("Write something first."),
    "chat_rate_limited": ngettext_lazy(
        "You have written {count} message in the last minute: wait a little before the next.",
        "You have written {count} messages in the last minute: wait a little before the next.",
        "count",
    ),
    "mute_self": _("You cannot mute yourself."),
    "no_such_message": _("There is no such message in this game."),
    "message_hidden_already": _("That message is hidden already."),
    "report_reason_unknown": _("Choose a reason for the report from the list."),
    "reports_per_day": ngettext_lazy(
        "You have sent {count} report today, as many as anyone may: try again tomorrow.",
        "You have sent {count} reports today, as many as anyone may: try again tomorrow.",
        "count",
    ),
    "reported_already": _("You have reported this already; a moderator will look at it."),
    "no_such_report": _("There is no such report."),
    "report_resolved_already": _("That report is resolved already."),
    # records
    "no_record_yet": _("A game that has not started has no record yet."),
    "malformed_record": _("Malformed record: {reason:refusal}"),
    "record_move_illegal": _("Move {number} of the record is illegal: {reason:refusal}"),
    "record_name_unfit": _(
        "Malformed record: the player name of seat {position} is too long or holds a control character."
    ),
    # the web door's own refusals
    "form_invalid": "{text}",  # the form's own words, already in the reader's language
    "move_form_incomplete": _("That form was incomplete: choose a move again from the table below."),
    "cannot_resign": _("You cannot resign from this game."),
    "no_draw_now": _("You have no draw to take in this game now."),
    "choose_seat": _("Choose a seat of this game to move."),
    "no_open_invitation": _("You have no open invitation to this game."),
    "answer_accept_or_decline": _("Answer the invitation with accept or decline."),
    "nothing_to_replay": _("The game has not started: there is nothing to replay yet."),
    # the e-mail door's own refusals (games/inbound)
    "no_command": _(
        "There is no command in your reply: write your move on its first line, e.g. 7H C4, "
        "or reply help for the list of commands."
    ),
    "resign_code_unknown": _(
        "That is not a resignation code of yours, or it was used or is more than a day old: reply resign for a new one."
    ),
    "token_revoked": _("This reply address was replaced: answer the game's latest e-mail instead."),
    "token_game_over": _("This game is over: there is nothing more to play in it."),
    "token_seat_given_up": _("You no longer have a seat in this game."),
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
    "team_count": _("{players} players play in {allowed:or} teams, not {teams}."),
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

SENTENCES = {**SITE, **ENGINE}


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


def _template(code: str, params: dict) -> str:
    # `%` with the params makes an ngettext_lazy entry pick its plural form
    # by its count param; a plain entry (no % in any message) comes back as it is.
    return str(SENTENCES[code] % params)


def sentence(code: str, params: dict) -> str:
    """The sentence of a refusal, the site's or the engine's, in the active language."""
    params = {**params, "help": _HELP, "removes": _REMOVES}
    if "hint" in params and params["hint"] in SENTENCES:
        params["hint"] = _FORMATTER.vformat(_template(params["hint"], params), (), params)
    return _FORMATTER.vformat(_template(code, params), (), params)
