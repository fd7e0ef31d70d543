"""Turn and draw e-mails belong to one deadline: queued for an earlier turn or
draw window, they are skipped when they come due, never sent beside the
current one's."""

import random
from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail
from django.utils import timezone

from games import services
from games.mail import outbox
from games.models import Game, Notification
from tests.factories import UserFactory
from tests.gameplay import first_play, state_of

pytestmark = pytest.mark.django_db
Kind = Notification.Kind


class Clock:
    def __init__(self):
        self.now = datetime(2031, 3, 3, 9, 0, tzinfo=UTC)

    def advance(self, **delta) -> datetime:
        self.now += timedelta(**delta)
        return self.now


@pytest.fixture
def clock(monkeypatch):
    """The site's time, moved by hand: services, the outbox and templates read timezone.now()."""
    clock = Clock()
    monkeypatch.setattr(timezone, "now", lambda: clock.now)
    return clock


def sweep_at(clock, when: datetime) -> dict:
    clock.now = when
    return outbox.sweep(now=when)


def play(game, user, door="web"):
    """`user`, who is to play, makes a play (not a pass)."""
    move = first_play(game, state_of(game).turn)
    return services.move_submit(game_id=game.pk, user=user, move=move, expected_version=game.version, door=door)


def reminders_to(user) -> list:
    return [m for m in mail.outbox if m.to == [user.email] and m.subject.startswith("Reminder")]


def reminder(game, version: int, hours: int) -> Notification:
    return Notification.objects.get(game=game, kind=Kind.REMINDER, version=version, variant=hours)


def test_the_reminders_of_an_earlier_turn_are_skipped_and_the_current_turns_are_sent_on_time(started_game, clock):
    start = clock.now
    game, users = started_game(2, 2)  # seat 0 has 48 h; reminders 24 h and 2 h before
    clock.advance(hours=1)
    play(game, users[0])
    clock.advance(hours=2)
    play(game, users[1])  # seat 0 to play again, now until start + 51 h
    game.refresh_from_db()
    assert game.turn_deadline == start + timedelta(hours=51)

    sweep_at(clock, start + timedelta(hours=24))  # when the first turn's 24 h reminder was due
    assert reminders_to(users[0]) == []
    assert reminder(game, 0, 24).status == Notification.Status.SKIPPED

    sweep_at(clock, start + timedelta(hours=27))  # the current turn's own 24 h reminder
    [sent] = reminders_to(users[0])
    assert "until Wednesday 5 March, 12:00 UTC" in sent.body
    assert reminder(game, 2, 24).status == Notification.Status.SENT

    sweep_at(clock, start + timedelta(hours=46))
    assert reminder(game, 0, 2).status == Notification.Status.SKIPPED
    sweep_at(clock, start + timedelta(hours=49))
    assert reminder(game, 2, 2).status == Notification.Status.SENT
    assert len(reminders_to(users[0])) == 2
    assert reminders_to(users[1]) == []  # seat 1's turn is over: its reminders went nowhere


def test_a_reminder_whose_deadline_is_current_is_sent_though_the_game_moved_on(started_game, clock):
    start = clock.now
    game, users = started_game(2, 2, draw_mode="tabletop")
    clock.advance(hours=1)
    play(game, users[0])  # seat 1's turn begins: version 1
    clock.advance(hours=1)
    services.move_submit(game_id=game.pk, user=users[0], move="draw", expected_version=1)
    game.refresh_from_db()
    assert game.version == 2 and game.turn_position == 1  # a new version, the same turn

    sweep_at(clock, start + timedelta(hours=25))
    assert len(reminders_to(users[1])) == 1
    assert reminder(game, 1, 24).status == Notification.Status.SENT


def test_a_reminder_retried_after_a_failed_send_is_still_sent(started_game, clock, monkeypatch):
    start = clock.now
    game, users = started_game(2, 2)

    def refuse(self, *args, **kwargs):
        raise OSError("SMTP server down")

    with monkeypatch.context() as patched:
        patched.setattr("django.core.mail.EmailMultiAlternatives.send", refuse)
        sweep_at(clock, start + timedelta(hours=24))
    row = reminder(game, 0, 24)
    assert row.status == Notification.Status.PENDING and row.due_at > start + timedelta(hours=24)
    sweep_at(clock, row.due_at)
    assert len(reminders_to(users[0])) == 1


