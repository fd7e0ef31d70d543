"""The site's one rate limiter: a token bucket per key ("chat:12"), kept in
the database so that it counts exactly under concurrency on every database
(the bucket's row is locked while it is taken from; SQLite locks the whole
database for a write) and on every web host. A bucket holds `capacity`
tokens and refills at `capacity` per `per`: a burst of `capacity`, then one
more each `per / capacity`. Taken inside the caller's transaction, a token
comes back if the caller's change is rolled back."""

import hashlib
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import RateBucket


@dataclass(frozen=True)
class Limit:
    capacity: int
    per: timedelta

    @property
    def refill_per_second(self) -> float:
        return self.capacity / self.per.total_seconds()


def take(key: str, limit: Limit, *, now: datetime | None = None) -> timedelta | None:
    """Take one token from `key`'s bucket: None when there was one, else how
    long until there is (and nothing is taken)."""
    now = now or timezone.now()
    key = _stored(key)
    with transaction.atomic():
        bucket = _locked(key, limit, now)
        elapsed = max((now - bucket.updated_at).total_seconds(), 0.0)
        tokens = min(float(limit.capacity), bucket.tokens + elapsed * limit.refill_per_second)
        if tokens < 1:
            return timedelta(seconds=(1 - tokens) / limit.refill_per_second)
        RateBucket.objects.filter(pk=key).update(tokens=tokens - 1, updated_at=now)
        return None


def _stored(key: str) -> str:
    """The key as its column holds it: a long one (an e-mail address in it) by its digest."""
    width = RateBucket._meta.get_field("key").max_length
    return key if len(key) <= width else "sha256:" + hashlib.sha256(key.encode()).hexdigest()


def _locked(key: str, limit: Limit, now: datetime) -> RateBucket:
    bucket = RateBucket.objects.select_for_update().filter(pk=key).first()
    if bucket is not None:
        return bucket
    try:
        with transaction.atomic():  # two first takes at once: one creates, the other reads it
            return RateBucket.objects.create(key=key, tokens=limit.capacity, updated_at=now)
    except IntegrityError:
        return RateBucket.objects.select_for_update().get(pk=key)
