"""The turn e-mails of one batch (games.mail.outbox.deliver_many, games.mail.emails.prepare):
loaded together, each still shows only its own game, its own player's hand and
chat as that player sees it, and carries its own reply address."""

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from games import services
from games.engine.cards import card_label
from games.mail import outbox, tokens
from games.models import ChatMessage, Notification
from games.viewmodels.chat import new_messages
from tests.gameplay import first_play, state_of

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _turn_emails_due_at_once(settings):
    settings.TURN_EMAIL_GRACE_SECONDS = 0


def hand_of(body: str) -> set[str]:
    return set(body.split("Your hand:")[1].splitlines()[0].split())


def test_each_email_of_a_batch_shows_only_its_own_game_hand_chat_and_reply_address(started_game):
    games = []
    for seed, chat in enumerate(["hello from A", "hello from B", None]):
        game, users = started_game(2, 2, seed=seed)
        services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
        if chat:
            services.chat_post(game_id=game.pk, user=users[0], text=chat)
        games.append((game, users))
    services.chat_mute(user=games[1][1][1], muted_id=games[1][1][0].pk)  # B's player to move muted the other
    rows = Notification.objects.filter(game__in=[g for g, _ in games], kind=Notification.Kind.YOUR_TURN, version=1)
    assert set(outbox.deliver_many(list(rows.values_list("pk", flat=True))).values()) == {"sent"}

    by_address = {message.to[0]: message for message in mail.outbox}
    assert len(by_address) == 3
    for (game, users), chat in zip(games, ["hello from A", None, None], strict=True):
        message = by_address[users[1].email]
        assert hand_of(message.body) == {card_label(card) for card in state_of(game).hands[1]}
        assert ("New messages" in message.body) == (chat is not None)
        assert "hello from B" not in message.body and (chat is None or chat in message.body)
        assert "Since your last move:" in message.body and f"game {game.pk}" in message.subject
        token = tokens.find(tokens.token_in(message.reply_to))
        assert (token.user, token.game) == (users[1], game)
    assert len({tuple(message.reply_to) for message in mail.outbox}) == 3


def test_new_chat_of_a_batch_counts_from_each_seats_own_last_move(started_game, settings):
    """The batch reads the chat from the earliest seat's moment on: a game whose
    player moved later still gets only what came after, and at most NEW_IN_EMAIL."""
    settings.CHAT_MESSAGES_PER_MINUTE = 100  # the messages are dated afterwards, over hours
    (old, old_users), (late, late_users) = started_game(2, 2, seed=1), started_game(2, 2, seed=2)
    start = timezone.now() - timedelta(hours=3)

    def post(game, user, text, minutes):
        message = services.chat_post(game_id=game.pk, user=user, text=text)
        ChatMessage.objects.filter(pk=message.pk).update(created_at=start + timedelta(minutes=minutes))

    for minute in range(1, 13):
        post(old, old_users[0], f"old {minute}", minute)
        post(late, late_users[0], f"before {minute}", minute)
    post(late, late_users[0], "after 1", 100)
    post(late, late_users[0], "after 2", 101)
    seats = {old.seats.get(position=1): start, late.seats.get(position=1): start + timedelta(minutes=50)}
    found = new_messages(seats)
    assert [m.text for m in found[late.pk]] == ["after 1", "after 2"]
    assert [m.text for m in found[old.pk]] == [f"old {minute}" for minute in range(3, 13)]  # the latest ten
