"""Everything that changes a game goes through here: one transaction per
call, the game row locked and its revision bumped (`_common.changing`, the
one path every change takes), the version compared, the rules applied by the
engine. Views, e-mail, the admin, tasks and commands call these functions
(`services.move_submit(...)`) and never write game models themselves.

One module per entity, each with one job:
    games.py        game_create, game_start, game_cancel_unfilled
    rematch.py      game_rematch: a finished game's players again, seats rotated
    dealing.py      the deal, by the Start button or by the last seat taken
    seating.py      seat_join, seat_leave, seats_arrange
    invitations.py  invitation_create, invitation_accept, invitation_decline
                    (the signed link is games.invitations, re-exported here)
    moves.py        move_submit, and the recorder every input goes through
    deadlines.py    the deadline arithmetic (the due query is Game.objects.due)
    timeouts.py     deadline_enforce: what a passed deadline means
    moderation.py   penalty_apply, game_abort, game_adjudicate, seat_replace,
                    deadline_extend, game_pause, game_resume
    audit.py        moderator_action: who may moderate, the reason, the audit row
    suspensions.py  player_suspend, player_unsuspend, require_not_suspended
    chat.py         chat_post, chat_mute, chat_unmute, chat_message_hide
    reports.py      report_create, report_resolve
    records.py      game_export, game_import, game_verify
    _common.py      changing (the locked, revised game), its seats, the status check, secure randomness
The refusals are declared in games.refusals (kinds and statuses: games.errors). Imports go one way, down this list's
dependencies: nothing here imports this package's __init__.
"""

from games.invitations import invitation_from_token, invitation_token
from games.services.chat import chat_message_hide, chat_mute, chat_post, chat_unmute
from games.services.games import game_cancel_unfilled, game_create, game_start
from games.services.invitations import invitation_accept, invitation_create, invitation_decline
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
from games.services.records import game_export, game_import, game_verify
from games.services.rematch import game_rematch
from games.services.reports import report_create, report_resolve
from games.services.seating import seat_join, seat_leave, seat_seen, seats_arrange
from games.services.suspensions import player_suspend, player_unsuspend
from games.services.timeouts import deadline_enforce

__all__ = [
    "MoveResult",
    "chat_message_hide",
    "chat_mute",
    "chat_post",
    "chat_unmute",
    "deadline_enforce",
    "deadline_extend",
    "game_abort",
    "game_adjudicate",
    "game_cancel_unfilled",
    "game_create",
    "game_export",
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
    "move_submit",
    "penalty_apply",
    "player_suspend",
    "player_unsuspend",
    "report_create",
    "report_resolve",
    "seat_join",
    "seat_leave",
    "seat_replace",
    "seat_seen",
    "seats_arrange",
]
