"""The arithmetic of vacation held (accounts/vacation.py), pure: never
below none nor above the cap, a second away costs a second while any is
held, and time at home only ever adds."""

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from accounts.vacation import held_after

D = timedelta(days=1)
EVERY, CAP = 8 * D, 30 * D
SINCE = datetime(2026, 1, 1, tzinfo=UTC)
spans = st.timedeltas(min_value=timedelta(0), max_value=60 * D)


@st.composite
def aways(draw):
    t, result = SINCE, []
    for _ in range(draw(st.integers(0, 4))):
        start = t + draw(spans)
        t = start + draw(spans)
        result.append((start, t))
    return result


@given(st.timedeltas(min_value=timedelta(0), max_value=CAP), spans, aways())
def test_held_stays_between_none_and_the_cap(held, after, away):
    now = SINCE + after
    assert timedelta(0) <= held_after(held, SINCE, now, away, every=EVERY, cap=CAP) <= CAP


@given(st.timedeltas(min_value=timedelta(0), max_value=CAP), spans, spans)
def test_a_vacation_costs_its_length_while_enough_is_held(held, length, later):
    away = [(SINCE, SINCE + length)]
    end = SINCE + length
    result = held_after(held, SINCE, end, away, every=EVERY, cap=CAP)
    assert result == max(held - length, timedelta(0))
    # and once home, it grows again, never beyond the cap
    assert result <= held_after(held, SINCE, end + later, away, every=EVERY, cap=CAP) <= CAP


@given(st.timedeltas(min_value=timedelta(0), max_value=CAP), spans)
def test_at_home_a_day_is_earned_every_eight(held, after):
    assert held_after(held, SINCE, SINCE + after, [], every=EVERY, cap=CAP) == min(CAP, held + after / 8)
