"""The pure clock module: its invariants (Hypothesis) and its weekends
across the changes of summer time on both sides of UTC."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from games.clock import BANK, DAYS_PER_MOVE, ClockSettings, TurnClock, charged, days_hours, runs_out, weekends

PRAGUE, LOS_ANGELES, AUCKLAND = ZoneInfo("Europe/Prague"), ZoneInfo("America/Los_Angeles"), ZoneInfo("Pacific/Auckland")
ZONES = [PRAGUE, LOS_ANGELES, AUCKLAND, ZoneInfo("UTC"), ZoneInfo("Asia/Kolkata")]
H, D = timedelta(hours=1), timedelta(days=1)


def utc(*args) -> datetime:
    return datetime(*args, tzinfo=UTC)


def local(tz, *args) -> datetime:
    return datetime(*args, tzinfo=tz).astimezone(UTC)


# --- strategies ----------------------------------------------------------------

instants = st.datetimes(min_value=datetime(2024, 1, 1), max_value=datetime(2028, 12, 31)).map(
    lambda d: d.replace(tzinfo=UTC)
)
spans = st.integers(min_value=0, max_value=20 * 24 * 60).map(lambda m: timedelta(minutes=m))
zones = st.sampled_from(ZONES)


@st.composite
def stop_lists(draw, around=None):
    base = draw(instants) if around is None else around
    stops = []
    for _ in range(draw(st.integers(0, 3))):
        start = base + draw(st.integers(-5 * 24 * 60, 15 * 24 * 60).map(lambda m: timedelta(minutes=m)))
        stops.append((start, start + draw(spans)))
    return stops


clock_settings = st.builds(
    ClockSettings,
    kind=st.sampled_from([DAYS_PER_MOVE, BANK]),
    per_move=spans.filter(bool),
    initial=spans,
    increment=spans,
    cap=spans.filter(bool),
    weekends_off=st.booleans(),
)


# --- invariants ------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(clock_settings, st.none() | spans, spans)
def test_a_bank_never_exceeds_its_cap(clock, bank, used):
    bank = clock.starting_bank() if bank is None else bank
    after = clock.bank_after(bank, used)
    if clock.kind == BANK:
        assert timedelta(0) <= after <= clock.cap
        assert clock.starting_bank() <= clock.cap
    else:
        assert after is None


@settings(max_examples=150, deadline=None)
@given(instants, spans, zones, st.booleans(), st.data())
def test_the_deadline_is_exactly_the_allowance_of_charged_time(start, allowance, tz, weekends_off, data):
    stops = data.draw(stop_lists(around=start))
    end = runs_out(start, allowance, tz=tz, weekends_off=weekends_off, stops=stops)
    assert end is not None and end >= start + allowance  # nothing is ever charged faster than the world's time
    assert charged(start, end, tz=tz, weekends_off=weekends_off, stops=stops) == allowance


@settings(max_examples=150, deadline=None)
@given(instants, spans, spans, zones, st.booleans(), st.data())
def test_below_is_the_first_moment_less_than_that_is_left(start, allowance, left, tz, weekends_off, data):
    assume(timedelta(0) < left <= allowance)
    stops = tuple(data.draw(stop_lists(around=start)))
    clock = ClockSettings(kind=DAYS_PER_MOVE, per_move=D, weekends_off=weekends_off)
    turn = TurnClock(clock, allowance, start, tz, stops)
    moment = turn.below(left)
    assert turn.left(moment) < left  # from then on
    assert turn.left(moment - timedelta(microseconds=1)) >= left  # and not a moment before


def test_below_waits_out_a_weekend_that_keeps_the_time_left():
    clock = ClockSettings(kind=DAYS_PER_MOVE, per_move=2 * D, weekends_off=True)
    turn = TurnClock(clock, 2 * D, local(PRAGUE, 2026, 3, 6, 23), PRAGUE)  # Friday 23:00
    assert turn.below(D + 23 * H) == local(PRAGUE, 2026, 3, 9, 0) + timedelta(microseconds=1)  # Monday 00:00


@settings(max_examples=150, deadline=None)
@given(instants, spans, zones, st.data())
def test_time_on_a_weekend_off_is_never_charged(start, length, tz, data):
    saturday, monday = next(weekends(start, tz))
    inside = data.draw(st.datetimes(min_value=saturday.replace(tzinfo=None), max_value=monday.replace(tzinfo=None)))
    inside = inside.replace(tzinfo=UTC)
    end = min(inside + length, monday)
    assert charged(inside, end, tz=tz, weekends_off=True) == timedelta(0)
    local_day = inside.astimezone(tz).weekday()
    assert local_day in (5, 6) or inside == monday  # Saturday or Sunday on the player's wall clock


@settings(max_examples=150, deadline=None)
@given(instants, spans, spans, zones, st.booleans())
def test_time_on_vacation_is_never_charged(start, offset, length, tz, weekends_off):
    stop = (start + offset, start + offset + length)
    with_stop = charged(start, stop[1] + D, tz=tz, weekends_off=weekends_off, stops=[stop])
    without = charged(start, stop[1] + D, tz=tz, weekends_off=weekends_off)
    assert charged(*stop, tz=tz, weekends_off=weekends_off, stops=[stop]) == timedelta(0)
    assert without - with_stop == charged(*stop, tz=tz, weekends_off=weekends_off)


@settings(max_examples=150, deadline=None)
@given(instants, spans, spans, zones, st.booleans(), st.data())
def test_the_deadline_never_moves_backwards_without_a_pause_or_extension(
    start, allowance, more, tz, weekends_off, data
):
    stops = data.draw(stop_lists(around=start))
    args = {"tz": tz, "weekends_off": weekends_off}
    deadline = runs_out(start, allowance, stops=stops, **args)
    # asking later gives the same answer, and time left only goes down until it is spent
    clock = TurnClock(
        ClockSettings(kind=DAYS_PER_MOVE, per_move=allowance or H, weekends_off=weekends_off),
        allowance,
        start,
        tz,
        tuple(stops),
    )
    a, b = sorted(data.draw(st.lists(instants, min_size=2, max_size=2)))
    assert clock.left(a) >= clock.left(b)
    assert clock.left(clock.deadline()) == timedelta(0)
    # a stop (a pause, a vacation) or more time only ever moves it later
    extra = data.draw(stop_lists(around=start))
    assert runs_out(start, allowance, stops=stops + extra, **args) >= deadline
    assert runs_out(start, allowance + more, stops=stops, **args) >= deadline


def test_a_stop_without_an_end_stops_the_clock():
    start = utc(2026, 3, 2, 9)
    assert runs_out(start, 2 * D, tz=PRAGUE, weekends_off=False, stops=[(start + H, None)]) is None
    assert runs_out(start, H, tz=PRAGUE, weekends_off=False, stops=[(start + H, None)]) == start + H
    assert charged(start, start + 10 * D, tz=PRAGUE, weekends_off=False, stops=[(start + H, None)]) == H


# --- weekends across summer time, on both sides of UTC ---------------------------


@pytest.mark.parametrize(
    ("tz", "saturday", "hours"),
    [
        (PRAGUE, (2026, 3, 28), 47),  # clocks go forward on Sunday 29 March
        (PRAGUE, (2026, 10, 24), 49),  # and back on Sunday 25 October
        (LOS_ANGELES, (2026, 3, 7), 47),  # forward on Sunday 8 March
        (LOS_ANGELES, (2026, 10, 31), 49),  # back on Sunday 1 November
        (AUCKLAND, (2026, 4, 4), 49),  # back on Sunday 5 April
        (AUCKLAND, (2026, 9, 26), 47),  # forward on Sunday 27 September
        (PRAGUE, (2026, 6, 13), 48),
    ],
)
def test_a_weekend_is_saturday_to_monday_on_the_players_wall_clock(tz, saturday, hours):
    start, end = next(weekends(local(tz, *saturday, 0) - H, tz))
    assert start == local(tz, *saturday, 0)
    assert end - start == timedelta(hours=hours)
    assert end.astimezone(tz).weekday() == 0 and end.astimezone(tz).hour == 0
    # a day per move asked on Friday at noon runs out on Monday at noon, local time
    friday_noon = local(tz, *saturday, 12) - D
    deadline = runs_out(friday_noon, D, tz=tz, weekends_off=True)
    assert deadline.astimezone(tz).replace(tzinfo=None) == (friday_noon.astimezone(tz) + 3 * D).replace(tzinfo=None)


def test_the_same_instant_is_a_weekend_for_one_player_and_not_for_another():
    # Friday 20:00 in Los Angeles is Saturday 04:00 in Prague and 17:00 in Auckland
    instant = local(LOS_ANGELES, 2026, 3, 6, 20)
    hour = (instant, instant + H)
    assert charged(*hour, tz=LOS_ANGELES, weekends_off=True) == H
    assert charged(*hour, tz=PRAGUE, weekends_off=True) == timedelta(0)
    assert charged(*hour, tz=AUCKLAND, weekends_off=True) == timedelta(0)
    # Monday 08:00 in Auckland is still Sunday in Prague and in Los Angeles
    monday = local(AUCKLAND, 2026, 3, 9, 8)
    assert charged(monday, monday + H, tz=AUCKLAND, weekends_off=True) == H
    assert charged(monday, monday + H, tz=PRAGUE, weekends_off=True) == timedelta(0)
    assert charged(monday, monday + H, tz=LOS_ANGELES, weekends_off=True) == timedelta(0)


def test_a_bank_counts_down_only_its_weekdays_and_gets_its_increment_capped():
    clock = ClockSettings(kind=BANK, initial=3 * D, increment=D, cap=7 * D, weekends_off=True)
    # in Auckland the turn starts on Friday 9:00, the week summer time ends (Sunday 5 April 2026)
    started = local(AUCKLAND, 2026, 4, 3, 9)
    turn = TurnClock(clock, clock.allowance(clock.starting_bank()), started, AUCKLAND)
    assert turn.deadline() == local(AUCKLAND, 2026, 4, 8, 9)  # Friday 15 h, Monday 24 h, Tuesday 24 h, Wednesday 9 h
    assert turn.left(local(AUCKLAND, 2026, 4, 6, 0)) == 3 * D - 15 * H  # the weekend cost nothing
    assert days_hours(turn.left(local(AUCKLAND, 2026, 4, 6, 0))) == (2, 9, 0)
    assert turn.bank_after_move(local(AUCKLAND, 2026, 4, 6, 0)) == 3 * D - 15 * H + D
    assert clock.bank_after(7 * D, H) == 7 * D  # capped
    assert clock.bank_after(3 * D, 5 * D) == D  # a missed turn spends the bank; the increment still comes


def test_a_day_per_move_crosses_the_night_summer_time_begins():
    clock = ClockSettings(kind=DAYS_PER_MOVE, per_move=D)
    started = local(PRAGUE, 2026, 3, 28, 12)  # Saturday noon; clocks skip 02:00-03:00 on Sunday
    assert (
        TurnClock(clock, clock.allowance(None), started, PRAGUE).deadline() == started + D
    )  # a day is 24 hours of the world
    assert TurnClock(clock, clock.allowance(None), started, PRAGUE).deadline().astimezone(PRAGUE).hour == 13
