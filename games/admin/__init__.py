"""Moderation in the Django admin. Rows are read-only: every change is a
service (games.services), reached through an action page that asks for a
reason (moderate.py). Hands and the deck show only on a game's own page,
and only to those allowed to see them (games.view_game_state).

    games.py   games, their seats and move log, and the actions on a game
    people.py  seats, invitations, e-mails, suspensions
    chat.py    the chat, the report queue, the audit trail
    inbound.py e-mails that came in (moves by e-mail) and reply tokens
    leagues.py leagues (a new one opens its first season) and their seasons
"""

from games.admin import chat, games, inbound, leagues, people  # noqa: F401  (each registers its admins)
