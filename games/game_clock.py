"""The clock module (games/clock.py) asked about a game as stored: its clock
settings, and the running turn of its seat to play, counted in that
player's own time zone. The deadlines, the pages and the e-mails read time
through here."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from accounts.models import Vacation
from accounts.vacation import may_be_away
from games.clock import BANK, ClockSettings, Stop, TurnClock

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


def seat_stops(game, seat) -> tuple[Stop, ...]:
    """The player's vacations that reach into the running turn, in a game
    that allows them: their clock does not run in one. Read once per seat
    object (a change of vacation reads the seats anew)."""
    if not game.vacation_allowed or game.turn_started_at is None or not may_be_away(seat.user, game.turn_started_at):
        return ()
    cached = getattr(seat, "vacation_stops", None)
    if cached is None or cached[0] != game.turn_started_at:
        rows = Vacation.objects.filter(user_id=seat.user_id, ends_at__gt=game.turn_started_at)
        cached = (game.turn_started_at, tuple(rows.values_list("starts_at", "ends_at")))
        seat.vacation_stops = cached
    return cached[1]


def turn_clock(game, seat) -> TurnClock | None:
    """The running turn of `seat` (the seat to play), None when no turn runs."""
    if game.turn_started_at is None or game.turn_allowance_seconds is None:
        return None
    return TurnClock(
        settings=clock_settings(game),
        allowance=game.turn_allowance_seconds * SECOND,
        started=game.turn_started_at,
        tz=seat_zone(seat),
        stops=seat_stops(game, seat),
    )


def bank_shown(game, seat) -> tuple[timedelta | None, datetime | None]:
    """A seat's time bank as the table shows it, true at any moment until the
    game changes: what a waiting bank holds, or when the running one (on its
    seat's turn) runs out, which is the turn's deadline. (None, None): a clock
    without banks, or before the game starts."""
    if game.clock_kind != BANK or seat.bank_seconds is None:
        return None, None
    if game.turn_deadline is not None and game.turn_position == seat.position:
        return None, game.turn_deadline
    return seat_bank(seat), None


def time_left(game, seat, now: datetime) -> timedelta:
    """What the seat has to play with at `now`: on its turn, what the turn has
    left; otherwise what its next turn would get (its bank, or a day-per-move
    allowance). The skip vote compares players by it."""
    if game.turn_position == seat.position and game.turn_deadline is not None:
        clock = turn_clock(game, seat)
        if clock is not None:
            return clock.left(now.astimezone(UTC))
    return clock_settings(game).allowance(seat_bank(seat))
