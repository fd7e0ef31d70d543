"""The outbox: queue e-mails with the change that causes them, deliver each
at most once per claim, and sweep up whatever a lost task left behind.

A row is claimed with a conditional update (pending -> sending). A claim
that never completes (the worker died) expires after the lease
(OUTBOX_LEASE_SECONDS) and is claimed again by the sweep, so nothing is
lost; a duplicated task finds the row already claimed or sent and does
nothing.

The guarantee: at least once. An e-mail is never lost; one is sent twice
only when its worker dies, or loses its network for longer than the
lease, after sending it and before marking it sent: at most MARK_EVERY
e-mails per such worker, sent again when the lease runs out. A worker that
comes back after its lease has run out sends nothing more of its batch
(the rows may be another worker's by then)."""

import logging
import time
import zoneinfo
from collections import Counter
from contextlib import contextmanager, suppress
from datetime import datetime, timedelta

from django.conf import settings
from django.core import mail
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from accounts.models import Delivery, EmailOptOut
from games.mail import dispatch, emails, push_owed
from games.mail.mime import Message, as_written
from games.models import Game, InboundMessage, Notification
from sequence_site import db_writes

log = logging.getLogger(__name__)
MAX_ATTEMPTS = 6
SWEEP_BATCH = 500  # digest recipients per sweep
SEND_BATCH = 100  # rows claimed, rendered and sent over one SMTP connection at a time
# Sent rows are marked together, this many at a time (one query): a worker
# that dies mid-batch leaves at most this many e-mails to be sent again, by
# the sweep once their lease has expired.
MARK_EVERY = 10
SWEEP_SECONDS = 45  # a sweep (every minute) leaves the rest to the next one
# The rows a change owes, written once (every move writes some); one owed already is not owed twice.
_OWED = db_writes.Insert(Notification, ignore_conflicts=True)


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
    digest, status = False, Notification.Status.PENDING
    if user is not None:
        delivery = user.delivery_for(kind)
        if delivery == Delivery.OFF and not push_owed.wants_push(user, kind):
            return None
        if delivery == Delivery.OFF:  # no e-mail, but the row its pushes hang on
            status = Notification.Status.SKIPPED
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
        status=status,
    )


def save_all(notifications: list[Notification | None], *, game: Game, version: int) -> None:
    """Store the rows in the transaction of the change that caused them (one
    query; a row owed already is not owed twice) and, once it commits, send
    those that are due now. Rows due later (a turn e-mail's grace, reminders,
    digests) start no task: the sweep sends them when their time comes."""
    rows = [n for n in notifications if n is not None]
    if not rows:
        return
    _OWED.run(rows)
    push_owed.queue(rows, game=game, version=version)
    now = timezone.now()
    if any(row.status == Notification.Status.PENDING and not row.digest and row.due_at <= now for row in rows):
        # robust: a broker that cannot be reached is logged, never the change's failure (it is
        # committed); the sweep sends the rows.
        transaction.on_commit(lambda: dispatch.send_due(game_id=game.pk, version=version), robust=True)


def written(message: Message, *, kind: str, game: Game, user, answering: InboundMessage) -> Notification:
    """An answer to an e-mailed move as an outbox row: written now, in the
    transaction of the outcome it tells, and sent as written, by `deliver`
    once that commits or else by the sweep, like every e-mail. Whatever the
    recipient's preferences: they wrote to us."""
    return Notification.objects.create(
        recipient=user,
        to_email=message.to[0],
        game=game,
        version=game.version,
        kind=kind,
        due_at=timezone.now(),
        inbound=answering,
        message=as_written(message),
    )


def deliver_due_for(*, game_id: int, version: int, now: datetime | None = None) -> list[str]:
    now = now or timezone.now()
    ids = Notification.objects.filter(
        game_id=game_id, version=version, digest=False, status=Notification.Status.PENDING, due_at__lte=now
    ).values_list("pk", flat=True)
    return list(deliver_many(list(ids), now).values())


def _claim(queryset, now: datetime) -> int:
    return queryset.update(status=Notification.Status.SENDING, claimed_at=now, attempts=F("attempts") + 1)


def lease() -> timedelta:
    """How long a claim is held: longer than a batch takes to send (SEND_BATCH e-mails)."""
    return timedelta(seconds=settings.OUTBOX_LEASE_SECONDS)


def _claimable(now: datetime) -> Q:
    due = Q(status=Notification.Status.PENDING, due_at__lte=now)
    expired = Q(status=Notification.Status.SENDING, claimed_at__lt=now - lease())
    return due | expired


def _finish(ids: list[int], claimed_at: datetime, **fields) -> None:
    if ids:
        Notification.objects.filter(pk__in=ids, status=Notification.Status.SENDING, claimed_at=claimed_at).update(
            **fields
        )


def _claim_many(ids: list[int], now: datetime) -> list[int]:
    """Claim those of `ids` that are due and held by nobody; returns exactly
    the ones this call claimed. The rows are locked first, skipping any that
    another worker is claiming (PostgreSQL), so two claims never share a row;
    SQLite runs one write transaction at a time, which does the same."""
    with transaction.atomic():
        free = Notification.objects.select_for_update(skip_locked=True).filter(
            _claimable(now), pk__in=ids, digest=False
        )
        claimed = list(free.values_list("pk", flat=True))
        _claim(Notification.objects.filter(pk__in=claimed), now)
    return claimed


