"""Vacation through the services on a frozen clock moved by hand: it stops
every clock of the player's (and no one else's), is paid from the days they
hold, ends when they move, is refused beyond what they hold, and, with
auto-vacation on, a day is spent instead of a missed turn."""

import random
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core.cache import cache

from accounts import vacation as days
from accounts.models import User
from games import refusals, services
from games.errors import GameError
from games.mail import emails
from games.models import Game, Notification
from tests.factories import UserFactory
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db
H, D = timedelta(hours=1), timedelta(days=1)
START = datetime(2026, 3, 4, 10, tzinfo=UTC)  # a Wednesday


def member_for(user, membership: timedelta, now: datetime):
    """A player who joined `membership` before `now` (and so earned vacation)."""
    User.objects.filter(pk=user.pk).update(date_joined=now - membership)
    user.refresh_from_db()
    return user


def game_of(users, **settings):
    """A started game of `users`, seated in that order (the cut is tried until it is)."""
    for seed in range(100):
        game = services.game_create(
            creator=users[0], players=len(users), teams=len(users), start_mode=Game.StartMode.MANUAL, **settings
        )
        for user in users[1:]:
            invitation = services.invitation_create(game_id=game.pk, inviter=users[0], invitee=user.username)
            services.invitation_accept(invitation_id=invitation.pk, user=user)
        game = services.game_start(game_id=game.pk, user=users[0], rng=random.Random(seed))
        seated = [seat.user for seat in game.seats.order_by("position")]
        if seated == list(users):
            return game, seated
        Game.objects.filter(pk=game.pk).update(status=Game.Status.ABORTED)
    raise AssertionError("no cut seats them in this order")


def move(game, user):
    game.refresh_from_db()
    seat = game.seats.get(user=user).position
    services.move_submit(game_id=game.pk, user=user, move=first_play(game, seat), expected_version=game.version)
    game.refresh_from_db()


def test_held_vacation_is_earned_by_membership_and_capped():
    with time_machine.travel(START, tick=False):
        user = member_for(UserFactory(), 80 * D, START)
        assert days.held(user, START) == 10 * D  # a day per 8 days
        old = member_for(UserFactory(), 1000 * D, START)
        assert days.held(old, START) == 30 * D


def test_a_vacation_stops_all_of_a_players_clocks_and_is_paid_for():
    with time_machine.travel(START, tick=False) as clock:
        away, a, b = UserFactory(), UserFactory(), UserFactory()
        member_for(away, 80 * D, START)
        # away is to play in the first game, and next in the second
        first, _ = game_of([away, a], turn_seconds=int(2 * D.total_seconds()))
        second, _ = game_of([b, away], turn_seconds=int(2 * D.total_seconds()))
        revisions = first.revision, second.revision
        services.vacation_plan(user=away, ends_at=START + 3 * D)
        first.refresh_from_db(), second.refresh_from_db()
        assert first.turn_deadline == START + 3 * D + 2 * D  # the vacation is not charged
        assert second.turn_deadline == START + 2 * D  # b's turn completes on b's own clock
        assert first.revision > revisions[0] and second.revision > revisions[1]  # both tables show it
        reminders = Notification.objects.filter(game=first, recipient=away, kind=Notification.Kind.REMINDER)
        # the reminders follow the clock: at the player's own lead times before the moved deadline
        assert sorted(r.due_at for r in reminders) == [START + 5 * D - 24 * H, START + 5 * D - 2 * H]
        clock.shift(H)
        move(second, b)  # away's turn in the second game starts during the vacation
        assert second.turn_deadline == START + 3 * D + 2 * D
        clock.shift(3 * D)  # back, without moving: the clocks run again
        assert services.deadline_enforce(game_id=first.pk) == []
        # held: 10 days when it was planned, 3 spent away, then an hour at home earns an eighth of one
        assert days.held(away, START + 3 * D + H) == 7 * D + H / 8
        assert first.turn_deadline == START + 5 * D


def test_a_vacation_ends_when_the_player_moves():
    with time_machine.travel(START, tick=False) as clock:
        away, a, b = UserFactory(), UserFactory(), UserFactory()
        member_for(away, 80 * D, START)
        first, _ = game_of([away, a])
        second, _ = game_of([away, b])
        services.vacation_plan(user=away, ends_at=START + 5 * D)
        clock.shift(D)
        move(first, away)
        second.refresh_from_db()
        assert days.planned(away, START + D) is None
        assert second.turn_deadline == START + D + 2 * D  # the clock ran again from the move
        assert days.held(away, START + D) == 9 * D


def test_a_game_that_forbids_vacation_keeps_its_clock():
    with time_machine.travel(START, tick=False):
        away, other = UserFactory(), UserFactory()
        member_for(away, 80 * D, START)
        game, _ = game_of([away, other], vacation_allowed=False)
        services.vacation_plan(user=away, ends_at=START + 3 * D)
        game.refresh_from_db()
        assert game.turn_deadline == START + 2 * D


