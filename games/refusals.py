"""Every refusal the site gives, declared once: its code (stable, for
programs), its kind (whose HTTP status every door answers with) and its
sentence, in the reader's language when it is shown. Raise one by name with
the params its sentence needs: `raise refusals.GAME_FULL()`. The engine's
refusals keep their own codes (games/engine/refusals.py); none is also here.

Kinds: InvalidInput 400, NotSignedIn 401, NotAllowed 403, GameNotFound 404, MethodNotAllowed 405,
Conflict 409 (the state things are in now), IllegalMoveError 422, RateLimited 429.
"""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from games.errors import (
    Conflict,
    GameNotFound,
    IllegalMoveError,
    InvalidInput,
    MethodNotAllowed,
    NotAllowed,
    NotSignedIn,
    RateLimited,
    Refusal,
)

# any service
NO_SUCH_GAME = Refusal("no_such_game", GameNotFound, _("There is no such game."))
WRONG_STATUS = Refusal(
    "wrong_status", Conflict, _("This game is {status:game_status}: you cannot {action:action} now.")
)

# creating and starting a game
DRAW_MODE_UNKNOWN = Refusal("draw_mode_unknown", InvalidInput, _("The draw mode is automatic or tabletop."))
MISSED_TURN_POLICY_UNKNOWN = Refusal(
    "missed_turn_policy_unknown",
    InvalidInput,
    _("A missed turn is either skipped or, after several in a row, conceded."),
)
BOT_SEATS_OUT_OF_RANGE = Refusal(
    "bot_seats_out_of_range", InvalidInput, _("Bots may take any seat but yours, and no more.")
)
BOT_LEVEL_UNKNOWN = Refusal("bot_level_unknown", InvalidInput, _("A bot's level is 0, 1 or 2."))
TURN_TIME_OUT_OF_RANGE = Refusal(
    "turn_time_out_of_range", InvalidInput, _("The time per move must be between a minute and 30 days.")
)
CLOCK_KIND_UNKNOWN = Refusal("clock_kind_unknown", InvalidInput, _("The clock is days per move or a time bank."))
TIME_BANK_OUT_OF_RANGE = Refusal(
    "time_bank_out_of_range",
    InvalidInput,
    _(
        "A time bank starts with an hour to 30 days, gains at most 30 days a move,"
        " and holds at least what it starts with and at most 60 days."
    ),
)
DRAW_WINDOW_OUT_OF_RANGE = Refusal(
    "draw_window_out_of_range", InvalidInput, _("The draw window must be between a minute and 30 days.")
)
CONCEDE_AFTER_OUT_OF_RANGE = Refusal(
    "concede_after_out_of_range", InvalidInput, _("Conceding takes between 1 and 20 missed turns in a row.")
)
START_MODE_UNKNOWN = Refusal(
    "start_mode_unknown", InvalidInput, _("A game starts when its last seat is taken or when a player presses Start.")
)
PLAYERS_ONLY_START = Refusal("players_only_start", NotAllowed, _("Only the game's players can start it."))
SEATS_EMPTY = Refusal(
    "seats_empty", Conflict, ngettext_lazy("{empty} seat is still empty.", "{empty} seats are still empty.", "empty")
)

# a rematch
PLAYERS_ONLY_REMATCH = Refusal(
    "players_only_rematch", NotAllowed, _("Only the players of this game can ask for a rematch.")
)

# seats
ALREADY_SEATED = Refusal("already_seated", Conflict, _("You already have a seat in this game."))
GAME_FULL = Refusal("game_full", Conflict, _("Every seat of this game is taken."))
PRIVATE_GAME = Refusal("private_game", NotAllowed, _("This game is private: you need an invitation to join."))
NO_SEAT = Refusal("no_seat", NotAllowed, _("You have no seat in this game."))
CREATOR_ONLY_ARRANGES = Refusal(
    "creator_only_arranges", NotAllowed, _("Only the player who created the game arranges its seats.")
)
SEAT_ORDER_INCOMPLETE = Refusal("seat_order_incomplete", InvalidInput, _("Give every seat of the game exactly once."))