def deliver(notification_id: int, now: datetime | None = None) -> str:
    """Send one notification if it is due and nobody else holds it. Returns
    what happened: sent, skipped, retry, failed or not-claimed."""
    return deliver_many([notification_id], now).get(notification_id, "not-claimed")


def deliver_many(ids: list[int], now: datetime | None = None) -> dict[int, str]:
    """Send the due ones of these notifications over one SMTP connection,
    each at most once per claim: the outcome of each claimed row (sent,
    skipped, retry or failed); rows not claimed are left out."""
    now = now or timezone.now()
    claimed = _claim_many(ids, now)
    if not claimed:
        return {}
    rows = list(Notification.objects.filter(pk__in=claimed).select_related("recipient").order_by("pk"))
    games = emails.games_of(rows)
    try:
        prepared = emails.prepare(rows, games)
    except Exception as exc:  # nothing sent yet: the whole batch is retried later, with backoff
        return {row.pk: _failed([row], now, exc) for row in rows}
    outcomes: dict[int, str] = {}
    skipped, unmarked = [], []
    with _connection() as connection:
        for notification in rows:
            if timezone.now() >= now + lease():
                break  # the claim has run out (the network was gone, the server slow): the rows may be another's now
            try:
                message = emails.build(notification, games[notification.game_id], prepared)
                if message is None:
                    skipped.append(notification.pk)
                    continue
                connection.open()  # once: a backend closes only a connection that send() itself opened
                message.connection = connection
                message.send()
            except Exception as exc:  # any failure to render or send: retry this one later, with backoff
                outcomes[notification.pk] = _failed([notification], now, exc)
                continue
            outcomes[notification.pk] = "sent"
            unmarked.append(notification.pk)
            if len(unmarked) == MARK_EVERY:
                _mark_sent(unmarked, now)
                unmarked.clear()
    _mark_sent(unmarked, now)
    _finish(skipped, now, status=Notification.Status.SKIPPED)
    outcomes.update(dict.fromkeys(skipped, "skipped"))
    return outcomes


def _mark_sent(ids: list[int], claimed_at: datetime) -> None:
    # A message kept as written (an answer) is cleared: it quotes the hand.
    _finish(ids, claimed_at, status=Notification.Status.SENT, sent_at=timezone.now(), message={})


@contextmanager
def _connection():
    """One connection for a batch, opened before the first message is sent
    (a batch of skipped rows opens none) and closed even if it broke."""
    connection = mail.get_connection()
    try:
        yield connection
    finally:
        with suppress(Exception):
            connection.close()


def _failed(notifications: list[Notification], now: datetime, exc: Exception) -> str:
    log.warning("e-mail delivery failed: %s", exc)
    outcome = "retry"
    for notification in notifications:
        attempts = notification.attempts
        give_up = attempts >= MAX_ATTEMPTS
        outcome = "failed" if give_up else outcome
        _finish(
            [notification.pk],
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
    _finish([n.pk for n in claimed], now, status=status, sent_at=timezone.now() if message else None)
    return "sent" if message else "skipped"


def sweep(now: datetime | None = None) -> dict:
    """Deliver whatever is due and unsent: lost tasks, expired claims,
    retries, turn e-mails past their grace, digests. Singles go in batches of
    SEND_BATCH over one connection each, until none is left or SWEEP_SECONDS
    have passed (the next sweep takes the rest)."""
    now = now or timezone.now()
    started = time.monotonic()
    due = Notification.objects.filter(_claimable(now))
    outcomes: Counter = Counter()
    while time.monotonic() - started < SWEEP_SECONDS:
        batch = list(due.filter(digest=False).order_by("due_at").values_list("pk", flat=True)[:SEND_BATCH])
        # Each batch's claim starts its own lease: a later batch claimed at the sweep's start would be held shorter.
        claimed_at = now + timedelta(seconds=time.monotonic() - started)
        done = deliver_many(batch, claimed_at) if batch else {}
        outcomes.update(done.values())
        if len(done) < len(batch):
            outcomes["not-claimed"] += len(batch) - len(done)
        if not done:  # nothing due, or another worker holds all of it
            break
    recipients = set(due.filter(digest=True).values_list("recipient_id", flat=True)[:SWEEP_BATCH])
    for recipient_id in recipients:
        outcomes[f"digest-{deliver_digest(recipient_id, now)}"] += 1
    return dict(outcomes)


def backlog(now: datetime | None = None) -> dict:
    """For /healthz: how much is waiting, and since when."""
    now = now or timezone.now()
    waiting = Notification.objects.filter(_claimable(now))
    oldest = waiting.order_by("due_at").values_list("due_at", flat=True).first()
    return {"due": waiting.count(), "oldest_due_seconds": round((now - oldest).total_seconds()) if oldest else 0}


PRUNE_CHUNK = 5000


def prune(now: datetime | None = None) -> int:
    """Forget the sent and skipped rows whose time is older than
    OUTBOX_RETENTION_DAYS (every move writes three): in chunks, so that no
    delete holds the table long. Failed rows stay for a person to look at."""
    now = now or timezone.now()
    days = settings.OUTBOX_RETENTION_DAYS
    done = Notification.objects.filter(
        status__in=[Notification.Status.SENT, Notification.Status.SKIPPED], due_at__lt=now - timedelta(days=days)
    )
    pruned = 0
    while chunk := list(done.values_list("pk", flat=True)[:PRUNE_CHUNK]):
        pruned += Notification.objects.filter(pk__in=chunk).delete()[0]
    return pruned
