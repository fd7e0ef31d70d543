"""The turn e-mails of one batch (games.outbox.deliver_many, games.emails.prepare):
loaded together, each still shows only its own game, its own player's hand and
chat as that player sees it, and carries its own reply address."""

import pytest
from django.core import mail

from games import outbox, services
from games.engine.cards import card_label
from games.inbound import tokens
from games.models import Notification
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
