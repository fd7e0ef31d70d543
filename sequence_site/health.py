"""/healthz, what a self-hoster's monitoring points at, and the periodic
heartbeat (beat -> broker -> worker -> cache) that proves a worker is alive."""

import time
from datetime import UTC, datetime

from celery import shared_task
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import JsonResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

HEARTBEAT_KEY = "health:worker-heartbeat"


@shared_task(name="sequence_site.health.heartbeat")
def heartbeat() -> float:
    now = time.time()
    cache.set(HEARTBEAT_KEY, now, timeout=None)
    return now


def check_database() -> dict:
    try:
        connection.ensure_connection()
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception as exc:  # any failure here means "down", with its reason
        return {"ok": False, "error": f"{type(exc).__name__}: {exc}".strip()}
    return {"ok": True}


def check_broker() -> dict:
    from sequence_site.celery import app

    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=3)
    except Exception as exc:
        return {"ok": False, "error": f"{type(exc).__name__}: {exc}".strip()}
    return {"ok": True}


def check_worker() -> dict:
    try:
        beat = cache.get(HEARTBEAT_KEY)
    except Exception as exc:
        return {"ok": False, "error": f"cache unreachable: {type(exc).__name__}: {exc}"}
    if beat is None:
        return {"ok": False, "error": "no worker heartbeat recorded yet", "last_heartbeat": None}
    age = time.time() - beat
    result = {
        "ok": age <= settings.HEARTBEAT_MAX_AGE_SECONDS,
        "last_heartbeat": datetime.fromtimestamp(beat, UTC).isoformat(),
        "age_seconds": round(age, 1),
    }
    if not result["ok"]:
        result["error"] = f"last heartbeat {age:.0f} s ago; is a worker and exactly one beat running?"
    return result


def check_backlog() -> dict:
    """Unsent e-mail and unenforced deadlines: both should be minutes old at most."""
    # Imported here: Celery loads this module before Django's apps are ready.
    from games.mail.outbox import backlog
    from games.models import Game

    try:
        now = timezone.now()
        mail = backlog(now)
        oldest = Game.objects.due(now).values_list("next_deadline", flat=True).first()
    except Exception as exc:
        return {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
    overdue = round((now - oldest).total_seconds()) if oldest else 0
    limit = settings.BACKLOG_MAX_AGE_SECONDS
    result = {
        "ok": mail["oldest_due_seconds"] <= limit and overdue <= limit,
        "unsent_emails": mail["due"],
        "oldest_unsent_email_seconds": mail["oldest_due_seconds"],
        "oldest_due_deadline_seconds": overdue,
    }
    if not result["ok"]:
        result["error"] = "e-mail or deadlines are falling behind: are the worker and beat running?"
    return result


def check_queues() -> dict:
    """Messages waiting in each Celery queue (settings.CELERY_QUEUE_NAMES): a
    queue that grows while the others drain needs more workers on it."""
    from kombu.exceptions import ChannelError

    from sequence_site.celery import app

    waiting = {}
    try:
        with app.connection_for_read() as conn:
            conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=3)
            channel = conn.default_channel
            for name in settings.CELERY_QUEUE_NAMES:
                try:
                    waiting[name] = channel.queue_declare(queue=name, passive=True).message_count
                except ChannelError:  # no worker has declared it yet: nothing was ever queued there
                    waiting[name] = 0
    except Exception as exc:
        return {"ok": False, "error": f"{type(exc).__name__}: {exc}".strip()}
    return {"ok": True, "waiting": waiting}


@never_cache
@require_GET
def healthz(request):
    checks = {
        "database": check_database(),
        "broker": check_broker(),
        "worker": check_worker(),
        "backlog": check_backlog(),
    }
    checks["queues"] = check_queues() if checks["broker"]["ok"] else {"ok": False, "error": "broker unreachable"}
    healthy = all(check["ok"] for check in checks.values())
    body = {"status": "ok" if healthy else "unhealthy", "role": settings.SITE_ROLE, "checks": checks}
    return JsonResponse(body, status=200 if healthy else 503)
