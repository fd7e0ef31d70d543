"""The table chat and the moderators' public notes as a viewer sees them:
hidden messages and those of players the viewer muted left out. A fixed
number of queries whatever the game's size."""

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import DateTimeField, Exists, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce

from games.models import ChatMessage, ChatMute, Game, ModerationAction, Move, Seat

CHAT_ON_TABLE = 50
NEW_IN_EMAIL = 10


@dataclass
class Note:
    """A moderator action as the players see it: what was done, and why unless the reason is private."""

    when: datetime
    what: str
    reason: str


@dataclass
class Chat:
    messages: list[ChatMessage]
    can_post: bool
    muted: list = field(default_factory=list)  # the users the viewer muted, in any game


def _visible(game: Game, viewer):
    messages = ChatMessage.objects.filter(game=game, hidden_at__isnull=True)
    if viewer is not None and viewer.is_authenticated:
        muted = ChatMute.objects.filter(user=viewer, muted=OuterRef("author"))
        messages = messages.exclude(Exists(muted))
    return messages


def note_of(action: ModerationAction) -> Note:
    changes = action.changes
    what = {
        ModerationAction.Kind.ABORT: "aborted the game",
        ModerationAction.Kind.ADJUDICATE: (
            f"ended the game: {changes.get('winner')} wins" if changes.get("winner") else "ended the game as a draw"
        ),
        ModerationAction.Kind.REPLACE: (
            f"seat {changes.get('seat', 0) + 1} ({changes.get('from')}) is now played by {changes.get('to')}"
        ),
        ModerationAction.Kind.EXTEND: (
            f"gave {changes.get('minutes')} more minutes to "
            + ("the turn" if changes.get("seat") is None else f"the draw of seat {changes.get('seat', 0) + 1}")
        ),
        ModerationAction.Kind.PAUSE: "paused the game: no clock runs and nobody moves until it resumes",
        ModerationAction.Kind.RESUME: "resumed the game, with the time each clock had left",
        ModerationAction.Kind.PENALTY: f"table-talk penalty for team {changes.get('team')}",
        ModerationAction.Kind.HIDE_MESSAGE: f"hid a chat message by {changes.get('author')}",
        ModerationAction.Kind.RESOLVE_REPORT: "settled a report about this game",
    }.get(action.kind, action.get_kind_display().lower())
    return Note(when=action.created_at, what=what, reason="" if action.reason_private else action.reason)


def notes_for(*, game: Game) -> list[Note]:
    """The game's moderator notes, the oldest first: one query."""
    return [note_of(action) for action in ModerationAction.objects.filter(game=game).order_by("number")]


def chat_for(*, game: Game, viewer, my_seat: Seat | None) -> Chat:
    """The chat under a table: the latest messages, oldest first (two queries)."""
    latest = list(_visible(game, viewer).order_by("-created_at", "-pk")[:CHAT_ON_TABLE])
    muted = []
    if viewer is not None and viewer.is_authenticated:
        muted = [mute.muted for mute in ChatMute.objects.filter(user=viewer).select_related("muted")]
    return Chat(messages=latest[::-1], can_post=my_seat is not None, muted=muted)


def new_messages(*, game: Game, seat: Seat) -> list[ChatMessage]:
    """For a turn e-mail: what others wrote since this seat last moved (or
    since the deal), the latest NEW_IN_EMAIL, oldest first: one query."""
    own = Move.objects.filter(game=game, seat=seat.position).order_by("-seq").values("created_at")[:1]
    since = Coalesce(Subquery(own), Value(game.started_at or game.created_at, output_field=DateTimeField()))
    messages = _visible(game, seat.user).exclude(author=seat.user).filter(created_at__gt=since)
    return list(messages.order_by("-created_at", "-pk")[:NEW_IN_EMAIL])[::-1]