def test_a_scheduled_vacation_is_counted_in_advance_and_can_be_called_off():
    with time_machine.travel(START, tick=False):
        away, other = UserFactory(), UserFactory()
        member_for(away, 80 * D, START)
        game, _ = game_of([away, other])
        services.vacation_plan(user=away, starts_at=START + D, ends_at=START + 2 * D)
        game.refresh_from_db()
        assert game.turn_deadline == START + 3 * D  # a day charged, the vacation's day not, then a day
        assert services.vacation_end(user=away)
        game.refresh_from_db()
        assert game.turn_deadline == START + 2 * D and days.held(away, START) == 10 * D


@pytest.mark.parametrize(
    "plan, refusal",
    [
        ({"ends_at": START + 11 * D}, refusals.VACATION_TOO_LONG),
        ({"ends_at": START - H}, refusals.VACATION_ENDS_BEFORE_START),
        ({"starts_at": START + 2 * D, "ends_at": START + D}, refusals.VACATION_ENDS_BEFORE_START),
    ],
)
def test_a_vacation_beyond_what_is_held_or_ending_before_it_starts_is_refused(plan, refusal):
    with time_machine.travel(START, tick=False):
        away = member_for(UserFactory(), 80 * D, START)
        with pytest.raises(GameError) as caught:
            services.vacation_plan(user=away, **plan)
        assert caught.value.code == refusal.code


def test_one_vacation_at_a_time():
    with time_machine.travel(START, tick=False):
        away = member_for(UserFactory(), 80 * D, START)
        services.vacation_plan(user=away, ends_at=START + D)
        with pytest.raises(GameError) as caught:
            services.vacation_plan(user=away, starts_at=START + 2 * D, ends_at=START + 3 * D)
        assert caught.value.code == refusals.VACATION_ALREADY_PLANNED.code


def test_auto_vacation_spends_a_day_instead_of_a_missed_turn_and_says_so():
    with time_machine.travel(START, tick=False) as clock:
        away, other = UserFactory(vacation_auto=True), UserFactory()
        member_for(away, 80 * D, START)
        game, _ = game_of([away, other])
        clock.shift(2 * D)
        assert services.deadline_enforce(game_id=game.pk) == []  # no skip
        game.refresh_from_db()
        assert game.turn_deadline == START + 3 * D and game.seats.get(user=away).missed_turns == 0
        away.refresh_from_db()
        assert days.held(away, START + 2 * D) == 10 * D + 2 * D / 8 - D
        told = Notification.objects.filter(recipient=away, kind=Notification.Kind.VACATION_SPENT)
        assert told.count() == 1
        clock.shift(D)  # another day runs out: another day spent, another e-mail
        assert services.deadline_enforce(game_id=game.pk) == []
        assert told.count() == 2


def test_without_auto_vacation_or_days_held_the_turn_is_missed():
    with time_machine.travel(START, tick=False) as clock:
        opted_in_but_new, other = UserFactory(vacation_auto=True), UserFactory()
        member_for(opted_in_but_new, 4 * D, START)  # half a day held
        game, _ = game_of([opted_in_but_new, other])
        clock.shift(2 * D)
        [skip] = services.deadline_enforce(game_id=game.pk)
        assert skip.text == "skip"


def test_the_others_see_on_vacation_until_on_the_table_and_in_their_turn_email(client):
    with time_machine.travel(START, tick=False) as clock:
        away, other = UserFactory(), UserFactory()
        member_for(away, 80 * D, START)
        game, _ = game_of([other, away])
        services.vacation_plan(user=away, starts_at=START + H, ends_at=START + 3 * D)
        client.force_login(other)
        # still to come: said with its start, so the cached page stays true when it starts (#21)
        coming = client.get(f"/games/{game.pk}/").content.decode()
        assert (
            'on vacation from <time datetime="2026-03-04T11:00:00+00:00">Wed 4 Mar, 11:00 UTC</time>'
            ' until <time datetime="2026-03-07T10:00:00+00:00">Sat 7 Mar, 10:00 UTC</time>'
        ) in coming
        clock.shift(2 * H)
        cache.clear()  # the page kept from before still says "from … until …", still true; one made now:
        page = client.get(f"/games/{game.pk}/").content.decode()
        assert 'on vacation until <time datetime="2026-03-07T10:00:00+00:00">Sat 7 Mar, 10:00 UTC</time>' in page
        turn_email = Notification.objects.get(game=game, recipient=other, kind=Notification.Kind.YOUR_TURN)
        message = emails.build(turn_email)
        assert f"{away.username} is on vacation until Sat 7 Mar, 10:00 UTC." in message.body
        assert f"{away.username} is on vacation until" in message.alternatives[0].content
