"""Games played through the services under each kind of clock, on a
frozen clock moved by hand: banks go down only on the mover's turn, get
their increment capped, weekends (each player's own) cost nothing, a
missed turn spends the bank, and a pause is not charged."""

import random
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
import time_machine

from games import services
from games.models import Game, Notification
from tests.factories import ModeratorFactory, UserFactory
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db
H, D = timedelta(hours=1), timedelta(days=1)


def game_at(now, *, zone="UTC", players=2, teams=2, **clock):
    """A started game whose players all live in `zone`, dealt at `now` (frozen)."""
    users = [UserFactory(time_zone=zone) for _ in range(players)]
    game = services.game_create(
        creator=users[0], players=players, teams=teams, start_mode=Game.StartMode.MANUAL, **clock
    )
    for user in users[1:]:
        invitation = services.invitation_create(game_id=game.pk, inviter=users[0], invitee=user.username)
        services.invitation_accept(invitation_id=invitation.pk, user=user)
    game = services.game_start(game_id=game.pk, user=users[0], rng=random.Random(1))
    by_seat = {seat.position: seat.user for seat in game.seats.all()}
    return game, [by_seat[i] for i in range(players)]


def move(game, users, seat):
    game.refresh_from_db()
    services.move_submit(game_id=game.pk, user=users[seat], move=first_play(game, seat), expected_version=game.version)
    game.refresh_from_db()


def banks(game):
    return [timedelta(seconds=s.bank_seconds) for s in game.seats.order_by("position")]


BANK = {"clock_kind": "bank", "bank_initial_seconds": 3 * 86400, "bank_increment_seconds": 86400}


def test_days_per_move_gives_each_turn_the_same_time_and_skips_a_missed_one():
    start = datetime(2026, 3, 4, 10, tzinfo=UTC)
    with time_machine.travel(start, tick=False) as clock:
        game, users = game_at(start, turn_seconds=86400)
        assert game.turn_deadline == start + D and game.seats.filter(bank_seconds__isnull=False).count() == 0
        clock.shift(5 * H)
        move(game, users, 0)
        assert game.turn_deadline == start + 5 * H + D  # a full day again, whatever seat 0 left unused
        clock.shift(D)
        [skip] = services.deadline_enforce(game_id=game.pk)
        game.refresh_from_db()
        assert skip.text == "skip" and game.turn_deadline == start + 29 * H + D


def test_a_bank_goes_down_only_on_its_own_turn_and_its_increment_is_capped():
    start = datetime(2026, 3, 4, 10, tzinfo=UTC)
    with time_machine.travel(start, tick=False) as clock:
        game, users = game_at(start, bank_cap_seconds=int(3.5 * 86400), **BANK)
        assert banks(game) == [3 * D, 3 * D] and game.turn_deadline == start + 3 * D
        clock.shift(D)
        move(game, users, 0)
        assert banks(game) == [3 * D, 3 * D]  # a day spent, a day added; seat 1 was not charged
        assert game.turn_deadline == start + D + 3 * D
        clock.shift(2 * H)
        move(game, users, 1)
        assert banks(game) == [3 * D, 3.5 * D]  # 3 d - 2 h + 1 d, capped at 3.5 d
        clock.shift(10 * D)  # seat 0 is gone: the bank runs out, the turn is skipped
        [skip] = services.deadline_enforce(game_id=game.pk)
        game.refresh_from_db()
        assert skip.seat == 0 and banks(game) == [D, 3.5 * D]  # all of it spent, the increment still comes
        assert game.turn_deadline == start + 26 * H + 10 * D + 3.5 * D  # seat 1's whole bank


@pytest.mark.parametrize(
    ("zone", "friday"),
    [
        ("Europe/Prague", (2026, 3, 27)),  # summer time begins that Sunday
        ("America/Los_Angeles", (2026, 10, 30)),  # and ends that Sunday
        ("Pacific/Auckland", (2026, 4, 3)),  # and ends that Sunday, south of the equator
    ],
)
def test_a_weekend_off_is_not_charged_on_the_players_own_wall_clock(zone, friday):
    tz = ZoneInfo(zone)
    start = datetime(*friday, 22, tzinfo=tz)
    with time_machine.travel(start, tick=False) as clock:
        game, users = game_at(start, zone=zone, weekends_off=True, bank_cap_seconds=7 * 86400, **BANK)
        # 2 h of Friday, then Monday, Tuesday and 22 h of Wednesday
        assert game.turn_deadline.astimezone(tz).replace(tzinfo=None) == datetime(*friday, 22) + 5 * D
        clock.move_to(datetime(*friday, 1, tzinfo=tz) + 3 * D)  # Monday 01:00 there
        move(game, users, 0)
        assert banks(game) == [4 * D - 3 * H, 3 * D]  # Friday's 2 h and Monday's 1 h, not the weekend
        assert game.turn_deadline.astimezone(tz).replace(tzinfo=None) == datetime(*friday, 1) + 6 * D


def test_the_weekend_is_the_movers_not_the_other_players():
    # Saturday 03:00 in UTC (and 04:00 in Prague) is still Friday 19:00 in Los Angeles
    start = datetime(2026, 3, 7, 3, tzinfo=UTC)
    with time_machine.travel(start, tick=False):
        game, _ = game_at(start, zone="America/Los_Angeles", weekends_off=True, turn_seconds=86400)
    # The Los Angeles player has 5 h of Friday, then 19 h of Monday (8 March: summer time begins)
    la = ZoneInfo("America/Los_Angeles")
    assert game.turn_deadline.astimezone(la).replace(tzinfo=None) == datetime(2026, 3, 9, 19)


def test_a_paused_bank_is_not_charged():
    start = datetime(2026, 3, 4, 10, tzinfo=UTC)
    moderator = ModeratorFactory()
    with time_machine.travel(start, tick=False) as clock:
        game, users = game_at(start, bank_cap_seconds=7 * 86400, **BANK)
        clock.shift(D)
        services.game_pause(game_id=game.pk, moderator=moderator, reason="ill")
        clock.shift(5 * D)
        services.game_resume(game_id=game.pk, moderator=moderator, reason="better")
        game.refresh_from_db()
        assert game.turn_deadline == start + 6 * D + 2 * D  # two days of the bank were left
        clock.shift(H)
        move(game, users, 0)
        assert banks(game) == [3 * D - 25 * H + D, 3 * D]


def test_a_reminder_follows_the_bank_and_the_weekend():
    tz = ZoneInfo("Europe/Prague")
    start = datetime(2026, 3, 27, 22, tzinfo=tz)  # Friday 22:00: the bank runs out on Wednesday 22:00
    with time_machine.travel(start, tick=False):
        game, _ = game_at(start, zone="Europe/Prague", weekends_off=True, bank_cap_seconds=7 * 86400, **BANK)
    mover = game.seats.get(position=0).user
    reminders = Notification.objects.filter(game=game, kind=Notification.Kind.REMINDER, recipient=mover)
    assert reminders and game.turn_deadline == datetime(2026, 4, 1, 22, tzinfo=tz)  # Friday 2 h, then Mon-Wed
    for reminder in reminders:  # the player's own lead times, before the bank runs out
        assert reminder.deadline == game.turn_deadline
        assert reminder.due_at == game.turn_deadline - timedelta(hours=reminder.variant)