# invitations
INVITEE_CONTROL_CHARACTER = Refusal(
    "invitee_control_character",
    InvalidInput,
    _("A username or an e-mail address never holds a line break or a control character."),
)
INVITEE_MISSING = Refusal("invitee_missing", InvalidInput, _("Give a username or an e-mail address."))
USERNAME_TOO_LONG = Refusal(
    "username_too_long", InvalidInput, _("'{invitee}' is too long for a username (at most {limit}).")
)
ADDRESS_TOO_LONG = Refusal(
    "address_too_long", InvalidInput, _("'{invitee}' is too long for an e-mail address (at most {limit}).")
)
ADDRESS_INVALID = Refusal("address_invalid", InvalidInput, _("'{invitee}' is not a valid e-mail address."))
NO_SUCH_PLAYER = Refusal(
    "no_such_player", InvalidInput, _("There is no player called '{invitee}'. Invite them by e-mail address instead.")
)
PLAYERS_ONLY_INVITE = Refusal("players_only_invite", NotAllowed, _("Only the game's players can invite."))
INVITEE_SEATED = Refusal("invitee_seated", Conflict, _("{invitee} already has a seat in this game."))
TOO_MANY_INVITATIONS = Refusal(
    "too_many_invitations",
    Conflict,
    ngettext_lazy(
        "This game has {open_seats} open seat and {waiting} invitations waiting for an answer already: "
        "invite more once someone declines.",
        "This game has {open_seats} open seats and {waiting} invitations waiting for an answer already: "
        "invite more once someone declines.",
        "open_seats",
    ),
)
INVITATIONS_PER_DAY = Refusal(
    "invitations_per_day",
    RateLimited,
    ngettext_lazy(
        "You have sent {sent} invitation in the last 24 hours, as many as anyone may: try again tomorrow.",
        "You have sent {sent} invitations in the last 24 hours, as many as anyone may: try again tomorrow.",
        "sent",
    ),
)
INVITATION_FOR_SOMEONE_ELSE = Refusal(
    "invitation_for_someone_else", NotAllowed, _("This invitation is for someone else.")
)
INVITATION_ANSWERED = Refusal(
    "invitation_answered", Conflict, _("This invitation was already {status:invitation_status}.")
)
INVITATION_LAPSED = Refusal(
    "invitation_lapsed", Conflict, _("This invitation lapsed: the game was called off before you answered.")
)
INVITATION_FILLED = Refusal(
    "invitation_filled", Conflict, _("This invitation lapsed: the game started with other players before you answered.")
)
INVITATION_LINK_INVALID = Refusal(
    "invitation_link_invalid", GameNotFound, _("This invitation link is not valid (or has expired).")
)

# moves
PLAYERS_DOORS_ONLY = Refusal(
    "players_doors_only", NotAllowed, _("move_submit takes players' moves only, not the {door} door's.")
)
NOT_A_PLAYER = Refusal("not_a_player", NotAllowed, _("You do not play in this game."))
SEAT_HELD_BY_BOT = Refusal(
    "seat_held_by_bot", Conflict, _("A bot is playing your seat: take your seat back at the table first.")
)
NO_SEAT_TO_TAKE_BACK = Refusal("no_seat_to_take_back", Conflict, _("No bot is playing a seat of yours in this game."))
STALE_VERSION = Refusal(
    "stale_version", Conflict, _("The game has moved on since you looked at it: look at it again before you choose.")
)
NOT_MOVE_TEXT = Refusal(
    "not_move_text",
    IllegalMoveError,
    _(
        "That is not a move: a move is at most {limit} characters, all of them letters, digits, "
        "spaces, '-' or suit signs (♠♥♦♣). {help}"
    ),
)
MOVE_UNREADABLE = Refusal("move_unreadable", IllegalMoveError, _("That is not a move. {help}"))
SITE_ONLY_INPUT = Refusal(
    "site_only_input",
    IllegalMoveError,
    _(
        "'{kind}' is not a player's move: the site records it (a lost draw or a skipped turn when "
        "time runs out, a penalty from a moderator). {help}"
    ),
)
TURN_OF_ANOTHER = Refusal("turn_of_another", Conflict, _("It is not your turn: {player} is to play."))

