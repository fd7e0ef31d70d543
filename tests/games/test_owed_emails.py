"""Who is owed which e-mail after a change to a game (games.mail.notify), by each
player's preferences: the outbox rows written with the change."""

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Game, Notification
from tests.factories import UserFactory
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db
Kind = Notification.Kind


def rows(**filters):
    return list(Notification.objects.filter(**filters).order_by("pk"))


def test_a_started_game_owes_game_started_your_turn_and_reminders(started_game):
    game, users = started_game(2, 2)
    first = users[0]
    kinds = {(n.kind, n.recipient, n.variant) for n in rows(game=game)}
    starter = game.created_by  # the fixture's creator starts the game
    assert (Kind.YOUR_TURN, first, 0) in kinds
    assert (Kind.REMINDER, first, 24) in kinds and (Kind.REMINDER, first, 2) in kinds
    others = [user for user in users if user != starter]
    assert {(Kind.GAME_STARTED, user, 0) for user in others} <= kinds
    assert (Kind.GAME_STARTED, starter, 0) not in kinds
    reminder = Notification.objects.get(game=game, kind=Kind.REMINDER, variant=2)
    assert reminder.due_at == game.turn_deadline - timedelta(hours=2)


def test_each_move_owes_the_next_player_one_turn_email(started_game):
    game, users = started_game(2, 2)
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    turn = rows(game=game, version=1, kind=Kind.YOUR_TURN)
    assert [n.recipient for n in turn] == [users[1]]


def test_preferences_off_and_digest():
    quiet = UserFactory(email_delivery={Kind.YOUR_TURN: "off", Kind.GAME_STARTED: "digest"}, reminder_hours="")
    host = UserFactory()
    game = services.game_create(
        start_mode=Game.StartMode.MANUAL, creator=host, players=2, teams=2, invitees=[quiet.username]
    )
    services.invitation_accept(invitation_id=game.invitations.get().pk, user=quiet)
    services.game_start(game_id=game.pk, user=host, rng=random.Random(1))
    mine = rows(game=game, recipient=quiet)
    assert [n.kind for n in mine if n.kind != Kind.INVITATION] == [Kind.GAME_STARTED]
    started = next(n for n in mine if n.kind == Kind.GAME_STARTED)
    assert started.digest and started.due_at > timezone.now()
