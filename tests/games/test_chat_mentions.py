"""A player named as @username in a game's chat is told (issue 29's chat
mentions): by e-mail and on their devices, by their settings; not when they
muted the author, not for a message a moderator hid before it went, and
nobody who is not at that table."""

import pytest
from django.core import mail

from accounts.models import Delivery
from games import services
from games.mail import outbox
from games.models import ChatMute, Notification
from tests.factories import ModeratorFactory, UserFactory

pytestmark = pytest.mark.django_db
Kind = Notification.Kind


def mentions_to(user) -> list:
    outbox.sweep()
    return [m for m in mail.outbox if user.email in m.to and "names you" in m.subject]


def test_a_named_player_is_told_with_the_message(started_game):
    game, users = started_game(4, 2)
    outsider = UserFactory()
    services.chat_post(
        game_id=game.pk, user=users[0], text=f"Nice one @{users[1].username.upper()}! and @{outsider.username}"
    )
    sent = mentions_to(users[1])
    assert len(sent) == 1 and users[0].username in sent[0].subject
    assert "Nice one" in sent[0].body and f"/games/{game.pk}/#chat" in sent[0].body
    assert not mentions_to(outsider) and not mentions_to(users[2])  # not at the table; not named


def test_no_notice_for_a_muted_author_or_a_hidden_message(started_game):
    game, users = started_game(2, 2)
    ChatMute.objects.create(user=users[1], muted=users[0])
    services.chat_post(game_id=game.pk, user=users[0], text=f"@{users[1].username} hello")
    assert not Notification.objects.filter(kind=Kind.CHAT_MENTION).exists()
    ChatMute.objects.all().delete()
    message = services.chat_post(game_id=game.pk, user=users[0], text=f"@{users[1].username} rude words")
    services.chat_message_hide(message_id=message.pk, moderator=ModeratorFactory(), reason="rude")
    assert not mentions_to(users[1])
    assert Notification.objects.get(kind=Kind.CHAT_MENTION).status == Notification.Status.SKIPPED


def test_the_mention_follows_the_email_settings(started_game):
    game, users = started_game(2, 2)
    users[1].email_delivery = {Kind.CHAT_MENTION: Delivery.OFF}
    users[1].save(update_fields=["email_delivery"])
    services.chat_post(game_id=game.pk, user=users[0], text=f"@{users[1].username}")
    assert not mentions_to(users[1])


def test_an_e_mail_address_is_no_mention(started_game):
    game, users = started_game(2, 2)
    services.chat_post(game_id=game.pk, user=users[0], text=f"write to me at ann@{users[1].username}")
    assert not Notification.objects.filter(kind=Kind.CHAT_MENTION).exists()
