"""Webhooks: a token's owner may have each event of their games POSTed to
an address of theirs, signed (HMAC-SHA256 over `timestamp + "." + body`
with the webhook's own secret).

The events are an outbox: the games write them (`queue`) in the transaction
of the change they tell of, and a delivery (`deliver`, a Celery task, started
once the change commits and by the minute's sweep) POSTs a webhook's events
oldest first and deletes each once its receiver answered 2xx. A failure stops
that webhook's round and waits 1, 2, 4 … minutes (at most a day) before the
next; after WEBHOOK_MAX_FAILURES in a row the webhook is disabled, its owner
sees why on the settings page, and its waiting events are dropped. A worker
that dies mid-round leaves its rows in place and its claim runs out after
LEASE: an event is delivered at least once (X-Sequence-Delivery tells a
repeat)."""

import functools
import hashlib
import hmac
import json
import logging
import secrets
import time
from datetime import datetime, timedelta

from celery import signature
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from accounts import webhook_post, webhook_urls
from accounts.models import ApiToken, Webhook, WebhookEvent
from sequence_site.db_rows import Columns

log = logging.getLogger(__name__)
DELIVER = "accounts.webhook_deliver"
LEASE = timedelta(minutes=5)
# Events one delivery sends at most, then it starts another: at two timeouts
# each (to connect, to be answered) well within LEASE.
ROUND = 20
LONGEST_WAIT = timedelta(days=1)
SECRET_PREFIX = "whsec_"


def sign(secret: str, timestamp: str, body: bytes) -> str:
    """The signature header's value: `sha256=` and the hex HMAC of `timestamp.body`."""
    mac = hmac.new(secret.encode("ascii"), timestamp.encode("ascii") + b"." + body, hashlib.sha256)
    return "sha256=" + mac.hexdigest()


def webhook_set(*, token: ApiToken, url: str) -> tuple[Webhook, str]:
    """Point a token's webhook at `url` (webhook_urls.UnsafeUrl if the site may
    not POST there), with a new secret, which the caller shows once."""
    webhook_urls.checked(url)
    secret = SECRET_PREFIX + secrets.token_urlsafe(32)
    with transaction.atomic():
        Webhook.objects.filter(token=token).delete()  # a new address starts afresh, its old events with it
        return Webhook.objects.create(token=token, url=url.strip(), secret=secret), secret


def webhook_enable(webhook: Webhook) -> None:
    Webhook.objects.filter(pk=webhook.pk).update(disabled_at=None, failures=0, retry_at=None, last_error="")


HOOK, TOKEN = Columns(Webhook, "w"), Columns(ApiToken, "t")
_TOKEN_USER = ApiToken._meta.get_field("user").column


@functools.cache
def _working_sql() -> str:
    """The working webhooks (w) with their tokens (t): FROM … WHERE, two %s (working_params)."""
    hooks, tokens, users = Webhook._meta, ApiToken._meta, get_user_model()._meta
    expires = tokens.get_field("expires_at").column
    return (
        f"FROM {hooks.db_table} w"
        f" INNER JOIN {tokens.db_table} t ON t.{tokens.pk.column} = w.{hooks.get_field('token').column}"
        f" INNER JOIN {users.db_table} u ON u.{users.pk.column} = t.{_TOKEN_USER}"
        f" WHERE w.{hooks.get_field('disabled_at').column} IS NULL"
        f" AND t.{tokens.get_field('revoked_at').column} IS NULL AND u.{users.get_field('is_active').column} = %s"
        f" AND (t.{expires} IS NULL OR t.{expires} > %s)"
    )


def working_params() -> list:
    return [True, timezone.now()]


def may_listen_sql(user_column: str) -> str:
    """SQL, true when the user in `user_column` has a working webhook (two %s:
    working_params): a read that already runs can say whether `listening` may
    find any (its token's scopes, JSON, are checked by `listening` alone)."""
    return f"EXISTS (SELECT 1 {_working_sql()} AND t.{_TOKEN_USER} = {user_column})"


def listening(users: tuple[str, list]) -> list[Webhook]:
    """The working webhooks of the users `users` selects (an SQL query of
    user ids, and its parameters): the token live and allowed to read games.
    One query, written once: it runs on every change to a game, where the
    ORM took longer to build it than the database to answer it."""
    users_sql, users_params = users
    with connection.cursor() as cursor:
        columns = ", ".join([*HOOK.select, *TOKEN.select])
        cursor.execute(
            f"SELECT {columns} {_working_sql()} AND t.{_TOKEN_USER} IN ({users_sql})",
            [*working_params(), *users_params],
        )
        rows = cursor.fetchall()
    hooks = []
    for row in rows:
        hook = HOOK.instance(row)
        hook.token = TOKEN.instance(row, len(HOOK.fields))
        if "games:read" in hook.token.scopes:
            hooks.append(hook)
    return hooks


def _dumps(event: dict) -> str:
    return json.dumps(event, separators=(",", ":"), sort_keys=True)


