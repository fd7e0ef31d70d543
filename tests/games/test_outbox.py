"""The outbox (games.mail.outbox): each e-mail sent at most once per claim, on
commit or by the sweep, retried after a failure, gathered into digests, and
skipped once it no longer applies."""

import random
import socket
from datetime import timedelta

import pytest
import time_machine
from aiosmtpd.controller import Controller
from django.core import mail
from django.core.mail import EmailMultiAlternatives
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import services, tasks
from games.mail import outbox
from games.models import Game, Notification
from tests.concurrency import at_once
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


def test_a_claim_whose_worker_died_is_sent_once_by_the_sweep(started_game, settings):
    settings.OUTBOX_LEASE_SECONDS = 90
    game, _ = started_game(2, 2)
    notification = Notification.objects.get(game=game, kind=Kind.YOUR_TURN)
    now = timezone.now()
    # A worker claimed it and died before sending.
    Notification.objects.filter(pk=notification.pk).update(status="sending", claimed_at=now, attempts=1)

    outbox.sweep(now + timedelta(seconds=89))  # still within its lease: left alone
    notification.refresh_from_db()
    assert notification.status == "sending" and turn_emails() == []
    outbox.sweep(now + timedelta(seconds=91))  # the lease (the setting) has run out
    outbox.sweep(now + timedelta(seconds=91, minutes=2))
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


def due_turn_emails(started_game, count: int) -> list[int]:
    games = [started_game(2, 2, seed=seed)[0] for seed in range(count)]
    return list(
        Notification.objects.filter(game__in=games, kind=Kind.YOUR_TURN).order_by("pk").values_list("pk", flat=True)
    )


class Sink:
    """An SMTP server on loopback that tells its connections apart."""

    def __init__(self):
        self.sessions, self.recipients = [], []

    async def handle_DATA(self, server, session, envelope):
        if not any(session is seen for seen in self.sessions):
            self.sessions.append(session)
        self.recipients += envelope.rcpt_tos
        return "250 OK"


@pytest.fixture
def smtp_sink(settings):
    sink = Sink()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    yield sink
    controller.stop()


def test_the_sweep_sends_what_is_due_over_one_smtp_connection(started_game, smtp_sink):
    ids = due_turn_emails(started_game, 3)
    outcomes = outbox.sweep()
    assert len(smtp_sink.sessions) == 1
    addresses = Notification.objects.filter(pk__in=ids).values_list("to_email", flat=True)
    assert set(addresses) <= set(smtp_sink.recipients) and outcomes["sent"] == len(smtp_sink.recipients)
    assert not Notification.objects.filter(status__in=["pending", "sending"], due_at__lte=timezone.now()).exists()


def queries_to_deliver(ids: list[int]) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert set(outbox.deliver_many(ids).values()) == {"sent"}
    return len(queries)


def test_a_batch_costs_the_same_queries_whatever_its_size(started_game, monkeypatch):
    """The games, seats, players, reply addresses, recaps and new chat of a
    batch are read (and the tokens written) once per batch; the sent rows
    are marked MARK_EVERY at a time."""
    monkeypatch.setattr(outbox, "MARK_EVERY", 2)
    one = queries_to_deliver(due_turn_emails(started_game, 1))
    two = queries_to_deliver(due_turn_emails(started_game, 2))
    three = queries_to_deliver(due_turn_emails(started_game, 3))
    assert one == two and three == two + 1  # a second mark


class WorkerDied(BaseException):
    """A worker killed mid-batch: nothing after it runs (no handler catches it)."""


def test_a_worker_dying_mid_batch_leaves_at_most_mark_every_emails_to_send_again(started_game, monkeypatch):
    monkeypatch.setattr(outbox, "MARK_EVERY", 2)
    ids = due_turn_emails(started_game, 5)
    real_send = EmailMultiAlternatives.send
    attempts = []

    def send(self, *args, **kwargs):
        attempts.append(self.to)
        if len(attempts) == 4:
            raise WorkerDied  # the first two were marked sent, the third was sent and not yet marked
        return real_send(self, *args, **kwargs)

    monkeypatch.setattr(EmailMultiAlternatives, "send", send)
    now = timezone.now()
    with pytest.raises(WorkerDied):
        outbox.deliver_many(ids, now)
    assert Notification.objects.filter(pk__in=ids, status="sent").count() == 2
    monkeypatch.setattr(EmailMultiAlternatives, "send", real_send)
    outbox.sweep(now + outbox.lease() + timedelta(seconds=1))  # the lease has run out: the rest is sent
    addresses = sorted(m.to[0] for m in turn_emails())
    expected = sorted(Notification.objects.filter(pk__in=ids).values_list("to_email", flat=True))
    assert sorted(set(addresses)) == expected
    assert len(addresses) - len(expected) == 1 <= outbox.MARK_EVERY  # the third went out twice
    assert set(Notification.objects.filter(pk__in=ids).values_list("status", flat=True)) == {"sent"}


