"""The table chat: players write, everyone who may see the game reads; a
player named as @username is told. A player mutes another for themselves; a
moderator hides a message for all."""

import math
import re
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.ratelimits import Limit, take
from games import inputs, refusals, selectors
from games.mail import notify
from games.models import ChatMessage, ChatMute, ModerationAction, Seat
from games.services._common import changing
from games.services.audit import moderator_action
from games.suspension_rule import require_not_suspended


def checked_text(text: str, *, limit: int) -> str:
    """Plain text of at most `limit` characters: line breaks and tabs pass, other
    control characters do not, nor do the controls that reorder text's direction."""
    if inputs.has_control_characters(text.replace("\n", "").replace("\r", "").replace("\t", "")):
        raise refusals.TEXT_CONTROL_CHARACTER()
    if inputs.has_direction_controls(text):
        raise refusals.TEXT_DIRECTION_CONTROL()
    text = text.replace("\r\n", "\n").strip()
    if len(text) > limit:
        raise refusals.TEXT_TOO_LONG(limit=limit, length=len(text))
    return text


def chat_post(*, game_id: int, user, text: str) -> ChatMessage:
    """A player's message to their table's public chat."""
    game, _, mine = selectors.game_for_viewer(game_id=game_id, user=user)
    if mine is None:
        raise refusals.PLAYERS_ONLY_CHAT()
    require_not_suspended(user)
    text = checked_text(text, limit=ChatMessage.MAX_LENGTH)
    if not inputs.shows_something(text):  # nothing, or only zero-width characters
        raise refusals.CHAT_EMPTY()
    per_minute = Limit(settings.CHAT_MESSAGES_PER_MINUTE, timedelta(minutes=1))
    with changing(game.pk):
        wait = take(f"chat:{user.pk}", per_minute)
        if wait is not None:  # the seconds are for a program's Retry-After
            raise refusals.CHAT_RATE_LIMITED(count=per_minute.capacity, seconds=math.ceil(wait.total_seconds()))
        message = ChatMessage.objects.create(game=game, author=user, name=mine.name, text=text)
        mentioned = _mentioned(game, text, author=user)
        if mentioned:
            notify.chat_mentioned(game=game, message=message, mentioned=mentioned, now=message.created_at)
        return message


MENTION = re.compile(r"(?<![\w@])@([\w.@+-]+)")


def _mentioned(game, text: str, *, author) -> list:
    """The other players of the game the text names as @username (in any
    case), who have not muted its author: they are told (a notice by e-mail
    or on their devices, by their settings)."""
    names = {name.casefold().rstrip(".") for name in MENTION.findall(text)}
    if not names:
        return []
    seats = Seat.objects.filter(game=game, user__isnull=False).exclude(user=author).select_related("user")
    named = [seat.user for seat in seats if seat.user.username.casefold() in names and seat.person is not None]
    muting = set(ChatMute.objects.filter(muted=author, user__in=named).values_list("user_id", flat=True))
    return [user for user in named if user.pk not in muting]


def chat_mute(*, user, muted_id: int) -> ChatMute:
    """`user` stops seeing what the other player writes, in every game."""
    if muted_id == user.pk:
        raise refusals.MUTE_SELF()
    muted = get_user_model().objects.filter(pk=muted_id).first()
    if muted is None:
        raise refusals.NO_SUCH_USER()
    try:
        with transaction.atomic():
            return ChatMute.objects.create(user=user, muted=muted)
    except IntegrityError:  # muted already: the same outcome
        return ChatMute.objects.get(user=user, muted=muted)


def chat_unmute(*, user, muted_id: int) -> None:
    ChatMute.objects.filter(user=user, muted_id=muted_id).delete()


def chat_message_hide(*, message_id: int, moderator, reason: str, private: bool = False) -> ChatMessage:
    """Hide a message from everyone; it stays in the admin and in the audit trail."""
    game_id = ChatMessage.objects.filter(pk=message_id).values_list("game_id", flat=True).first()
    kind = ModerationAction.Kind.HIDE_MESSAGE
    with moderator_action(
        moderator=moderator, action="hide_message", kind=kind, reason=reason, private=private, game_id=game_id
    ) as (_, note):
        if game_id is None:
            raise refusals.NO_SUCH_MESSAGE()
        message = ChatMessage.objects.get(pk=message_id)
        if message.hidden_at is not None:
            raise refusals.MESSAGE_HIDDEN_ALREADY()
        message.hidden_at = timezone.now()
        message.save(update_fields=["hidden_at"])
        note.target_user, note.changes = message.author, {"message": message.pk, "author": message.name}
        return message