def queue(owed: list[tuple[Webhook, int, int, dict]]) -> None:
    """Store (webhook, game id, revision, event) rows in the caller's transaction
    (one query; an event owed already is not owed twice) and start their
    deliveries once it commits."""
    if not owed:
        return
    rows = [
        WebhookEvent(webhook=hook, game_id=game, revision=revision, body=_dumps(e)) for hook, game, revision, e in owed
    ]
    WebhookEvent.objects.bulk_create(rows, ignore_conflicts=True)
    for hook_id in sorted({hook.pk for hook, *_ in owed}):
        # robust: a broker out of reach is logged, never the change's failure; the sweep delivers.
        transaction.on_commit(lambda hook_id=hook_id: signature(DELIVER, args=(hook_id,)).delay(), robust=True)


def queue_test(webhook: Webhook) -> None:
    """A test event, delivered like any other (the settings page's button)."""
    with transaction.atomic():
        event = {"test": True, "sent_at": timezone.now().isoformat(timespec="seconds")}
        queue([(webhook, None, 0, event)])


def _deliverable(now: datetime) -> Q:
    """Not disabled, its wait over, held by nobody (or by a worker whose lease ran out), its token live."""
    return (
        (Q(retry_at__isnull=True) | Q(retry_at__lte=now))
        & (Q(claimed_at__isnull=True) | Q(claimed_at__lt=now - LEASE))
        & (Q(token__expires_at__isnull=True) | Q(token__expires_at__gt=now))
        & Q(disabled_at__isnull=True, token__revoked_at__isnull=True)
    )


def _claim(webhook_id: int, now: datetime) -> bool:
    return bool(Webhook.objects.filter(_deliverable(now), pk=webhook_id).update(claimed_at=now))


def _send(webhook: Webhook, event: WebhookEvent) -> str:
    """'' when the receiver took it, else what went wrong."""
    try:
        target = webhook_urls.checked(webhook.url)
    except webhook_urls.UnsafeUrl as exc:
        return str(exc)
    body = event.body.encode("utf-8")
    timestamp = str(int(time.time()))
    headers = {
        "User-Agent": "Sequence-Webhook/1",
        "X-Sequence-Event": "test" if event.game_id is None else "game",
        "X-Sequence-Delivery": str(event.pk),
        "X-Sequence-Timestamp": timestamp,
        "X-Sequence-Signature": sign(webhook.secret, timestamp, body),
    }
    try:
        status = webhook_post.post(target, body, headers, timeout=settings.WEBHOOK_TIMEOUT_SECONDS)
    except OSError as exc:
        return f"{type(exc).__name__}: {exc}"[:300] if str(exc) else type(exc).__name__
    return "" if 200 <= status < 300 else f"HTTP {status}"


def deliver(webhook_id: int, now: datetime | None = None) -> str:
    """One round of a webhook's events, oldest first: delivered, failed,
    disabled, more (another round follows) or not-claimed (another worker
    has it, it is waiting out a failure, or it is disabled)."""
    now = now or timezone.now()
    if not _claim(webhook_id, now):
        return "not-claimed"
    webhook = Webhook.objects.filter(pk=webhook_id).first()
    if webhook is None:  # removed meanwhile
        return "not-claimed"
    mine = Webhook.objects.filter(pk=webhook_id, claimed_at=now)
    sent = 0
    for event in WebhookEvent.objects.filter(webhook=webhook).order_by("pk")[:ROUND]:
        error = _send(webhook, event)
        if error:
            return _failed(webhook, mine, error)
        WebhookEvent.objects.filter(pk=event.pk).delete()
        sent += 1
    at = timezone.now()
    if sent:
        mine.update(failures=0, last_error="", last_attempt_at=at, last_delivered_at=at)
    mine.update(claimed_at=None)
    if sent == ROUND:
        signature(DELIVER, args=(webhook_id,)).delay()
        return "more"
    return "delivered"


def _failed(webhook: Webhook, mine, error: str) -> str:
    log.info("webhook %s: delivery failed: %s", webhook.pk, error)  # the address is the owner's business
    failures = webhook.failures + 1
    at = timezone.now()
    if failures >= settings.WEBHOOK_MAX_FAILURES:
        with transaction.atomic():
            mine.update(failures=failures, last_error=error, last_attempt_at=at, disabled_at=at, claimed_at=None)
            WebhookEvent.objects.filter(webhook=webhook).delete()
        return "disabled"
    wait = min(timedelta(minutes=2 ** (failures - 1)), LONGEST_WAIT)
    mine.update(failures=failures, last_error=error, last_attempt_at=at, retry_at=at + wait, claimed_at=None)
    return "failed"


def sweep(now: datetime | None = None) -> int:
    """Start a delivery for each webhook with events waiting whose wait is
    over and that nobody holds (a lost task, a dead worker, a retry)."""
    now = now or timezone.now()
    waiting = Webhook.objects.filter(_deliverable(now), events__isnull=False).distinct()
    ids = list(waiting.values_list("pk", flat=True))
    for webhook_id in ids:
        signature(DELIVER, args=(webhook_id,)).delay()
    return len(ids)