# moderation
MODERATORS_ONLY = Refusal("moderators_only", NotAllowed, _("Only moderators {action:moderator_action}."))
REASON_MISSING = Refusal("reason_missing", InvalidInput, _("Give a reason: the audit trail keeps it."))
REASON_TOO_LONG = Refusal("reason_too_long", InvalidInput, _("A reason is at most {limit} characters."))
REASON_CONTROL_CHARACTER = Refusal(
    "reason_control_character", InvalidInput, _("A reason is plain text: no control characters.")
)
WINNER_UNKNOWN = Refusal(
    "winner_unknown", InvalidInput, _("The winner is one of the game's teams ({teams}), or nobody for a draw.")
)
NO_SUCH_SEAT = Refusal("no_such_seat", InvalidInput, _("This game has no seat {seat}."))
NO_SUCH_USER = Refusal("no_such_user", GameNotFound, _("There is no such user."))
REPLACEMENT_SUSPENDED = Refusal("replacement_suspended", Conflict, _("{player} is suspended and cannot take a seat."))
EXTENSION_OUT_OF_RANGE = Refusal(
    "extension_out_of_range", InvalidInput, _("An extension is between a minute and 30 days.")
)
NO_TURN_DEADLINE = Refusal("no_turn_deadline", Conflict, _("No turn is running in this game."))
NO_DRAW_OPEN = Refusal("no_draw_open", Conflict, _("Seat {seat} has no draw window open."))
SUSPENDED = Refusal(
    "suspended",
    NotAllowed,
    _("Your account is suspended from playing. Write to the moderators if you think this is a mistake."),
)
SUSPEND_SELF = Refusal("suspend_self", NotAllowed, _("Moderators do not suspend themselves."))
SUSPENSION_DAYS_OUT_OF_RANGE = Refusal(
    "suspension_days_out_of_range", InvalidInput, _("A suspension lasts between 1 and {limit} days, or until lifted.")
)
ALREADY_SUSPENDED = Refusal("already_suspended", Conflict, _("{player} is suspended already."))
NOT_SUSPENDED = Refusal("not_suspended", Conflict, _("{player} is not suspended."))

# chat and reports
PLAYERS_ONLY_CHAT = Refusal("players_only_chat", NotAllowed, _("Only the game's players write in its chat."))
TEXT_CONTROL_CHARACTER = Refusal("text_control_character", InvalidInput, _("Write plain text: no control characters."))
TEXT_DIRECTION_CONTROL = Refusal(
    "text_direction_control",
    InvalidInput,
    _("Write plain text: no characters that change the direction of the text (such as U+202E)."),
)
TEXT_TOO_LONG = Refusal("text_too_long", InvalidInput, _("That is {length} characters: at most {limit} fit."))
CHAT_EMPTY = Refusal("chat_empty", InvalidInput, _("Write something first."))
CHAT_RATE_LIMITED = Refusal(
    "chat_rate_limited",
    RateLimited,
    ngettext_lazy(
        "You have written {count} message in the last minute: wait a little before the next.",
        "You have written {count} messages in the last minute: wait a little before the next.",
        "count",
    ),
)
MUTE_SELF = Refusal("mute_self", InvalidInput, _("You cannot mute yourself."))
NO_SUCH_MESSAGE = Refusal("no_such_message", GameNotFound, _("There is no such message in this game."))
MESSAGE_HIDDEN_ALREADY = Refusal("message_hidden_already", Conflict, _("That message is hidden already."))
REPORT_REASON_UNKNOWN = Refusal(
    "report_reason_unknown", InvalidInput, _("Choose a reason for the report from the list.")
)
REPORTS_PER_DAY = Refusal(
    "reports_per_day",
    RateLimited,
    ngettext_lazy(
        "You have sent {count} report today, as many as anyone may: try again tomorrow.",
        "You have sent {count} reports today, as many as anyone may: try again tomorrow.",
        "count",
    ),
)
REPORTED_ALREADY = Refusal(
    "reported_already", Conflict, _("You have reported this already; a moderator will look at it.")
)
NO_SUCH_REPORT = Refusal("no_such_report", GameNotFound, _("There is no such report."))
REPORT_RESOLVED_ALREADY = Refusal("report_resolved_already", Conflict, _("That report is resolved already."))