def test_a_turn_email_for_a_turn_that_is_over_is_skipped_though_the_seat_is_to_play_again(started_game, clock):
    game, users = started_game(2, 2)
    first = Notification.objects.get(game=game, kind=Kind.YOUR_TURN, version=0)
    clock.advance(minutes=5)
    play(game, users[0])
    clock.advance(minutes=5)
    play(game, users[1])
    current = Notification.objects.get(game=game, kind=Kind.YOUR_TURN, version=2)
    clock.advance(minutes=2)  # the turn e-mail's grace
    assert outbox.deliver(first.pk, clock.now) == "skipped"
    assert outbox.deliver(current.pk, clock.now) == "sent"
    assert len([m for m in mail.outbox if m.to == [users[0].email]]) == 1


def test_a_draw_window_email_for_a_window_that_closed_is_skipped_though_another_is_open(started_game, clock):
    game, users = started_game(2, 2, draw_mode="tabletop")
    clock.advance(minutes=5)
    play(game, users[0], door="email")  # a window opens, and the e-mail about it is queued
    [stale] = Notification.objects.filter(game=game, kind=Kind.DRAW_WINDOW)
    clock.advance(minutes=5)
    services.move_submit(game_id=game.pk, user=users[0], move="draw", expected_version=1)
    clock.advance(minutes=5)
    play(game, users[1])
    clock.advance(minutes=5)
    play(game, users[0])  # at the table: a new window, no e-mail
    assert game.seats.get(position=0).draw_deadline is not None
    assert outbox.deliver(stale.pk, clock.now) == "skipped"


def test_the_digest_shows_a_game_once_however_many_of_its_turns_came_my_way(clock):
    me = UserFactory(email_delivery={**{k: "off" for k in Kind.values}, Kind.YOUR_TURN: "digest"}, digest_hour=8)
    other = UserFactory(email_delivery={k: "off" for k in Kind.values})
    game = services.game_create(
        start_mode=Game.StartMode.MANUAL, creator=other, players=2, teams=2, invitees=[me.username]
    )
    services.invitation_accept(invitation_id=game.invitations.get().pk, user=me)
    game = services.game_start(game_id=game.pk, user=other, rng=random.Random(3))
    by_seat = {seat.position: seat.user for seat in game.seats.all()}
    for _ in range(2 if by_seat[0] == me else 3):  # until my second turn
        clock.advance(minutes=30)
        play(game, by_seat[state_of(game).turn])
    assert state_of(game).turn == game.seats.get(user=me).position
    rows = Notification.objects.filter(recipient=me, kind=Kind.YOUR_TURN, digest=True)
    assert rows.count() == 2

    sweep_at(clock, max(rows.values_list("due_at", flat=True)))
    [digest] = [m for m in mail.outbox if m.to == [me.email]]
    assert digest.body.count(f"Game {game.pk}:") == 1


def test_a_turn_email_retried_past_a_later_deadline_is_still_recognised_as_stale(started_game, clock, monkeypatch):
    """A failed send is retried later; by then the seat may be to play again,
    with a deadline the old e-mail's time can no longer be told from."""
    game, users = started_game(2, 2)
    first = Notification.objects.get(game=game, kind=Kind.YOUR_TURN, version=0)
    clock.advance(hours=1)
    play(game, users[0])
    clock.advance(hours=1)
    play(game, users[1])  # seat 0's turn again
    Notification.objects.filter(pk=first.pk).update(
        status=Notification.Status.PENDING, due_at=clock.now + timedelta(hours=3), attempts=1
    )
    sweep_at(clock, clock.now + timedelta(hours=3))
    first.refresh_from_db()
    assert first.status == Notification.Status.SKIPPED
    current = Notification.objects.get(game=game, kind=Kind.YOUR_TURN, version=2)
    assert current.status == Notification.Status.SENT
