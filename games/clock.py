"""The clock, pure (no Django): how much of a seat's time a stretch of the
world's time costs, when a seat's time runs out, and what a bank holds after
a move. The deadlines, the sweep, the pages and the e-mails all ask it.

Two kinds of clock. DAYS_PER_MOVE: each turn gets the same allowance.
BANK (Fischer): each seat has its own bank, spent only on its turn; after
the turn the increment is added and the sum capped.

What is never charged: a stop (a pause, a vacation: an interval, its end
None while it lasts), and, with weekends off, every Saturday 00:00 to
Monday 00:00 on the wall clock of the seat's player (their own time zone),
so a weekend is 47, 48 or 49 hours long across a change of summer time."""

import heapq
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

DAYS_PER_MOVE, BANK = "per_move", "bank"
KINDS = (DAYS_PER_MOVE, BANK)
ZERO = timedelta(0)
MICROSECOND = timedelta(microseconds=1)

Stop = tuple[datetime, datetime | None]


@dataclass(frozen=True)
class ClockSettings:
    kind: str = DAYS_PER_MOVE
    per_move: timedelta = timedelta(days=2)  # DAYS_PER_MOVE: each turn's allowance
    initial: timedelta = timedelta(days=3)  # BANK: each seat's bank at the start
    increment: timedelta = timedelta(days=1)  # BANK: added after each of the seat's turns
    cap: timedelta = timedelta(days=7)  # BANK: what a bank may hold at most
    weekends_off: bool = False

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"unknown clock kind {self.kind!r}")

    def starting_bank(self) -> timedelta | None:
        """A seat's bank when the game starts (None: this clock keeps none)."""
        return min(self.initial, self.cap) if self.kind == BANK else None

    def allowance(self, bank: timedelta | None) -> timedelta:
        """The time a seat has for a turn that starts with `bank` in it."""
        return max(bank, ZERO) if self.kind == BANK else self.per_move

    def bank_after(self, bank: timedelta | None, used: timedelta) -> timedelta | None:
        """The bank after a turn that charged `used` (a missed turn spends it all):
        what was left, plus the increment, never above the cap."""
        if self.kind != BANK:
            return None
        return min(max(bank - used, ZERO) + self.increment, self.cap)


def _local_midnight(day: date, tz: ZoneInfo) -> datetime:
    # A midnight that summer time skips is the first instant of the day after the gap.
    return datetime.combine(day, time(0), tzinfo=tz).astimezone(UTC)


def day_start(moment: datetime, tz: ZoneInfo) -> datetime:
    """The first instant of `moment`'s day on the wall clock in `tz`."""
    return _local_midnight(moment.astimezone(tz).date(), tz)


def weekends(after: datetime, tz: ZoneInfo) -> Iterator[Stop]:
    """Every weekend (Saturday 00:00 to Monday 00:00 on the wall clock in
    `tz`) that ends after `after`, in order, without end."""
    day = after.astimezone(tz).date()
    saturday = day - timedelta(days=(day.weekday() - 5) % 7)
    while True:
        start, end = _local_midnight(saturday, tz), _local_midnight(saturday + timedelta(days=2), tz)
        if end > after:
            yield start, end
        saturday += timedelta(days=7)


def _free(after: datetime, tz: ZoneInfo, weekends_off: bool, stops: Iterable[Stop]) -> Iterator[Stop]:
    """The uncharged intervals that end after `after`, in order and merged
    (an end None: stopped until further notice, and nothing after it)."""
    sources = [sorted((s for s in stops if s[1] is None or s[1] > after), key=lambda s: s[0])]
    if weekends_off:
        sources.append(weekends(after, tz))
    current = None
    for start, end in heapq.merge(*sources, key=lambda s: s[0]):
        if current is None:
            current = [start, end]
        elif current[1] is not None and start <= current[1]:
            current[1] = None if end is None else max(current[1], end)
        else:
            yield tuple(current)
            current = [start, end]
        if current[1] is None:
            break
    if current is not None:
        yield tuple(current)


def charged(
    start: datetime, end: datetime, *, tz: ZoneInfo, weekends_off: bool, stops: Iterable[Stop] = ()
) -> timedelta:
    """How much of the time from `start` to `end` counts against the seat."""
    total, t = ZERO, start
    if end <= start:
        return ZERO
    for free_start, free_end in _free(start, tz, weekends_off, stops):
        if free_start >= end:
            break
        if free_start > t:
            total += free_start - t
        if free_end is None:
            return total
        t = max(t, free_end)
        if t >= end:
            return total
    return total + (end - t)


def runs_out(
    start: datetime, allowance: timedelta, *, tz: ZoneInfo, weekends_off: bool, stops: Iterable[Stop] = ()
) -> datetime | None:
    """When `allowance` of charged time from `start` is spent (None: the
    clock is stopped until further notice before it is)."""
    t, remaining = start, max(allowance, ZERO)
    for free_start, free_end in _free(start, tz, weekends_off, stops):
        if free_start > t:
            if free_start - t >= remaining:
                return t + remaining
            remaining -= free_start - t
        if free_end is None:
            return None
        t = max(t, free_end)
    return t + remaining


@dataclass(frozen=True)
class TurnClock:
    """One seat's running turn: what the clock module answers about it.
    `allowance` is the turn's time: the settings' allowance for the seat's
    bank when the turn started, or what was left of it when a pause ended."""

    settings: ClockSettings
    allowance: timedelta
    started: datetime
    tz: ZoneInfo
    stops: tuple[Stop, ...] = ()

    def _args(self) -> dict:
        return {"tz": self.tz, "weekends_off": self.settings.weekends_off, "stops": self.stops}

    def deadline(self) -> datetime | None:
        """When this seat's time runs out (None: stopped until further notice)."""
        return runs_out(self.started, self.allowance, **self._args())

    def used(self, now: datetime) -> timedelta:
        return charged(self.started, now, **self._args())

    def left(self, now: datetime) -> timedelta:
        """How much of the seat's time is left at `now` (never below zero)."""
        return max(self.allowance - self.used(now), ZERO)

    def below(self, left: timedelta) -> datetime | None:
        """The first moment the seat has less than `left` left (None: it never
        has, the clock stopping first); one microsecond past the moment it is
        exactly `left`, which a free interval may stretch."""
        return runs_out(self.started, self.allowance - left + MICROSECOND, **self._args())

    def bank_after_move(self, now: datetime) -> timedelta | None:
        """The seat's bank once it moved (or missed the turn) at `now`."""
        return self.settings.bank_after(self.allowance, self.used(now))


def days_hours(left: timedelta) -> tuple[int, int, int]:
    """Time left as whole days, hours and minutes (rounded down), for "2 d 4 h left"."""
    minutes = max(int(left.total_seconds()) // 60, 0)
    return minutes // (24 * 60), minutes // 60 % 24, minutes % 60
