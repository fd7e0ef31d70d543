"""Each kind of e-mail as one small class: whether the notice still applies,
its context, its subject and its templates (templates/emails/<kind>-*).

    base.py         what every kind is (MailKind), its templates, what a batch prepares
    turns.py        your turn, reminder, draw window, missed, vacation day spent
    turn_bodies.py  the turn e-mail's subject and bodies, in Python (it goes out on every move)
    invitations.py  the invitation, an answer to it
    lifecycle.py    game started, cancelled, over; seat opened; resignation proposed, declined
    table_talk.py   a moderator's action, a chat mention
    answers.py      the answers to e-mailed moves, written when owed and sent as written

A new kind of e-mail is a class in one of these modules, listed below, and
its choice in accounts.models.EmailKind; games.mail.notify says who is owed it.
"""

from games.mail.kinds import answers, invitations, lifecycle, table_talk, turns
from games.mail.kinds.base import MailKind
from games.models import Notification

KINDS: dict[str, MailKind] = {
    kind.kind: kind
    for kind in (
        turns.YourTurn(),
        turns.Reminder(),
        turns.DrawWindow(),
        turns.Missed(),
        turns.VacationSpent(),
        invitations.InvitationMail(),
        invitations.InvitationAnswered(),
        lifecycle.GameStarted(),
        lifecycle.GameCancelled(),
        lifecycle.GameOver(),
        lifecycle.SeatOpened(),
        lifecycle.ResignProposed(),
        lifecycle.ResignDeclined(),
        table_talk.Moderation(),
        table_talk.ChatMention(),
        answers.REPLY,
        answers.MISMATCH,
    )
}


def kind_of(notification: Notification) -> MailKind:
    return KINDS[notification.kind]
