"""A player's vacation: planned (now or later, with its end), ended (early,
by the player, or by their first move), and what it does to their games.

A vacation is a stop on the player's own clock in every game of theirs that
allows vacation (games/game_clock.py reads it): a turn of theirs that runs
into it is not charged for it, so its deadline moves on; another player's
turn is not touched (it completes on that player's clock), and the game
waits at the absent player's turn. Each game whose clock or table it
changes goes through `changing`, so its revision moves."""

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from accounts import vacation as days
from accounts.models import Vacation
from games import refusals
from games.game_clock import turn_clock
from games.mail import notify
from games.models import Game
from games.services._common import changing, seats_of
from games.services.deadlines import next_deadline

A_DAY = timedelta(days=1)


def vacation_plan(*, user, ends_at: datetime, starts_at: datetime | None = None) -> Vacation:
    """A vacation from `starts_at` (None: now) to `ends_at`, paid from the
    days the player holds; one at a time."""
    now = timezone.now()
    starts_at = max(starts_at or now, now)
    if ends_at <= starts_at:
        raise refusals.VACATION_ENDS_BEFORE_START()
    with transaction.atomic():
        if days.planned(user, now) is not None:
            raise refusals.VACATION_ALREADY_PLANNED()
        if ends_at - starts_at > days.settle(user, now):
            raise refusals.VACATION_TOO_LONG()
        vacation = Vacation.objects.create(user=user, starts_at=starts_at, ends_at=ends_at)
        user.vacation_until = ends_at
        user.save(update_fields=["vacation_until"])
        _clocks_follow(user, now)
    return vacation


def vacation_end(*, user, now: datetime | None = None) -> bool:
    """End the player's vacation now (one still to come is called off), paying
    for what was taken; False when there was none."""
    now = now or timezone.now()
    with transaction.atomic():
        vacation = days.planned(user, now)
        if vacation is None:
            return False
        days.settle(user, now)  # pays for the vacation up to now
        if vacation.starts_at >= now:
            vacation.delete()
        else:
            vacation.ends_at = now
            vacation.save(update_fields=["ends_at"])
        _clocks_follow(user, now)
    return True


def vacation_over_on_move(*, user, now: datetime) -> None:
    """A player who moves is back: their vacation ends (not one still to come)."""
    if days.may_be_away(user, now) and Vacation.objects.filter(user=user, starts_at__lte=now, ends_at__gt=now).exists():
        vacation_end(user=user, now=now)


def vacation_day_spent(*, user, now: datetime) -> bool:
    """Auto-vacation: a day of the player's vacation spent for a turn about
    to run out (False: they hold less than a day)."""
    if days.settle(user, now) < A_DAY:
        return False
    user.vacation_seconds -= int(A_DAY.total_seconds())
    user.save(update_fields=["vacation_seconds"])
    return True


def _clocks_follow(user, now: datetime) -> None:
    """Every game of the player's in play: a turn of theirs gets the deadline
    its clock now answers (its e-mails follow it), every table shows it, and
    the sweep looks at each game again when the vacation starts and ends."""
    for game_id in Game.objects.filter(status=Game.Status.ACTIVE, seats__user=user).values_list("pk", flat=True):
        with changing(game_id) as game:
            if game.status != Game.Status.ACTIVE or game.turn_deadline is None:
                continue
            seats = seats_of(game)
            mover = seats[game.turn_position]
            old, mine = game.turn_deadline, mover.user_id == user.pk
            if mine:
                game.turn_deadline = turn_clock(game, mover).deadline()
            game.next_deadline = next_deadline(game, seats, now)
            game.save(update_fields=["turn_deadline", "next_deadline"])
            if mine:
                notify.emails_follow(game, {old: game.turn_deadline})
