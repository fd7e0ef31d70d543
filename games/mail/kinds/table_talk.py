"""The e-mails of what people said or did at a table: a moderator's action,
a player's mention in the chat."""

from django.urls import reverse

from games.mail.kinds.base import MailKind, absolute
from games.models import ChatMessage, Game, ModerationAction, Notification
from games.viewmodels.chat import note_of


class Moderation(MailKind):
    """The game's variant-th moderator action (its audit row)."""

    kind = Notification.Kind.MODERATION

    def context(self, notification, game, seat, prepared):
        action = ModerationAction.objects.filter(game=game, number=notification.variant).first()
        if action is None:
            return None
        return {"action": action, "note": note_of(action)}


class ChatMention(MailKind):
    """The game's variant-th chat message named the recipient."""

    kind = Notification.Kind.CHAT_MENTION

    def applies(self, notification, game, seat):  # a message a moderator hid since is told of no more
        return mentioning(notification, game) is not None

    def context(self, notification, game, seat, prepared):
        message = mentioning(notification, game)
        return {
            "author": message.name,
            "message": message.text,
            "chat_url": absolute(reverse("game", args=[game.pk]) + "#chat"),
        }


def mentioning(notification: Notification, game: Game) -> ChatMessage | None:
    """The variant-th message of the game's chat, unless a moderator hid it."""
    message = game.chat_messages.order_by("pk")[notification.variant - 1 : notification.variant].first()
    return message if message is not None and message.hidden_at is None else None
