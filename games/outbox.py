"""The outbox: queue e-mails with the change that causes them, deliver each
at most once per claim, and sweep up whatever a lost task left behind.

A row is claimed with a conditional update (pending -> sending). A claim
that never completes (the worker died) expires after LEASE and is claimed
again by the sweep, so nothing is lost; a duplicated task finds the row
already claimed or sent and does nothing."""

import logging
import zoneinfo
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from accounts.models import Delivery, EmailOptOut
from games import dispatch, emails
from games.models import Game, Notification

log = logging.getLogger(__name__)
LEASE = timedelta(minutes=5)
MAX_ATTEMPTS = 6
SWEEP_BATCH = 500


def next_digest_time(user, now: datetime) -> datetime:
    """The next time it is `digest_hour` o'clock where the user lives."""
    try:
        zone = zoneinfo.ZoneInfo(user.time_zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        zone = zoneinfo.ZoneInfo("UTC")
    local = now.astimezone(zone)
    at = local.replace(hour=user.digest_hour, minute=0, second=0, microsecond=0)
    if at <= local:
        at += timedelta(days=1)
    return at


def owed(
    *,
    kind: str,
    game: Game,
    version: int,
    user=None,
    email: str = "",
    due_at: datetime | None = None,
    variant: int = 0,
    deadline: datetime | None = None,
    now: datetime,
) -> Notification | None:
    """The outbox row for an e-mail someone is owed, by their preferences
    (None when they want none); `save_all` stores it."""
    to = user.email if user is not None else email
    if not to or (user is not None and not user.is_active):
        return None
    digest = False
    if user is not None:
        delivery = user.delivery_for(kind)
        if delivery == Delivery.OFF:
            return None
        if delivery == Delivery.DIGEST and kind != Notification.Kind.REMINDER:
            digest, due_at = True, next_digest_time(user, now)
    elif EmailOptOut.objects.filter(email__iexact=to).exists():
        return None
    return Notification(
        recipient=user,
        to_email=to,
        game=game,
        version=version,
        kind=kind,
        variant=variant,
        deadline=deadline,
        digest=digest,
        due_at=due_at or now,
    )


def save_all(notifications: list[Notification | None], *, game: Game, version: int) -> None:
    """Store the rows in the transaction of the change that caused them (one
    query; a row owed already is not owed twice) and, once it commits, send
    those that are due now."""
    rows = [n for n in notifications if n is not None]
    if not rows:
        return
    Notification.objects.bulk_create(rows, ignore_conflicts=True)
    transaction.on_commit(lambda: dispatch.send_due(game_id=game.pk, version=version))


def deliver_due_for(*, game_id: int, version: int, now: datetime | None = None) -> list[str]:
    now = now or timezone.now()
    ids = Notification.objects.filter(
        game_id=game_id, version=version, digest=False, status=Notification.Status.PENDING, due_at__lte=now
    ).values_list("pk", flat=True)
    return [deliver(pk, now) for pk in ids]


def _claim(queryset, now: datetime) -> int:
    return queryset.update(status=Notification.Status.SENDING, claimed_at=now, attempts=F("attempts") + 1)


def _claimable(now: datetime) -> Q:
    due = Q(status=Notification.Status.PENDING, due_at__lte=now)
    expired = Q(status=Notification.Status.SENDING, claimed_at__lt=now - LEASE)
    return due | expired


def _finish(notification_id: int, claimed_at: datetime, **fields) -> None:
    Notification.objects.filter(pk=notification_id, status=Notification.Status.SENDING, claimed_at=claimed_at).update(
        **fields
    )


def deliver(notification_id: int, now: datetime | None = None) -> str:
    """Send one notification if it is due and nobody else holds it. Returns
    what happened: sent, skipped, retry, failed or not-claimed."""
    now = now or timezone.now()
    if not _claim(Notification.objects.filter(_claimable(now), pk=notification_id, digest=False), now):
        return "not-claimed"
    notification = Notification.objects.select_related("recipient").get(pk=notification_id)
    try:
        message = emails.build(notification)
        if message is None:
            _finish(notification.pk, now, status=Notification.Status.SKIPPED)
            return "skipped"
        message.send()
    except Exception as exc:  # any failure to render or send: retry later, with backoff
        return _failed([notification], now, exc)
    _finish(notification.pk, now, status=Notification.Status.SENT, sent_at=timezone.now())
    return "sent"


def _failed(notifications: list[Notification], now: datetime, exc: Exception) -> str:
    log.warning("e-mail delivery failed: %s", exc)
    outcome = "retry"
    for notification in notifications:
        attempts = notification.attempts
        give_up = attempts >= MAX_ATTEMPTS
        outcome = "failed" if give_up else outcome
        _finish(
            notification.pk,
            now,
            status=Notification.Status.FAILED if give_up else Notification.Status.PENDING,
            due_at=now + timedelta(minutes=2**attempts),
            last_error=f"{type(exc).__name__}: {exc}"[:300],
        )
    return outcome


def deliver_digest(recipient_id: int, now: datetime | None = None) -> str:
    """One e-mail with every due digest notification of a recipient."""
    now = now or timezone.now()
    rows = Notification.objects.filter(_claimable(now), recipient_id=recipient_id, digest=True)
    if not _claim(rows, now):
        return "not-claimed"
    claimed = list(
        Notification.objects.filter(
            recipient_id=recipient_id, digest=True, status=Notification.Status.SENDING, claimed_at=now
        ).select_related("recipient")
    )
    if not claimed:
        return "not-claimed"
    try:
        message = emails.build_digest(recipient=claimed[0].recipient, notifications=claimed)
        if message is not None:
            message.send()
    except Exception as exc:
        return _failed(claimed, now, exc)
    status = Notification.Status.SENT if message is not None else Notification.Status.SKIPPED
    for notification in claimed:
        _finish(notification.pk, now, status=status, sent_at=timezone.now() if message else None)
    return "sent" if message else "skipped"


def sweep(now: datetime | None = None) -> dict:
    """Deliver whatever is due and unsent: lost tasks, expired claims, retries, digests."""
    now = now or timezone.now()
    due = Notification.objects.filter(_claimable(now))
    singles = list(due.filter(digest=False).order_by("due_at").values_list("pk", flat=True)[:SWEEP_BATCH])
    outcomes: dict[str, int] = {}
    for pk in singles:
        outcome = deliver(pk, now)
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    recipients = set(due.filter(digest=True).values_list("recipient_id", flat=True)[:SWEEP_BATCH])
    for recipient_id in recipients:
        outcome = deliver_digest(recipient_id, now)
        outcomes[f"digest-{outcome}"] = outcomes.get(f"digest-{outcome}", 0) + 1
    return outcomes


def backlog(now: datetime | None = None) -> dict:
    """For /healthz: how much is waiting, and since when."""
    now = now or timezone.now()
    waiting = Notification.objects.filter(_claimable(now))
    oldest = waiting.order_by("due_at").values_list("due_at", flat=True).first()
    return {"due": waiting.count(), "oldest_due_seconds": round((now - oldest).total_seconds()) if oldest else 0}
