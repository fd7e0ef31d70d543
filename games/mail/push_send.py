"""Sending the pushes owed (push_owed). Each is claimed like an e-mail
(pending -> sending, with a lease that a dead worker's claim outlives), its
notice checked by the e-mail's own rule (`emails.still_applies`), encrypted
for the device by pywebpush (RFC 8291, aes128gcm), signed with the site's
VAPID key (RFC 8292), and posted to the device's push service, at the
addresses checked as a webhook's are (no private network, no redirect).

The push service's answer decides: 2xx sent (and a turn e-mail then waits,
see `_postpone_email`); 404 or 410, the subscription is gone and removed;
429, 5xx or no answer, tried again after a growing wait; any other, failed."""

import logging
import time
import urllib.parse
from collections import Counter
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import F, Q, Value
from django.db.models.functions import Greatest
from django.utils import timezone
from py_vapid import Vapid
from pywebpush import WebPusher

from accounts import push as push_devices
from accounts import webhook_post, webhook_urls
from games.mail.emails import games_of, still_applies
from games.mail.push_payload import payload_for
from games.models import Notification, PushMessage

log = logging.getLogger(__name__)
Status = PushMessage.Status
LEASE = timedelta(minutes=5)
MAX_ATTEMPTS = 6
BATCH = 100
TIMEOUT_SECONDS = 10
GONE = (404, 410)


def send_due(now: datetime | None = None) -> Counter:
    """Every push due now, batch by batch; what became of them."""
    now = now or timezone.now()
    counts = Counter()
    while batch := _claim(now):
        for push in batch:
            counts[_send(push, now)] += 1
    return counts


def _due(now: datetime) -> Q:
    return Q(status=Status.PENDING, due_at__lte=now) | Q(status=Status.SENDING, claimed_at__lt=now - LEASE)


def _claim(now: datetime) -> list[PushMessage]:
    """Up to BATCH pushes claimed by this worker: each by its own conditional
    update, so that two workers never both send one."""
    ids = list(PushMessage.objects.filter(_due(now)).order_by("due_at").values_list("pk", flat=True)[:BATCH])
    mine = [
        pk for pk in ids if PushMessage.objects.filter(_due(now), pk=pk).update(status=Status.SENDING, claimed_at=now)
    ]
    pushes = PushMessage.objects.filter(pk__in=mine).select_related("notification__recipient", "subscription")
    return list(pushes)


def _send(push: PushMessage, now: datetime) -> str:
    notification, device = push.notification, push.subscription
    game = games_of([notification])[notification.game_id]
    seat = next((s for s in game.seats.all() if s.user_id == notification.recipient_id), None)
    if not still_applies(notification, game, seat):
        return _finish(push, Status.SKIPPED, now)
    try:
        target = webhook_urls.checked(device.endpoint)
        status = webhook_post.post(target, *_encrypted(push, payload_for(notification, game, seat)), TIMEOUT_SECONDS)
    except webhook_urls.UnsafeUrl as exc:
        return _finish(push, Status.FAILED, now, error=str(exc))
    except OSError as exc:
        return _retry(push, now, error=str(exc))
    if status in GONE:
        push_devices.forget(device)  # and its pushes with it
        return "gone"
    if 200 <= status < 300:
        device.last_push_at = now
        device.save(update_fields=["last_push_at"])
        if notification.kind == Notification.Kind.YOUR_TURN:
            _postpone_email(notification, now)
        return _finish(push, Status.SENT, now)
    if status == 429 or status >= 500:
        return _retry(push, now, error=f"push service answered {status}")
    return _finish(push, Status.FAILED, now, error=f"push service answered {status}")


def _encrypted(push: PushMessage, payload: bytes) -> tuple[bytes, dict]:
    device = push.subscription
    subscription = {"endpoint": device.endpoint, "keys": {"p256dh": device.p256dh, "auth": device.auth}}
    body = WebPusher(subscription).encode(payload, content_encoding="aes128gcm")["body"]
    parts = urllib.parse.urlsplit(device.endpoint)
    claims = {
        "aud": f"{parts.scheme}://{parts.netloc}",
        "exp": int(time.time()) + 12 * 3600,
        "sub": settings.VAPID_SUBJECT,
    }
    headers = Vapid.from_string(settings.VAPID_PRIVATE_KEY).sign(claims)
    headers.update(
        {
            "Content-Type": "application/octet-stream",
            "Content-Encoding": "aes128gcm",
            "TTL": str(settings.PUSH_TTL_SECONDS),
            "Urgency": "high" if push.notification.kind != Notification.Kind.GAME_OVER else "normal",
        }
    )
    return body, headers


def _postpone_email(notification: Notification, now: datetime) -> None:
    """The player's device has the turn: its e-mail waits, and goes only if
    they neither move nor come to the table meanwhile (still_applies)."""
    later = now + timedelta(seconds=settings.PRESENT_EMAIL_GRACE_SECONDS)
    Notification.objects.filter(pk=notification.pk, status=Notification.Status.PENDING).update(
        due_at=Greatest(F("due_at"), Value(later))
    )


def _finish(push: PushMessage, status: str, now: datetime, *, error: str = "") -> str:
    push.status, push.sent_at, push.last_error = status, now if status == Status.SENT else None, error[:300]
    push.save(update_fields=["status", "sent_at", "last_error"])
    return status


def _retry(push: PushMessage, now: datetime, *, error: str) -> str:
    push.attempts += 1
    if push.attempts >= MAX_ATTEMPTS:
        log.warning("push %s failed %s times: %s", push.pk, push.attempts, error)
        return _finish(push, Status.FAILED, now, error=error)
    push.status, push.last_error = Status.PENDING, error[:300]
    push.due_at = now + timedelta(minutes=2**push.attempts)  # 2, 4, 8, 16, 32 minutes
    push.save(update_fields=["status", "attempts", "last_error", "due_at"])
    return "retry"