# records
NO_RECORD_YET = Refusal("no_record_yet", Conflict, _("A game that has not started has no record yet."))
RECORD_NOT_PUBLISHED_YET = Refusal(
    "record_not_published_yet",
    NotAllowed,
    _("A record holds the order of the deck, so it is published when the game is over."),
)
MALFORMED_RECORD = Refusal("malformed_record", InvalidInput, _("Malformed record: {reason:refusal}"))
RECORD_MOVE_ILLEGAL = Refusal(
    "record_move_illegal", IllegalMoveError, _("Move {number} of the record is illegal: {reason:refusal}")
)
RECORD_NAME_UNFIT = Refusal(
    "record_name_unfit",
    InvalidInput,
    _("Malformed record: the player name of seat {position} is too long or holds a control character."),
)

# the web door's own refusals
FORM_INVALID = Refusal("form_invalid", InvalidInput, "{text}")  # the form's own words, already in the reader's language
MOVE_FORM_INCOMPLETE = Refusal(
    "move_form_incomplete", InvalidInput, _("That form was incomplete: choose a move again from the table below.")
)
CANNOT_RESIGN = Refusal("cannot_resign", NotAllowed, _("You cannot resign from this game."))
TEAM_RESIGNS_TOGETHER = Refusal(
    "team_resigns_together",
    Conflict,
    _("In a team game a resignation is put to your team: use Resign, and your team resigns once all of you agree."),
)
VOTE_UNKNOWN = Refusal("vote_unknown", InvalidInput, _("There is no such vote."))
NO_SUCH_SEASON = Refusal("no_such_season", GameNotFound, _("There is no such season."))
SEASON_NOT_OPEN = Refusal("season_not_open", Conflict, _("This season is no longer open for sign-up."))
ALREADY_SIGNED_UP = Refusal("already_signed_up", Conflict, _("You are already signed up for this season."))
LEAGUE_BARRED = Refusal(
    "league_barred",
    NotAllowed,
    ngettext_lazy(
        "You lost {count} league game on time: this league takes you in no further season.",
        "You lost {count} league games on time: this league takes you in no further season.",
        "count",
    ),
)
NO_RESIGNATION_PROPOSAL = Refusal(
    "no_resignation_proposal", Conflict, _("Your team has no resignation open to agree to or decline.")
)
NO_DRAW_NOW = Refusal("no_draw_now", Conflict, _("You have no draw to take in this game now."))
CHOOSE_SEAT = Refusal("choose_seat", InvalidInput, _("Choose a seat of this game to move."))
NO_OPEN_INVITATION = Refusal("no_open_invitation", Conflict, _("You have no open invitation to this game."))
ANSWER_ACCEPT_OR_DECLINE = Refusal(
    "answer_accept_or_decline", InvalidInput, _("Answer the invitation with accept or decline.")
)
NOTHING_TO_REPLAY = Refusal(
    "nothing_to_replay", Conflict, _("The game has not started: there is nothing to replay yet.")
)

# the e-mail door's own refusals (games/inbound)
NO_COMMAND = Refusal(
    "no_command",
    IllegalMoveError,
    _(
        "There is no command in your reply: write your move on its first line, e.g. 7H C4, "
        "or reply help for the list of commands."
    ),
)
NO_COMMAND_IN_REPLY = Refusal(
    "no_command_in_reply",
    IllegalMoveError,
    _(
        "There is no command in what you wrote (the e-mail you quote is not read): write your move at the "
        "top of your reply, e.g. 7H C4, or reply help for the list of commands."
    ),
)
ONE_PLAY_A_TURN = Refusal(
    "one_play_a_turn",
    IllegalMoveError,
    _(
        "One play a turn: your reply has more than one, so none was made. Reply with one play "
        "(a dead card or your draw may go with it)."
    ),
)
WORD_UNKNOWN = Refusal(
    "word_unknown",
    IllegalMoveError,
    _(
        "'{word}' is neither a move nor a command. Moves look like 7H C4 (also 7♥ C4 or 7 hearts C4); "
        "the commands are help, board, draw, dead 7H, pass 7H, penalty 7H and resign."
    ),
)
RESIGN_CODE_UNKNOWN = Refusal(
    "resign_code_unknown",
    NotAllowed,
    _("That is not a resignation code of yours, or it was used or is more than a day old: reply resign for a new one."),
)
TOKEN_REVOKED = Refusal(
    "token_revoked", NotAllowed, _("This reply address was replaced: answer the game's latest e-mail instead.")
)
TOKEN_GAME_OVER = Refusal("token_game_over", Conflict, _("This game is over: there is nothing more to play in it."))
TOKEN_SEAT_GIVEN_UP = Refusal("token_seat_given_up", NotAllowed, _("You no longer have a seat in this game."))

