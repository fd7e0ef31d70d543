"""Everything that changes a game goes through here: one transaction per
call, the game row locked and its revision bumped (`_common.changing`, the
one path every change takes), the version compared, the rules applied by the
engine. Views, e-mail, the admin, tasks and commands call these functions
(`services.move_submit(...)`) and never write game models themselves.

One module per entity, each with one job:
    games.py        game_create, game_against_bot, game_start, game_cancel_unfilled
    rematch.py      game_rematch: a finished game's players again, seats rotated
    dealing.py      the deal, by the Start button or by the last seat taken
    seating.py      seat_join, seat_leave, seats_arrange
    invitations.py  invitation_create, invitation_accept, invitation_decline, invitations_claim
                    (the signed link is games.invitations, re-exported here)
    moves.py        move_submit, and the recorder every input goes through
    resignations.py resign, resign_decline (a team game's resignation is put to the team),
                    resignations_time_passed (the sweep's: a proposal lapses, a suspension ends)
    ratings.py      rate_finished (in the finishing transaction), ratings_rebuild
    matchmaking.py  game_find: a seat in the open game rated closest, or a new one
    leagues.py      season_signup, season_leave, and leagues_tick (the beat's): seasons, divisions, standings
    deadlines.py    the deadline arithmetic (the due query is Game.objects.due)
    timeouts.py     deadline_enforce: what a passed deadline means (or a day of auto-vacation)
    absence.py      seat_take_over, seat_keep: a seat offered after missed turns (the open-seat policy)
    votes.py        vote_pause, vote_resume, vote_skip: the players of a stalled table decide
    vacations.py    vacation_plan, vacation_end: a player's vacation stops their clocks
    bot_wake.py     which bot has a move to make, queued on commit (task games.bot_move)
    bots.py         bot_turn, bot_submit (a bot's move, door `bot`), seat_to_bot, seat_take_back
    moderation.py   penalty_apply, game_abort, game_adjudicate, seat_replace,
                    deadline_extend, game_pause, game_resume
    audit.py        moderator_action: who may moderate, the reason, the audit row
    suspensions.py  player_suspend, player_unsuspend (the refusal: games/suspension_rule.py)
    chat.py         chat_post, chat_mute, chat_unmute, chat_message_hide
    reports.py      report_create, report_resolve
    records.py      game_export, game_import, game_verify
    _common.py      changing (the locked, revised game), its seats, the status check, secure randomness
The refusals are declared in games.refusals (kinds and statuses: games.errors). Imports go one way, down this list's
dependencies: nothing here imports this package's __init__.
"""

from games.invitations import invitation_from_token, invitation_token
from games.services.absence import seat_keep, seat_take_over
from games.services.bots import bot_submit, bot_turn, seat_take_back
from games.services.chat import chat_message_hide, chat_mute, chat_post, chat_unmute
from games.services.games import game_against_bot, game_cancel_unfilled, game_create, game_start
from games.services.invitations import invitation_accept, invitation_create, invitation_decline, invitations_claim
from games.services.leagues import leagues_tick, season_leave, season_signup
from games.services.matchmaking import game_find
from games.services.moderation import (
    deadline_extend,
    game_abort,
    game_adjudicate,
    game_pause,
    game_resume,
    penalty_apply,
    seat_replace,
)
from games.services.moves import MoveResult, move_submit
from games.services.ratings import ratings_rebuild
from games.services.records import game_export, game_import, game_verify
from games.services.rematch import game_rematch
from games.services.reports import report_create, report_resolve
from games.services.resignations import Resignation, resign, resign_decline, resignations_time_passed
from games.services.seating import seat_join, seat_leave, seat_seen, seats_arrange
from games.services.suspensions import player_suspend, player_unsuspend
from games.services.timeouts import deadline_enforce
from games.services.vacations import vacation_end, vacation_plan
from games.services.votes import vote_pause, vote_resume, vote_skip

__all__ = [
    "MoveResult",
    "Resignation",
    "bot_submit",
    "bot_turn",
    "chat_message_hide",
    "chat_mute",
    "chat_post",
    "chat_unmute",
    "deadline_enforce",
    "deadline_extend",
    "game_abort",
    "game_adjudicate",
    "game_against_bot",
    "game_cancel_unfilled",
    "game_create",
    "game_export",
    "game_find",
    "game_import",
    "game_pause",
    "game_rematch",
    "game_resume",
    "game_start",
    "game_verify",
    "invitation_accept",
    "invitation_create",
    "invitation_decline",
    "invitation_from_token",
    "invitation_token",
    "invitations_claim",
    "leagues_tick",
    "move_submit",
    "penalty_apply",
    "player_suspend",
    "player_unsuspend",
    "ratings_rebuild",
    "report_create",
    "report_resolve",
    "resign",
    "resign_decline",
    "resignations_time_passed",
    "season_leave",
    "season_signup",
    "seat_join",
    "seat_keep",
    "seat_leave",
    "seat_replace",
    "seat_seen",
    "seat_take_back",
    "seat_take_over",
    "seats_arrange",
    "vacation_end",
    "vacation_plan",
    "vote_pause",
    "vote_resume",
    "vote_skip",
]
