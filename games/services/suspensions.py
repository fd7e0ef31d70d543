"""Barring a user from play: a suspended user cannot create, join or move
in a game, nor chat. Their seats stay; the game's missed-turn policy deals
with the turns they miss."""

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games.errors import GameNotFound, InvalidSettings, NotAllowed
from games.models import ModerationAction, PlayerSuspension
from games.services.audit import audit, checked_reason, require_moderator

MAX_DAYS = 3650


def active_suspensions(now=None):
    now = now or timezone.now()
    return PlayerSuspension.objects.filter(Q(ends_at__isnull=True) | Q(ends_at__gt=now), lifted_at__isnull=True)


def require_not_suspended(user) -> None:
    """Refuse a suspended user. On every move: active_suspensions' rule read
    in Python, as building its OR in the ORM cost more than the query."""
    now = timezone.now()
    ends = PlayerSuspension.objects.filter(user=user, lifted_at__isnull=True).values_list("ends_at", flat=True)
    if any(end is None or end > now for end in ends):
        raise NotAllowed("suspended")


def _user(user_id: int):
    try:
        return get_user_model().objects.get(pk=user_id)
    except get_user_model().DoesNotExist:
        raise GameNotFound("no_such_user") from None


def player_suspend(
    *, user_id: int, moderator, reason: str, private: bool = False, days: int | None = None
) -> PlayerSuspension:
    """Suspend a user, for `days` or (None) until lifted."""
    require_moderator(moderator, action="suspend")
    reason = checked_reason(reason)
    if days is not None and not 1 <= days <= MAX_DAYS:
        raise InvalidSettings("suspension_days_out_of_range", limit=MAX_DAYS)
    with transaction.atomic():
        user = _user(user_id)
        if user.pk == moderator.pk:
            raise NotAllowed("suspend_self")
        if active_suspensions().filter(user=user).exists():
            raise InvalidSettings("already_suspended", player=user.username)
        ends_at = timezone.now() + timedelta(days=days) if days else None
        suspension = PlayerSuspension.objects.create(user=user, ends_at=ends_at)
        audit(
            moderator=moderator,
            kind=ModerationAction.Kind.SUSPEND,
            reason=reason,
            private=private,
            target_user=user,
            changes={"suspension": suspension.pk, "days": days},
        )
        return suspension


def player_unsuspend(*, user_id: int, moderator, reason: str, private: bool = False) -> int:
    """Lift a user's suspensions; how many were lifted."""
    require_moderator(moderator, action="suspend")
    reason = checked_reason(reason)
    with transaction.atomic():
        user = _user(user_id)
        lifted = active_suspensions().filter(user=user).update(lifted_at=timezone.now())
        if not lifted:
            raise InvalidSettings("not_suspended", player=user.username)
        audit(
            moderator=moderator,
            kind=ModerationAction.Kind.UNSUSPEND,
            reason=reason,
            private=private,
            target_user=user,
            changes={"lifted": lifted},
        )
        return lifted
