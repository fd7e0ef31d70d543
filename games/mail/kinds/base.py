"""What every kind of e-mail is: a small class with its relevance (does the
notice still apply when it is sent), its context, its subject and its
templates. The kinds themselves are the other modules of this package; the
registry is its __init__."""

from dataclasses import dataclass

from django.conf import settings
from django.template.loader import render_to_string

from games.mail.turn_news import News
from games.models import Game, Notification, Seat


def absolute(path: str) -> str:
    return settings.SITE_URL + path


@dataclass(frozen=True)
class Templates:
    """An e-mail's three templates: templates/emails/<name>-subject.txt, -body.txt and -body.html.
    (The turn e-mail, sent on every move, is written in Python instead: turn_bodies.py.)"""

    name: str

    def subject(self, context: dict) -> str:
        return render_to_string(f"emails/{self.name}-subject.txt", context)

    def text(self, context: dict) -> str:
        return render_to_string(f"emails/{self.name}-body.txt", context)

    def html(self, context: dict) -> str:
        return render_to_string(f"emails/{self.name}-body.html", context)


@dataclass
class Prepared:
    """What the e-mails of a batch need besides their games, loaded for the
    whole batch at once: the turn e-mails' news (per game) and the reply
    addresses (per outbox row)."""

    news: dict[int, News]
    reply_addresses: dict[int, str]


class MailKind:
    """One kind of e-mail (a Notification.Kind). Subclasses set `kind` and
    override what differs; the defaults are an e-mail that always applies,
    needs nothing beyond the common context and asks for no reply."""

    kind: str
    # An e-mail that asks the player to act carries a reply address: a reply is a move (games/inbound).
    asks_to_act = False
    # A turn e-mail tells what happened since the player last acted (turn_news, loaded per batch).
    wants_news = False
    # Written when owed and sent as written (Notification.message), not rendered when sent.
    written = False

    @property
    def templates(self) -> Templates:
        return Templates(self.kind)

    def applies(self, notification: Notification, game: Game, seat: Seat | None) -> bool:
        """Whether the notice still applies, by the game as it is now (cheap:
        what needs a query of its own is checked by `context`)."""
        return True

    def context(self, notification: Notification, game: Game, seat: Seat | None, prepared: Prepared) -> dict | None:
        """What this kind's templates need beyond the common context, or None
        when the notice turns out no longer to apply."""
        return {}

    def asks_for_reply(self, game: Game, seat: Seat | None) -> bool:
        return self.asks_to_act and seat is not None and game.status == Game.Status.ACTIVE

    def reply_example(self, moves: list[str]) -> str:
        """The reply the e-mail shows as an example: an ordinary move the player can make now."""
        return next((m for m in moves if not m.startswith(("pass", "resign", "J"))), "7H C4")