def test_a_worker_back_after_its_lease_has_run_out_sends_no_more_of_its_batch(started_game, monkeypatch):
    """Its network was gone longer than the lease while it sent its second
    e-mail, and another worker took the batch over meanwhile: the two it had
    sent and not marked go out twice (at most MARK_EVERY), the rest once."""
    ids = due_turn_emails(started_game, 5)
    real_send = EmailMultiAlternatives.send
    now = timezone.now()
    with time_machine.travel(now, tick=False) as clock:

        def send(self, *args, **kwargs):
            sent = real_send(self, *args, **kwargs)
            if len(turn_emails()) == 2:
                clock.shift(outbox.lease() + timedelta(seconds=1))
                monkeypatch.setattr(EmailMultiAlternatives, "send", real_send)  # the other worker's sends
                assert outbox.sweep()["sent"] == 5  # the other worker: every row of the expired claim
            return sent

        monkeypatch.setattr(EmailMultiAlternatives, "send", send)
        outbox.deliver_many(ids, now)
    addresses = [m.to[0] for m in turn_emails()]
    expected = sorted(Notification.objects.filter(pk__in=ids).values_list("to_email", flat=True))
    assert sorted(set(addresses)) == expected
    twice = sorted(address for address in set(addresses) if addresses.count(address) > 1)
    assert twice == sorted(addresses[:2]) and len(twice) <= outbox.MARK_EVERY
    assert set(Notification.objects.filter(pk__in=ids).values_list("status", flat=True)) == {"sent"}


def test_one_refused_message_in_a_batch_is_retried_and_the_others_are_sent(started_game, monkeypatch):
    ids = due_turn_emails(started_game, 3)
    unlucky = Notification.objects.get(pk=ids[1]).to_email
    real_send = EmailMultiAlternatives.send

    def send(self, *args, **kwargs):
        if self.to == [unlucky]:
            raise OSError("mailbox unavailable")
        return real_send(self, *args, **kwargs)

    monkeypatch.setattr(EmailMultiAlternatives, "send", send)
    assert outbox.deliver_many(ids) == {ids[0]: "sent", ids[1]: "retry", ids[2]: "sent"}
    refused = Notification.objects.get(pk=ids[1])
    assert refused.status == "pending" and "mailbox unavailable" in refused.last_error
    assert len(turn_emails()) == 2
    assert outbox.deliver_many(ids) == {}  # nothing is due again before its backoff


@pytest.mark.django_db(transaction=True)
def test_two_workers_delivering_the_same_rows_at_once_send_each_once(started_game):
    ids = due_turn_emails(started_game, 4)
    # Here the games' own commits sent them at once: due again, as a sweep would find them.
    Notification.objects.filter(pk__in=ids).update(status="pending", claimed_at=None, sent_at=None)
    mail.outbox.clear()
    first, second = at_once(lambda: outbox.deliver_many(ids), lambda: outbox.deliver_many(ids))
    assert isinstance(first, dict) and isinstance(second, dict), (first, second)
    assert set(first).isdisjoint(second) and set(first) | set(second) == set(ids)
    assert set(first.values()) | set(second.values()) == {"sent"}
    addresses = Notification.objects.filter(pk__in=ids).values_list("to_email", flat=True)
    assert sorted(m.to[0] for m in turn_emails()) == sorted(addresses)


def test_sent_and_skipped_rows_are_pruned_after_the_retention_period(started_game, settings):
    settings.OUTBOX_RETENTION_DAYS = 30
    game, users = started_game(2, 2)
    Notification.objects.all().delete()
    now = timezone.now()
    rows = {
        ("sent", 31): True,
        ("skipped", 31): True,
        ("failed", 31): False,  # kept for a person to look at
        ("pending", 31): False,
        ("sent", 29): False,
    }
    Notification.objects.bulk_create(
        Notification(
            recipient=users[0],
            to_email=users[0].email,
            game=game,
            version=variant,
            kind=Kind.GAME_OVER,
            status=status,
            due_at=now - timedelta(days=days),
        )
        for variant, (status, days) in enumerate(rows)
    )
    assert tasks.outbox_prune() == 2
    left = set(Notification.objects.values_list("status", "due_at"))
    assert {(status, round((now - due).total_seconds() / 86400)) for status, due in left} == {
        key for key, pruned in rows.items() if not pruned
    }


def test_a_change_whose_emails_are_due_later_starts_no_task(
    started_game, settings, monkeypatch, django_capture_on_commit_callbacks
):
    settings.TURN_EMAIL_GRACE_SECONDS = 120
    game, users = started_game(2, 2)
    started = []
    monkeypatch.setattr("games.mail.dispatch.send_due", lambda **kwargs: started.append(kwargs))
    with django_capture_on_commit_callbacks(execute=True):
        services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    assert started == []  # the turn e-mail waits out its grace: the sweep sends it
    assert Notification.objects.filter(game=game, version=1, kind=Kind.YOUR_TURN, status="pending").exists()
    settings.TURN_EMAIL_GRACE_SECONDS = 0
    with django_capture_on_commit_callbacks(execute=True):
        services.move_submit(game_id=game.pk, user=users[1], move=first_play(game, 1), expected_version=1)
    assert started == [{"game_id": game.pk, "version": 2}]
