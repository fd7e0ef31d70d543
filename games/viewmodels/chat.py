"""The table chat and the moderators' public notes as a viewer sees them:
hidden messages and those of players the viewer muted left out. A fixed
number of queries whatever the game's size."""

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Exists, F, OuterRef, Subquery, Window
from django.db.models.functions import RowNumber
from django.utils.translation import gettext

from games.models import ChatMessage, ChatMute, Game, ModerationAction, Move, Seat
from games.templatetags.sequence_tags import duration
from games.words import team

CHAT_ON_TABLE = 50
NEW_IN_EMAIL = 10


@dataclass
class Note:
    """A moderator action as the players see it: what was done, and why unless the reason is private."""

    when: datetime
    what: str
    reason: str


@dataclass(frozen=True)
class Folded:
    """A run of messages by players the viewer muted: counted, not shown."""

    count: int


@dataclass
class Chat:
    messages: list[ChatMessage]  # those the viewer sees, oldest first
    can_post: bool
    muted: list = field(default_factory=list)  # the users the viewer muted, in any game
    lines: list = field(default_factory=list)  # the messages, with each run of muted ones as one Folded
    new: int = 0  # messages by others since the viewer's last move (or the deal)


def _what(action: ModerationAction) -> str:
    """What a moderator did, in the reader's language: from the action's kind
    and changes (stored as data, never as text), so each reader gets their own."""
    changes, kind = action.changes, ModerationAction.Kind
    seat = changes.get("seat")
    if action.kind == kind.ABORT:
        return gettext("aborted the game")
    if action.kind == kind.ADJUDICATE:
        if changes.get("winner"):
            return gettext("ended the game: %(team)s wins") % {"team": team(changes["winner"])}
        return gettext("ended the game as a draw")
    if action.kind == kind.REPLACE:
        return gettext("seat %(seat)s (%(before)s) is now played by %(after)s") % {
            "seat": (seat or 0) + 1,
            "before": changes.get("from"),
            "after": changes.get("to"),
        }
    if action.kind == kind.EXTEND:  # in the largest whole unit: "1 day", not "1440 minutes"
        time = duration((changes.get("minutes") or 0) * 60)
        if seat is None:
            return gettext("gave %(time)s more to the turn") % {"time": time}
        return gettext("gave %(time)s more to the draw of seat %(seat)s") % {"time": time, "seat": seat + 1}
    if action.kind == kind.PAUSE:
        return gettext("paused the game: no clock runs and nobody moves until it resumes")
    if action.kind == kind.RESUME:
        return gettext("resumed the game, with the time each clock had left")
    if action.kind == kind.PENALTY:
        return gettext("table-talk penalty for team %(team)s") % {"team": team(changes.get("team", ""))}
    if action.kind == kind.HIDE_MESSAGE:
        return gettext("hid a chat message by %(author)s") % {"author": changes.get("author")}
    if action.kind == kind.RESOLVE_REPORT:
        return gettext("settled a report about this game")
    return str(action.get_kind_display()).lower()


def note_of(action: ModerationAction) -> Note:
    return Note(when=action.created_at, what=_what(action), reason="" if action.reason_private else action.reason)


def notes_for(*, game: Game) -> list[Note]:
    """The game's moderator notes, the oldest first: one query."""
    return [note_of(action) for action in ModerationAction.objects.filter(game=game).order_by("number")]


def chat_for(
    *, game: Game, viewer, my_seat: Seat | None, may_have_muted: bool = True, may_have_messages: bool = True
) -> Chat:
    """The chat beside a table: the latest messages, oldest first, those of
    muted players folded into runs, and how many are new to the viewer's seat
    (the messages carry when the viewer last moved), and whom the viewer
    muted. `may_have_muted`: False when the caller knows they muted nobody
    (the table page's key counts their mutes); then the messages are the
    only query, and one more reads the muted players otherwise.
    `may_have_messages`: False when the caller knows the chat shows none."""
    signed_in = viewer is not None and viewer.is_authenticated
    reads_mutes = signed_in and may_have_muted
    muted_users = (
        [mute.muted for mute in ChatMute.objects.filter(user=viewer).select_related("muted")] if reads_mutes else []
    )
    muted = {user.pk for user in muted_users}
    latest = _latest(game, my_seat) if may_have_messages else []
    lines: list = []
    for message in latest:
        message.muted = message.author_id in muted
        if not message.muted:
            lines.append(message)
        elif lines and isinstance(lines[-1], Folded):
            lines[-1] = Folded(lines[-1].count + 1)
        else:
            lines.append(Folded(1))
    messages = [message for message in latest if not message.muted]
    new = 0
    if my_seat is not None:
        since = (latest[0].my_last_move if latest else None) or game.started_at
        new = sum(1 for m in messages if m.author_id != viewer.pk and (since is None or m.created_at > since))
    return Chat(messages=messages, can_post=my_seat is not None, muted=muted_users, lines=lines, new=new)


def _latest(game: Game, my_seat: Seat | None) -> list[ChatMessage]:
    """The latest messages shown, oldest first, each with when the seat last moved."""
    shown = ChatMessage.objects.filter(game=game, hidden_at__isnull=True)
    if my_seat is not None:
        mine = Move.objects.filter(game=game, seat=my_seat.position).order_by("-seq").values("created_at")[:1]
        shown = shown.annotate(my_last_move=Subquery(mine))
    return list(shown.order_by("-created_at", "-pk")[:CHAT_ON_TABLE])[::-1]


def new_messages(since: dict[Seat, datetime]) -> dict[int, list[ChatMessage]]:
    """For turn e-mails: per game, what others wrote since its seat's `since`
    (its last move, or the deal), as that seat's player sees the chat: the
    latest NEW_IN_EMAIL, oldest first. At most one seat a game (the one to
    move); one query for a whole batch of e-mails, built at the same cost
    whatever its size."""
    if not since:
        return {}
    seats = Seat.objects.filter(pk__in=[seat.pk for seat in since], game=OuterRef("game"))
    muted = ChatMute.objects.filter(user=OuterRef("viewer"), muted=OuterRef("author"))
    visible = (
        ChatMessage.objects.filter(game__in=[seat.game_id for seat in since], hidden_at__isnull=True)
        .annotate(viewer=Subquery(seats.values("user_id")[:1]))
        .exclude(author=F("viewer"))
        .exclude(Exists(muted))
    )
    # The latest of each game since the earliest `since`: those since the
    # game's own `since` are the newest, so the latest of them are among these.
    latest = Window(RowNumber(), partition_by=F("game_id"), order_by=[F("created_at").desc(), F("pk").desc()])
    rows = visible.filter(created_at__gt=min(since.values())).annotate(latest=latest).filter(latest__lte=NEW_IN_EMAIL)
    after = {seat.game_id: moment for seat, moment in since.items()}
    found = defaultdict(list)
    for message in rows.order_by("game_id", "created_at", "pk"):
        if message.created_at > after[message.game_id]:
            found[message.game_id].append(message)
    return found
