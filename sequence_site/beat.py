"""Celery beat's scheduler with a lock on each periodic run, so that a second
beat (started by mistake, or while the first one's host is being replaced) is
harmless: of the beats that find a run due in the same slot, only the one that
takes the run's key in the shared cache (Redis: SET NX) sends it.

A slot is the entry's period (a minute for a crontab): two beats a few seconds
apart fall in one slot. Only one beat should run all the same (README,
"Production"); the tasks are safe to run twice anyway (row locks, claims)."""

import logging
import socket
import time

from celery.beat import PersistentScheduler
from django.core.cache import cache

log = logging.getLogger(__name__)


def slot_seconds(schedule) -> float:
    """An interval's length; a crontab fires on whole minutes at most once a minute."""
    run_every = getattr(schedule, "run_every", None)
    return max(run_every.total_seconds(), 1.0) if run_every is not None else 60.0


def claim_run(name: str, schedule, now: float | None = None) -> bool:
    """True for the first caller (in any process, on any host) in this run's slot."""
    period = slot_seconds(schedule)
    slot = int((time.time() if now is None else now) // period)
    return cache.add(f"beat:{name}:{slot}", socket.gethostname(), timeout=max(int(period * 2), 2))


class OneRunPerSlot(PersistentScheduler):
    def apply_entry(self, entry, producer=None):
        if not claim_run(entry.name, entry.schedule):
            log.info("beat: %s was sent by another beat in this slot; skipped", entry.name)
            return
        super().apply_entry(entry, producer=producer)
