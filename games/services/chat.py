"""The table chat: players write, everyone who may see the game reads. A
player mutes another for themselves; a moderator hides a message for all."""

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from games import inputs, selectors
from games.errors import ChatRateLimited, GameNotFound, InvalidSettings, NotAllowed
from games.models import ChatMessage, ChatMute, ModerationAction
from games.services._common import locked_game
from games.services.audit import audit, chat_changed, checked_reason, require_moderator
from games.services.suspensions import require_not_suspended

RATE_WINDOW = timedelta(minutes=1)


def chat_per_minute() -> int:
    return getattr(settings, "CHAT_MESSAGES_PER_MINUTE", 6)


def checked_text(text: str, *, limit: int) -> str:
    """Plain text of at most `limit` characters: line breaks and tabs pass, other control characters do not."""
    if inputs.has_control_characters(text.replace("\n", "").replace("\r", "").replace("\t", "")):
        raise InvalidSettings("text_control_character")
    text = text.replace("\r\n", "\n").strip()
    if len(text) > limit:
        raise InvalidSettings("text_too_long", limit=limit, length=len(text))
    return text


def chat_post(*, game_id: int, user, text: str) -> ChatMessage:
    """A player's message to their table's public chat."""
    game, _, mine = selectors.game_for_viewer(game_id=game_id, user=user)
    if mine is None:
        raise NotAllowed("players_only_chat")
    require_not_suspended(user)
    text = checked_text(text, limit=ChatMessage.MAX_LENGTH)
    if not text:
        raise InvalidSettings("chat_empty")
    now = timezone.now()
    recent = ChatMessage.objects.filter(author=user, created_at__gt=now - RATE_WINDOW).count()
    if recent >= chat_per_minute():
        raise ChatRateLimited("chat_rate_limited", count=chat_per_minute())
    with transaction.atomic():
        message = ChatMessage.objects.create(game=game, author=user, name=mine.name, text=text)
        chat_changed(game.pk)
    return message


def chat_mute(*, user, muted_id: int) -> ChatMute:
    """`user` stops seeing what the other player writes, in every game."""
    if muted_id == user.pk:
        raise InvalidSettings("mute_self")
    muted = get_user_model().objects.filter(pk=muted_id).first()
    if muted is None:
        raise GameNotFound("no_such_user")
    try:
        with transaction.atomic():
            mute = ChatMute.objects.create(user=user, muted=muted)
            mutes_changed(user)
            return mute
    except IntegrityError:  # muted already: the same outcome
        return ChatMute.objects.get(user=user, muted=muted)


def chat_unmute(*, user, muted_id: int) -> None:
    with transaction.atomic():
        if ChatMute.objects.filter(user=user, muted_id=muted_id).delete()[0]:
            mutes_changed(user)


def mutes_changed(user) -> None:
    """Whom `user` muted shows in every chat they read: each cached copy of theirs is out of date."""
    get_user_model().objects.filter(pk=user.pk).update(chat_mutes_version=F("chat_mutes_version") + 1)


def chat_message_hide(*, message_id: int, moderator, reason: str, private: bool = False) -> ChatMessage:
    """Hide a message from everyone; it stays in the admin and in the audit trail."""
    require_moderator(moderator, action="hide_message")
    reason = checked_reason(reason)
    with transaction.atomic():
        game_id = ChatMessage.objects.filter(pk=message_id).values_list("game_id", flat=True).first()
        if game_id is None:
            raise GameNotFound("no_such_message")
        game = locked_game(game_id)  # the audit numbers the game's actions
        message = ChatMessage.objects.get(pk=message_id)
        if message.hidden_at is not None:
            raise InvalidSettings("message_hidden_already")
        message.hidden_at = timezone.now()
        message.save(update_fields=["hidden_at"])
        audit(
            moderator=moderator,
            kind=ModerationAction.Kind.HIDE_MESSAGE,
            reason=reason,
            private=private,
            game=game,
            target_user=message.author,
            changes={"message": message.pk, "author": message.name},
        )
        return message
