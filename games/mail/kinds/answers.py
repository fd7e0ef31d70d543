"""The answers to e-mailed moves (games.inbound): written when owed, with
the outcome of the move, and sent as written (Notification.message), so
that they need nothing of the game when sent."""

from games.mail.kinds.base import MailKind
from games.models import AnswerKind


class Written(MailKind):
    written = True

    def __init__(self, kind: str):
        self.kind = kind


REPLY = Written(AnswerKind.REPLY)
MISMATCH = Written(AnswerKind.MISMATCH)
