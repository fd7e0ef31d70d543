"""Which devices are owed a push for the outbox rows of a change: each row
of a kind the player chose for their devices (the same owed-mail policy
decides, so a player the site e-mails nothing is pushed nothing), one a
device, written in the change's transaction and sent once it commits."""

from celery import signature
from django.conf import settings
from django.db import transaction

from accounts.models import PushSubscription
from games.models import Game, Notification, PushMessage

SEND = "games.push_send"


def enabled() -> bool:
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


def wants_push(user, kind: str) -> bool:
    """Whether `user`'s devices are sent this kind of notice: read from the
    user row already loaded, so a move costs no query for players without one."""
    return enabled() and user.has_push_devices and kind in user.push_kinds


def queue(rows: list[Notification], *, game: Game, version: int) -> None:
    users = {row.recipient_id for row in rows if row.recipient is not None and wants_push(row.recipient, row.kind)}
    if not users:
        return
    # The rows as stored (an insert that skips rows owed already gives no ids), and each player's devices.
    stored = Notification.objects.filter(game=game, version=version, recipient_id__in=users).select_related("recipient")
    devices = {}
    for device in PushSubscription.objects.filter(user_id__in=users):
        devices.setdefault(device.user_id, []).append(device)
    pushes = [
        PushMessage(
            notification=row,
            subscription=device,
            due_at=row.due_at if row.kind == row.Kind.REMINDER else row.created_at,
        )
        for row in stored
        if wants_push(row.recipient, row.kind)
        for device in devices.get(row.recipient_id, [])
    ]
    PushMessage.objects.bulk_create(pushes, ignore_conflicts=True)
    transaction.on_commit(lambda: signature(SEND).delay(), robust=True)
