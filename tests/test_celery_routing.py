"""Each kind of work goes to its own queue, and only there (#28): a task sent
while no worker runs waits in exactly one queue, as /healthz counts them."""

import pytest
from celery import signature
from django.conf import settings

from sequence_site.celery import app
from sequence_site.health import check_queues

pytestmark = pytest.mark.real_worker  # sent through the broker, not run in process


@pytest.fixture
def empty_queues():
    app.control.purge()
    yield
    app.control.purge()


@pytest.mark.parametrize(
    ("task", "queue"),
    [
        ("games.send_due", "email"),
        ("games.enforce_deadlines", "deadlines"),
        ("games.bot_move", "bots"),
        ("games.inbound_imap_poll", "inbound"),
        ("sequence_site.health.heartbeat", "default"),
    ],
)
def test_a_task_waits_in_its_own_queue_only(empty_queues, task, queue):
    signature(task, args=(1, 1) if task in ("games.send_due", "games.bot_move") else ()).apply_async()
    waiting = check_queues()["waiting"]
    assert waiting == {name: int(name == queue) for name in settings.CELERY_QUEUE_NAMES}
