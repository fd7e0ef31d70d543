"""The site's refusals in English, by code: the one place their sentences
live, so that another language can be a table like this one (issue 13).

The engine's refusals keep their sentences in games/engine/refusals.py; a
service that passes one on keeps its code and params, and english() finds
its sentence there. The two tables share no code, so a code means one thing.

Params are JSON: numbers, names and codes. The templates are str.format
templates with a few specs of their own:
    {status:game_status}        a game's status as its label ("in play")
    {status:invitation_status}  an invitation's status ("declined")
    {action:action}             what the player tried ("arrange the seats")
    {count:plural}              "s" unless count is 1
    {reason:refusal}            an engine refusal ({"code", "params"}) as its sentence
"""

import string

from games.engine.refusals import ENGLISH as ENGINE_ENGLISH
from games.engine.refusals import english as engine_english
from games.models import Game, Invitation

_HELP = ENGINE_ENGLISH["not_text"]  # how moves are written, as the engine says it

ACTIONS = {
    "join": "join",
    "leave": "leave",
    "arrange_seats": "arrange the seats",
    "invite": "invite players",
    "start": "start it",
    "move": "move",
    "penalize": "apply a penalty",
    "abort": "abort it",
}

ENGLISH = {
    # any service
    "no_such_game": "There is no such game.",
    "wrong_status": "This game is {status:game_status}: you cannot {action:action} now.",
    # creating and starting a game
    "draw_mode_unknown": "The draw mode is automatic or tabletop.",
    "missed_turn_policy_unknown": "A missed turn is either skipped or, after several in a row, conceded.",
    "turn_time_out_of_range": "The time per move must be between a minute and 30 days.",
    "draw_window_out_of_range": "The draw window must be between a minute and 30 days.",
    "concede_after_out_of_range": "Conceding takes between 1 and 20 missed turns in a row.",
    "start_mode_unknown": "A game starts when its last seat is taken or when a player presses Start.",
    "players_only_start": "Only the game's players can start it.",
    "seats_empty": "{empty} seat(s) are still empty.",
    # seats
    "already_seated": "You already have a seat in this game.",
    "game_full": "Every seat of this game is taken.",
    "private_game": "This game is private: you need an invitation to join.",
    "no_seat": "You have no seat in this game.",
    "creator_only_arranges": "Only the player who created the game arranges its seats.",
    "seat_order_incomplete": "Give every seat of the game exactly once.",
    # invitations
    "invitee_control_character": "A username or an e-mail address never holds a line break or a control character.",
    "invitee_missing": "Give a username or an e-mail address.",
    "username_too_long": "'{invitee}' is too long for a username (at most {limit}).",
    "address_too_long": "'{invitee}' is too long for an e-mail address (at most {limit}).",
    "address_invalid": "'{invitee}' is not a valid e-mail address.",
    "no_such_player": "There is no player called '{invitee}'. Invite them by e-mail address instead.",
    "players_only_invite": "Only the game's players can invite.",
    "invitee_seated": "{invitee} already has a seat in this game.",
    "too_many_invitations": "This game has {open_seats} open seat{open_seats:plural} and {waiting} invitations "
    "waiting for an answer already: invite more once someone declines.",
    "invitations_per_day": "You have sent {sent} invitations in the last 24 hours, as many as anyone may: "
    "try again tomorrow.",
    "invitation_for_someone_else": "This invitation is for someone else.",
    "invitation_answered": "This invitation was already {status:invitation_status}.",
    "invitation_lapsed": "This invitation lapsed: the game was called off before you answered.",
    "invitation_link_invalid": "This invitation link is not valid (or has expired).",
    # moves
    "players_doors_only": "move_submit takes players' moves only, not the {door} door's.",
    "not_a_player": "You do not play in this game.",
    "stale_version": "The game has moved on since you looked at it. Here is the table as it is now.",
    "not_move_text": "That is not a move: a move is at most {limit} characters, all of them letters, digits, "
    "spaces, '-' or suit signs (♠♥♦♣). " + _HELP,
    "move_unreadable": "That is not a move. " + _HELP,
    "site_only_input": "'{kind}' is not a player's move: the site records it (a lost draw or a skipped turn when "
    "time runs out, a penalty from a moderator). " + _HELP,
    "turn_of_another": "It is not your turn: {player} is to play.",
    # moderation
    "moderators_only_penalize": "Only moderators apply the table-talk penalty.",
    "moderators_only_abort": "Only moderators abort games.",
    # records
    "no_record_yet": "A game that has not started has no record yet.",
    "malformed_record": "Malformed record: {reason:refusal}",
    "record_move_illegal": "Move {number} of the record is illegal: {reason:refusal}",
    "record_name_unfit": "Malformed record: the player name of seat {position} is too long or holds a control "
    "character.",
    # the web door's own refusals
    "form_invalid": "{text}",
    "move_form_incomplete": "That form was incomplete: choose a move again from the table below.",
    "cannot_resign": "You cannot resign from this game.",
    "no_draw_now": "You have no draw to take in this game now.",
    "choose_seat": "Choose a seat of this game to move.",
    "no_open_invitation": "You have no open invitation to this game.",
    "answer_accept_or_decline": "Answer the invitation with accept or decline.",
    "nothing_to_replay": "The game has not started: there is nothing to replay yet.",
}


class _Formatter(string.Formatter):
    """str.format with the specs listed above."""

    def format_field(self, value, spec: str) -> str:
        if spec == "game_status":
            return Game.Status(value).label.lower()
        if spec == "invitation_status":
            return Invitation.Status(value).label.lower()
        if spec == "action":
            return ACTIONS[value]
        if spec == "plural":
            return "" if value == 1 else "s"
        if spec == "refusal":
            return english(value["code"], value["params"])
        return super().format_field(value, spec)


_FORMATTER = _Formatter()


def english(code: str, params: dict) -> str:
    """The English sentence of a refusal, the site's or the engine's."""
    if code in ENGLISH:
        return _FORMATTER.vformat(ENGLISH[code], (), params)
    return engine_english(code, params)
