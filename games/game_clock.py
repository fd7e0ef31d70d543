"""The clock module (games/clock.py) asked about a game as stored: its clock
settings, and the running turn of its seat to play, counted in that
player's own time zone. The deadlines, the pages and the e-mails read time
through here."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from games.clock import BANK, ClockSettings, TurnClock

SECOND = timedelta(seconds=1)


def clock_settings(game) -> ClockSettings:
    return ClockSettings(
        kind=game.clock_kind,
        per_move=game.turn_seconds * SECOND,
        initial=game.bank_initial_seconds * SECOND,
        increment=game.bank_increment_seconds * SECOND,
        cap=game.bank_cap_seconds * SECOND,
        weekends_off=game.weekends_off,
    )


def seat_zone(seat) -> ZoneInfo:
    """The seat's player's time zone: their Saturday and Sunday are their weekend."""
    try:
        return ZoneInfo(seat.user.time_zone) if seat.user_id else ZoneInfo("UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def seat_bank(seat) -> timedelta | None:
    return None if seat.bank_seconds is None else seat.bank_seconds * SECOND


def turn_clock(game, seat) -> TurnClock | None:
    """The running turn of `seat` (the seat to play), None when no turn runs."""
    if game.turn_started_at is None or game.turn_allowance_seconds is None:
        return None
    return TurnClock(
        settings=clock_settings(game),
        allowance=game.turn_allowance_seconds * SECOND,
        started=game.turn_started_at,
        tz=seat_zone(seat),
    )


def bank_left(game, seat, now: datetime) -> timedelta | None:
    """What the seat's time bank holds at `now`: counted down on its own turn
    only (None for a clock without banks, or before the game starts)."""
    if game.clock_kind != BANK or seat.bank_seconds is None:
        return None
    running = game.turn_deadline is not None and game.turn_position == seat.position
    clock = turn_clock(game, seat) if running else None
    return seat_bank(seat) if clock is None else clock.left(now.astimezone(UTC))