# the JSON API's own refusals (games/api)
API_TOKEN_MISSING = Refusal(
    "api_token_missing", NotSignedIn, _("Send a personal access token in the header Authorization: Bearer <token>.")
)
API_TOKEN_UNKNOWN = Refusal("api_token_unknown", NotSignedIn, _("This access token is unknown."))
API_TOKEN_REVOKED = Refusal("api_token_revoked", NotSignedIn, _("This access token was revoked."))
API_TOKEN_EXPIRED = Refusal("api_token_expired", NotSignedIn, _("This access token has expired."))
API_SCOPE_MISSING = Refusal("api_scope_missing", NotAllowed, _("This access token lacks the scope {scope}."))
API_RATE_LIMITED = Refusal(
    "api_rate_limited",
    RateLimited,
    ngettext_lazy(
        "Too many requests with this access token: try again in {seconds} second.",
        "Too many requests with this access token: try again in {seconds} seconds.",
        "seconds",
    ),
)
API_REQUEST_INVALID = Refusal(
    "api_request_invalid", InvalidInput, _("The request is not what this address takes: see the API's documentation.")
)
API_NOT_FOUND = Refusal(
    "api_not_found", GameNotFound, _("There is nothing at this address: see the API's documentation.")
)
API_METHOD_NOT_ALLOWED = Refusal(
    "api_method_not_allowed",
    MethodNotAllowed,
    _("This address does not take {method}: see the API's documentation for what it takes."),
)
API_ACTION_MISSING = Refusal("api_action_missing", InvalidInput, _("Send the move either as text or as an action."))
API_ACTION_INCONSISTENT = Refusal(
    "api_action_inconsistent", InvalidInput, _("The action's kind, card and cell do not say the move its text says.")
)
API_IDEMPOTENCY_KEY_INVALID = Refusal(
    "api_idempotency_key_invalid", InvalidInput, _("An Idempotency-Key is 1 to 200 visible ASCII characters.")
)
API_IDEMPOTENCY_KEY_REUSED = Refusal(
    "api_idempotency_key_reused", Conflict, _("This Idempotency-Key was already used for another request.")
)
API_RESIGN_UNCONFIRMED = Refusal(
    "api_resign_unconfirmed",
    InvalidInput,
    _("This confirmation is not valid, or it is older than the game: ask for a new one."),
)

# vacation and absence (games/services/vacations.py, absence.py)
VACATION_ENDS_BEFORE_START = Refusal(
    "vacation_ends_before_start", InvalidInput, _("A vacation must end after it starts, and start now or later.")
)
VACATION_ALREADY_PLANNED = Refusal(
    "vacation_already_planned", Conflict, _("You already have a vacation planned: end it before you plan another.")
)
VOTE_ALREADY_CAST = Refusal("vote_already_cast", Conflict, _("You have already voted for this."))
PAUSED_BY_A_MODERATOR = Refusal(
    "paused_by_a_moderator", Conflict, _("A moderator paused this game: only a moderator resumes it.")
)
SKIP_YOURSELF = Refusal("skip_yourself", Conflict, _("You cannot vote to skip yourself: make your move."))
SKIP_NOT_OUT_OF_TIME = Refusal(
    "skip_not_out_of_time",
    Conflict,
    _("{player} is not out of time: a vote to skip them waits until they have missed a turn."),
)
SKIP_LESS_TIME = Refusal(
    "skip_less_time", NotAllowed, _("Only a player with more time left than {player} may vote to skip them.")
)
SEAT_NOT_OPEN = Refusal("seat_not_open", Conflict, _("Seat {seat} is not offered to other players."))
VACATION_TOO_LONG = Refusal("vacation_too_long", Conflict, _("You do not hold that much vacation: plan a shorter one."))


BY_CODE = {refusal.code: refusal for refusal in list(globals().values()) if isinstance(refusal, Refusal)}
