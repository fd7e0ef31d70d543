"""A forming game nobody fills is cancelled after FORMING_GAME_DAYS, with
notice to its players and to those still invited; the hourly task is safe
to run twice and never touches a game in play."""

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from games import services, tasks
from games.mail import outbox
from games.models import Game, Notification
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
Kind = Notification.Kind


def aged(game: Game, days: float) -> Game:
    Game.objects.filter(pk=game.pk).update(created_at=timezone.now() - timedelta(days=days))
    game.refresh_from_db()
    return game


def forming_game():
    host, seated, invited = UserFactory.create_batch(3)
    game = services.game_create(
        creator=host, players=4, teams=2, invitees=[seated.username, invited.username, "someone@example.org"]
    )
    services.invitation_accept(invitation_id=game.invitations.get(user=seated).pk, user=seated)
    return game, [host, seated, invited]


def test_a_forming_game_is_cancelled_after_the_limit_and_everyone_concerned_is_told(settings):
    settings.FORMING_GAME_DAYS = 10
    game, (host, seated, invited) = forming_game()
    young = aged(forming_game()[0], 9.9)
    aged(game, 10.01)
    assert list(Game.objects.stale_forming(timezone.now())) == [game]
    mail.outbox.clear()
    assert tasks.cancel_stale_games() == 1
    game.refresh_from_db()
    young.refresh_from_db()
    assert game.status == Game.Status.ABORTED and "10 days" in game.abort_reason and game.finished_at
    assert young.status == Game.Status.FORMING
    outbox.sweep()
    cancelled = [message for message in mail.outbox if f"Game {game.pk} is cancelled" in message.subject]
    told = {message.to[0] for message in cancelled}
    assert told == {host.email, seated.email, invited.email, "someone@example.org"} and len(cancelled) == 4
    assert "invitation to it has lapsed" in next(m.body for m in cancelled if m.to == [invited.email])
    assert not [m for m in mail.outbox if m not in cancelled and f"game {game.pk})" in m.body]  # its invitations lapsed


def test_running_the_task_twice_does_nothing_more():
    game, _ = forming_game()
    aged(game, 15)
    assert tasks.cancel_stale_games() == 1
    assert tasks.cancel_stale_games() == 0
    assert services.game_cancel_unfilled(game_id=game.pk) is False
    assert Notification.objects.filter(game=game, kind=Kind.GAME_CANCELLED).count() == 4


def test_an_active_or_finished_game_is_never_touched(started_game):
    game, _ = started_game(2, 2)
    aged(game, 100)
    assert not Game.objects.stale_forming(timezone.now()).exists()
    assert tasks.cancel_stale_games() == 0
    assert services.game_cancel_unfilled(game_id=game.pk) is False
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE


def test_the_task_runs_hourly_from_beat(settings):
    schedule = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "games.cancel_stale_games" in schedule
