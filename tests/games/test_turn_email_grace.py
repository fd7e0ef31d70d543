"""A turn e-mail waits a short grace (TURN_EMAIL_GRACE_SECONDS) and is not
sent to a player who was at the table meanwhile: who moved, opened the game's
page or had it polling. Reminders are sent all the same."""

from datetime import timedelta

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from games.models import Notification, Seat
from tests.games.test_reminders import Clock, play, reminders_to, sweep_at

pytestmark = pytest.mark.django_db
Kind = Notification.Kind
GRACE = timedelta(seconds=120)
PRESENT = timedelta(seconds=600)  # PRESENT_EMAIL_GRACE_SECONDS


@pytest.fixture
def clock(monkeypatch):
    """The site's time, moved by hand, as in test_reminders."""
    clock = Clock()
    monkeypatch.setattr(timezone, "now", lambda: clock.now)
    return clock


def turn_emails_to(user) -> list:
    return [m for m in mail.outbox if m.to == [user.email] and m.subject.startswith("Your turn")]


def turn_email(game, version: int) -> Notification:
    return Notification.objects.get(game=game, kind=Kind.YOUR_TURN, version=version)


def test_a_turn_email_waits_the_grace_and_then_goes_to_a_player_who_stayed_away(started_game, clock):
    game, users = started_game(2, 2)
    play(game, users[0])
    assert turn_email(game, 1).due_at == clock.now + GRACE
    assert turn_emails_to(users[1]) == []  # not at once
    sweep_at(clock, clock.now + GRACE)
    assert len(turn_emails_to(users[1])) == 1
    assert turn_email(game, 1).status == Notification.Status.SENT


def test_the_grace_is_a_setting(started_game, clock, settings):
    settings.TURN_EMAIL_GRACE_SECONDS = 600
    game, users = started_game(2, 2)
    play(game, users[0])
    assert turn_email(game, 1).due_at == clock.now + timedelta(minutes=10)


def _second_turn_of_seat_1(game, users) -> None:
    """A player's first turn e-mail goes whatever they saw (issue 30): these look at a later one."""
    play(game, users[0], door="email")
    play(game, users[1], door="email")
    play(game, users[0])


def test_a_player_who_opens_the_table_in_the_grace_gets_no_turn_email(client, started_game, clock):
    game, users = started_game(2, 2)
    _second_turn_of_seat_1(game, users)
    clock.advance(seconds=30)
    client.force_login(users[1])
    assert client.get(reverse("game", args=[game.pk])).status_code == 200
    sweep_at(clock, clock.now + GRACE)
    assert turn_emails_to(users[1]) == []
    assert turn_email(game, 3).status == Notification.Status.SKIPPED


def test_a_table_that_polls_counts_as_open(client, started_game, clock):
    game, users = started_game(2, 2)
    _second_turn_of_seat_1(game, users)
    clock.advance(seconds=30)
    client.force_login(users[1])
    assert client.get(reverse("game_version", args=[game.pk])).status_code == 200
    assert Seat.objects.get(game=game, user=users[1]).last_seen_at == clock.now
    sweep_at(clock, clock.now + GRACE)
    assert turn_email(game, 3).status == Notification.Status.SKIPPED


def test_a_table_seen_before_the_turn_began_makes_the_email_wait_not_vanish(client, started_game, clock):
    game, users = started_game(2, 2)
    client.force_login(users[1])
    client.get(reverse("game", args=[game.pk]))  # seat 0 is still to play
    clock.advance(seconds=10)
    play(game, users[0])
    sweep_at(clock, clock.now + GRACE)
    assert turn_emails_to(users[1]) == []  # just there: likely back before an e-mail would help
    sweep_at(clock, clock.now + PRESENT)
    assert len(turn_emails_to(users[1])) == 1  # but not back: the e-mail goes


def test_a_player_who_moved_in_the_grace_gets_nothing(started_game, clock):
    game, users = started_game(2, 2)
    play(game, users[0], door="email")
    clock.advance(seconds=30)
    play(game, users[1], door="email")
    sweep_at(clock, clock.now + GRACE)
    assert turn_emails_to(users[1]) == []
    assert turn_email(game, 1).status == Notification.Status.SKIPPED


def test_a_player_who_looked_but_did_not_move_still_gets_reminders(client, started_game, clock):
    start = clock.now
    game, users = started_game(2, 2)  # 48 h a turn; reminders 24 h and 2 h before
    client.force_login(users[0])
    clock.advance(seconds=30)
    client.get(reverse("game", args=[game.pk]))
    sweep_at(clock, start + GRACE)
    assert turn_email(game, 0).status == Notification.Status.SENT  # their first turn: it goes all the same
    sweep_at(clock, start + timedelta(hours=24))
    assert len(reminders_to(users[0])) == 1


def test_reloading_the_table_stamps_the_seat_at_most_every_30_seconds(client, started_game, clock):
    game, users = started_game(2, 2)
    client.force_login(users[0])
    seat = Seat.objects.get(game=game, user=users[0])
    first = clock.now
    client.get(reverse("game", args=[game.pk]))
    clock.advance(seconds=20)
    client.get(reverse("game", args=[game.pk]))
    seat.refresh_from_db()
    assert seat.last_seen_at == first
    clock.advance(seconds=20)
    client.get(reverse("game", args=[game.pk]))
    seat.refresh_from_db()
    assert seat.last_seen_at == clock.now
