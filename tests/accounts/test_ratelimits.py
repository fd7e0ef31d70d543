"""The one rate limiter (accounts.ratelimits): a token bucket per key in the
database, exact when taken from at once, refilled with time, and given back
when the change it guarded is rolled back."""

from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from accounts.ratelimits import Limit, take
from tests.concurrency import at_once

THREE_A_MINUTE = Limit(3, timedelta(minutes=1))


@pytest.mark.django_db
def test_a_burst_of_its_capacity_then_a_wait_that_shrinks_with_time():
    now = timezone.now()
    assert [take("k", THREE_A_MINUTE, now=now) for _ in range(3)] == [None, None, None]
    wait = take("k", THREE_A_MINUTE, now=now)
    assert wait == timedelta(seconds=20)  # one token every 20 s
    assert take("k", THREE_A_MINUTE, now=now + timedelta(seconds=15)) == timedelta(seconds=5)
    assert take("k", THREE_A_MINUTE, now=now + timedelta(seconds=20)) is None
    assert take("other", THREE_A_MINUTE, now=now) is None  # each key its own bucket
    long = "inbound-address:" + "x" * 240 + "@example.org"  # longer than the column: kept by its digest
    assert [take(long, THREE_A_MINUTE, now=now) is None for _ in range(4)] == [True, True, True, False]


@pytest.mark.django_db
def test_a_full_bucket_holds_no_more_than_its_capacity():
    now = timezone.now()
    take("k", THREE_A_MINUTE, now=now)
    later = now + timedelta(days=1)
    assert [take("k", THREE_A_MINUTE, now=later) for _ in range(4)][-1] is not None


@pytest.mark.django_db
def test_a_token_taken_in_a_change_that_is_rolled_back_comes_back():
    now = timezone.now()
    for _ in range(2):
        take("k", THREE_A_MINUTE, now=now)
    with pytest.raises(RuntimeError), transaction.atomic():
        assert take("k", THREE_A_MINUTE, now=now) is None
        raise RuntimeError("the guarded change failed")
    assert take("k", THREE_A_MINUTE, now=now) is None
    assert take("k", THREE_A_MINUTE, now=now) is not None


@pytest.mark.django_db(transaction=True)
def test_takes_at_once_never_get_more_than_the_capacity():
    """Two rounds of six callers at once on a bucket of three, the first one
    creating the bucket: exactly three pass each time."""
    now = timezone.now()
    for key in ("fresh", "fresh"):
        outcomes = at_once(*[lambda key=key, now=now: take(key, THREE_A_MINUTE, now=now) for _ in range(6)])
        assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
        assert sum(outcome is None for outcome in outcomes) == 3
        now += timedelta(minutes=1)
