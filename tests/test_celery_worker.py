"""A task sent through the configured broker (Redis in CI, the embedded file
broker otherwise) is run by a real worker process."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache

from sequence_site.health import HEARTBEAT_KEY, heartbeat

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def worker():
    if os.environ.get("CI", "").lower() == "true":
        assert os.environ.get("REDIS_URL"), "CI must run this against the real Redis broker"
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "sequence_site",
            "worker",
            "--pool=solo",
            "--loglevel=WARNING",
            "--without-mingle",
            "--without-gossip",
        ],
        cwd=ROOT,
        env={**os.environ},
    )
    yield process
    process.terminate()
    process.wait(timeout=30)


@pytest.mark.services
def test_heartbeat_task_round_trip_through_a_real_worker(worker):
    cache.delete(HEARTBEAT_KEY)
    sent_at = time.time()
    heartbeat.delay()
    deadline = time.time() + 60
    while time.time() < deadline:
        beat = cache.get(HEARTBEAT_KEY)
        if beat is not None:
            break
        assert worker.poll() is None, "the worker exited"
        time.sleep(0.2)
    assert beat is not None, "no worker ran the task within 60 s"
    assert beat >= sent_at


@pytest.mark.services
def test_a_worker_started_without_queues_takes_every_queue(worker):
    """`make run`'s one worker (Procfile.dev, no -Q) runs the work of every kind."""
    for queue in settings.CELERY_QUEUE_NAMES:
        cache.delete(HEARTBEAT_KEY)
        heartbeat.apply_async(queue=queue)
        deadline = time.time() + 60
        while cache.get(HEARTBEAT_KEY) is None and time.time() < deadline:
            assert worker.poll() is None, "the worker exited"
            time.sleep(0.2)
        assert cache.get(HEARTBEAT_KEY) is not None, f"nothing ran the task sent to the {queue} queue"
