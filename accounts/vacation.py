"""A player's vacation days: earned by being a member (a day for every
VACATION_DAYS_EARNED_EVERY days, never more than VACATION_DAYS_MAX held) and
spent, by the second, while away. What is held is stored as of a moment
(`User.vacation_seconds` at `vacation_counted_at`) and counted on from
there: `held_after` is the arithmetic, pure; the rest reads the rows."""

from collections.abc import Iterable
from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from accounts.forms import VacationForm
from accounts.models import User, Vacation

ZERO = timedelta(0)
Away = tuple[datetime, datetime]


def earned_every() -> timedelta:
    return timedelta(days=settings.VACATION_DAYS_EARNED_EVERY)


def most_held() -> timedelta:
    return timedelta(days=settings.VACATION_DAYS_MAX)


def _earned(at_home: timedelta, every: timedelta) -> timedelta:
    return at_home * (timedelta(days=1) / every)


def held_after(
    held: timedelta, since: datetime, now: datetime, away: Iterable[Away], *, every: timedelta, cap: timedelta
) -> timedelta:
    """What is held at `now`, from `held` at `since`: at home a day is earned
    every `every` (up to `cap`), away each second costs a second (down to none)."""
    t = since
    for start, end in sorted(away):
        start, end = max(start, t), min(end, now)
        if end <= start:
            continue
        held = min(cap, held + _earned(start - t, every))
        held = max(ZERO, held - (end - start))
        t = end
    if now > t:
        held = min(cap, held + _earned(now - t, every))
    return held


def _since(user: User) -> tuple[timedelta, datetime]:
    return timedelta(seconds=user.vacation_seconds), user.vacation_counted_at or user.date_joined


def held(user: User, now: datetime) -> timedelta:
    """The vacation `user` holds at `now`."""
    start, since = _since(user)
    away = Vacation.objects.filter(user=user, ends_at__gt=since, starts_at__lt=now).values_list("starts_at", "ends_at")
    return held_after(start, since, now, away, every=earned_every(), cap=most_held())


def settle(user: User, now: datetime) -> timedelta:
    """Store what `user` holds at `now` (before their vacations change), and answer it."""
    user.vacation_seconds = int(held(user, now).total_seconds())
    user.vacation_counted_at = now
    user.save(update_fields=["vacation_seconds", "vacation_counted_at"])
    return timedelta(seconds=user.vacation_seconds)


def planned(user: User, now: datetime) -> Vacation | None:
    """The user's vacation now or still to come (there is at most one)."""
    return Vacation.objects.filter(user=user, ends_at__gt=now).order_by("starts_at").first()


def may_be_away(user: User | None, after: datetime) -> bool:
    """Whether a vacation of `user` may reach past `after` (if not, no need to read their vacations)."""
    return user is not None and user.vacation_until is not None and user.vacation_until > after


def not_over(users: Iterable[User | None], now: datetime) -> dict[int, Away]:
    """Of these users, those with a vacation not over at `now` (going on, or
    still to come), with its start and end (one query, and none when none of
    them has a vacation reaching past now)."""
    ids = [user.pk for user in users if may_be_away(user, now)]
    if not ids:
        return {}
    rows = Vacation.objects.filter(user_id__in=ids, ends_at__gt=now).values_list("user_id", "starts_at", "ends_at")
    return {user_id: (starts_at, ends_at) for user_id, starts_at, ends_at in rows}


def vacation_context(user: User, *, form=None) -> dict:
    """The settings page's vacation section: what the player holds, their
    vacation now or to come, and the form to plan one."""
    now = timezone.now()
    return {
        "vacation_held": held(user, now),
        "vacation": planned(user, now),
        "vacation_form": form or VacationForm(),
        "vacation_most": most_held(),
        "vacation_every": settings.VACATION_DAYS_EARNED_EVERY,
    }
