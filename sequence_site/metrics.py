"""Prometheus metrics (prometheus_client): requests, task run times, e-mails
sent and failed, and, read from the database at each scrape, the outbox
backlog and the moves made (rate() of it is moves per second).

Web hosts answer /metrics when METRICS_TOKEN is set (Bearer that token;
otherwise 404). gunicorn with several worker processes needs
PROMETHEUS_MULTIPROC_DIR (an empty folder per host) so that a scrape adds up
every process. A Celery worker serves its own on METRICS_PORT (0: none)."""

import os
import time

from celery.signals import task_postrun, task_prerun, worker_ready
from django.conf import settings
from django.http import Http404, HttpResponse
from django.utils import timezone
from django.utils.crypto import constant_time_compare
from django.views.decorators.http import require_GET
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
    start_http_server,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily

REQUESTS = Counter("sequence_http_requests", "HTTP requests answered", ["method", "status"])
REQUEST_SECONDS = Histogram("sequence_http_request_seconds", "Time to answer an HTTP request", ["method"])
TASK_SECONDS = Histogram("sequence_task_seconds", "Time a Celery task ran", ["task"])
EMAILS = Counter("sequence_emails", "E-mails by outcome (sent, skipped, retry, failed)", ["outcome"])
MAIL_TASKS = {"games.send_due", "games.outbox_sweep"}  # their return values are outcomes


class MetricsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        started = time.perf_counter()
        response = self.get_response(request)
        REQUEST_SECONDS.labels(request.method).observe(time.perf_counter() - started)
        REQUESTS.labels(request.method, str(response.status_code)).inc()
        return response


class DatabaseCollector:
    """Read at each scrape: what waits in the outbox, and the moves ever made."""

    def collect(self):
        from django.db.models import Max

        from games.mail.outbox import backlog
        from games.models import Move

        waiting = backlog(timezone.now())
        due = GaugeMetricFamily("sequence_outbox_due", "E-mails due and not sent")
        due.add_metric([], waiting["due"])
        oldest = GaugeMetricFamily("sequence_outbox_oldest_due_seconds", "How long the oldest due e-mail has waited")
        oldest.add_metric([], waiting["oldest_due_seconds"])
        moves = CounterMetricFamily("sequence_moves", "Moves recorded (the highest move id)")
        moves.add_metric([], Move.objects.aggregate(last=Max("pk"))["last"] or 0)
        return [due, oldest, moves]

    def describe(self):  # what it gives, without a query (asked when it is registered)
        return [
            GaugeMetricFamily("sequence_outbox_due", ""),
            GaugeMetricFamily("sequence_outbox_oldest_due_seconds", ""),
            CounterMetricFamily("sequence_moves", ""),
        ]


REGISTRY.register(DatabaseCollector())


def _registry() -> CollectorRegistry:
    if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        return REGISTRY
    registry = CollectorRegistry()  # every gunicorn process's metrics, added up
    multiprocess.MultiProcessCollector(registry)
    registry.register(DatabaseCollector())
    return registry


@require_GET
def metrics_view(request):
    token = settings.METRICS_TOKEN
    if not token or not constant_time_compare(request.headers.get("Authorization", ""), f"Bearer {token}"):
        raise Http404
    return HttpResponse(generate_latest(_registry()), content_type=CONTENT_TYPE_LATEST)


_started: dict[str, float] = {}


@task_prerun.connect
def _task_started(task_id=None, **_):
    _started[task_id] = time.perf_counter()


@task_postrun.connect
def _task_finished(task_id=None, task=None, retval=None, **_):
    started = _started.pop(task_id, None)
    if started is not None:
        TASK_SECONDS.labels(task.name).observe(time.perf_counter() - started)
    if task.name in MAIL_TASKS:
        outcomes = retval.items() if isinstance(retval, dict) else ((outcome, 1) for outcome in retval or ())
        for outcome, count in outcomes:
            EMAILS.labels(outcome).inc(count)


@worker_ready.connect
def _serve_worker_metrics(**_):
    if settings.METRICS_PORT:
        start_http_server(settings.METRICS_PORT)
