"""The outbox (games.outbox): each e-mail sent at most once per claim, on
commit or by the sweep, retried after a failure, gathered into digests, and
skipped once it no longer applies."""

import random
from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from games import outbox, services, tasks
from games.models import Game, Notification
from tests.factories import UserFactory
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db
Kind = Notification.Kind


@pytest.fixture(autouse=True)
def _turn_emails_due_at_once(settings):
    """These tests are about the outbox, not the turn e-mail's grace (test_turn_email_grace)."""
    settings.TURN_EMAIL_GRACE_SECONDS = 0


def turn_emails() -> list:
    return [m for m in mail.outbox if "Your turn" in m.subject]


def test_what_a_change_makes_due_is_sent_when_it_commits(started_game, django_capture_on_commit_callbacks):
    game, users = started_game(2, 2)
    with django_capture_on_commit_callbacks(execute=True):
        services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    assert [m.to for m in turn_emails()] == [[users[1].email]]
    assert Notification.objects.get(game=game, version=1, kind=Kind.YOUR_TURN).status == Notification.Status.SENT


def test_a_turn_email_that_no_longer_applies_is_skipped(started_game):
    game, users = started_game(2, 2)
    stale = Notification.objects.get(game=game, kind=Kind.YOUR_TURN, version=0)
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    assert outbox.deliver(stale.pk) == "skipped"
    assert mail.outbox == []


def test_deliver_sends_once_and_a_duplicated_task_does_nothing(started_game):
    game, _ = started_game(2, 2)
    notification = Notification.objects.get(game=game, kind=Kind.YOUR_TURN)
    assert outbox.deliver(notification.pk) == "sent"
    assert outbox.deliver(notification.pk) == "not-claimed"
    tasks.send_due(game.pk, 0)
    assert len(turn_emails()) == 1
    notification.refresh_from_db()
    assert notification.status == Notification.Status.SENT and notification.attempts == 1


def test_a_claim_whose_worker_died_is_sent_once_by_the_sweep(started_game):
    game, _ = started_game(2, 2)
    notification = Notification.objects.get(game=game, kind=Kind.YOUR_TURN)
    now = timezone.now()
    # A worker claimed it and died before sending.
    Notification.objects.filter(pk=notification.pk).update(status="sending", claimed_at=now, attempts=1)

    outbox.sweep(now + timedelta(minutes=1))  # still within its lease: left alone
    notification.refresh_from_db()
    assert notification.status == "sending" and turn_emails() == []
    outbox.sweep(now + outbox.LEASE + timedelta(seconds=1))
    outbox.sweep(now + outbox.LEASE + timedelta(minutes=2))
    notification.refresh_from_db()
    assert notification.status == "sent" and notification.attempts == 2
    assert len(turn_emails()) == 1


def test_a_failed_send_is_retried_later(started_game, monkeypatch):
    game, _ = started_game(2, 2)
    notification = Notification.objects.get(game=game, kind=Kind.YOUR_TURN)

    def refuse(self, *args, **kwargs):
        raise OSError("SMTP server down")

    monkeypatch.setattr("django.core.mail.EmailMultiAlternatives.send", refuse)
    assert outbox.deliver(notification.pk) == "retry"
    notification.refresh_from_db()
    assert notification.status == "pending" and "SMTP server down" in notification.last_error
    assert notification.due_at > timezone.now()
    monkeypatch.undo()
    outbox.sweep(notification.due_at)
    notification.refresh_from_db()
    assert notification.status == "sent"
    assert len(turn_emails()) == 1


def test_the_digest_gathers_waiting_games_into_one_email():
    me = UserFactory(email_delivery={k: "digest" for k in Kind.values}, digest_hour=7)
    for seed in range(3):
        other = UserFactory()
        game = services.game_create(
            start_mode=Game.StartMode.MANUAL, creator=other, players=2, teams=2, invitees=[me.username]
        )
        services.invitation_accept(invitation_id=game.invitations.get().pk, user=me)
        game = services.game_start(game_id=game.pk, user=other, rng=random.Random(seed))
        if game.turn_position != game.seats.get(user=me).position:
            services.move_submit(
                game_id=game.pk, user=other, move=first_play(game, game.turn_position), expected_version=0
            )
    due = Notification.objects.filter(recipient=me, digest=True)
    assert due.exists() and not mail.outbox
    when = max(due.values_list("due_at", flat=True))
    outcome = outbox.sweep(when)
    assert outcome["digest-sent"] == 1
    [digest] = [m for m in mail.outbox if m.to == [me.email]]
    assert digest.subject == "3 games are waiting for you"
    assert digest.body.count("/games/") >= 3
    assert "digest-sent" not in outbox.sweep(when)
