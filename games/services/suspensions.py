"""Barring a user from play: a suspended user cannot create, join or move
in a game, nor chat. Their seats stay; the game's missed-turn policy deals
with the turns they miss."""

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone

from games import refusals
from games.models import ModerationAction, PlayerSuspension
from games.services.audit import moderator_action
from games.services.resignations import player_may_answer_changed
from games.suspension_rule import active_suspensions

MAX_DAYS = 3650


def _user(user_id: int):
    try:
        return get_user_model().objects.get(pk=user_id)
    except get_user_model().DoesNotExist:
        raise refusals.NO_SUCH_USER() from None


def player_suspend(
    *, user_id: int, moderator, reason: str, private: bool = False, days: int | None = None
) -> PlayerSuspension:
    """Suspend a user, for `days` or (None) until lifted."""
    with moderator_action(
        moderator=moderator, action="suspend", kind=ModerationAction.Kind.SUSPEND, reason=reason, private=private
    ) as (_, note):
        if days is not None and not 1 <= days <= MAX_DAYS:
            raise refusals.SUSPENSION_DAYS_OUT_OF_RANGE(limit=MAX_DAYS)
        user = _user(user_id)
        if user.pk == moderator.pk:
            raise refusals.SUSPEND_SELF()
        if active_suspensions().filter(user=user).exists():
            raise refusals.ALREADY_SUSPENDED(player=user.username)
        now = timezone.now()
        suspension = PlayerSuspension.objects.create(user=user, ends_at=now + timedelta(days=days) if days else None)
        player_may_answer_changed(user=user, now=now)
        note.target_user = user
        note.changes = {"suspension": suspension.pk, "days": days}
        return suspension


def player_unsuspend(*, user_id: int, moderator, reason: str, private: bool = False) -> int:
    """Lift a user's suspensions; how many were lifted."""
    with moderator_action(
        moderator=moderator, action="suspend", kind=ModerationAction.Kind.UNSUSPEND, reason=reason, private=private
    ) as (_, note):
        user = _user(user_id)
        now = timezone.now()
        lifted = active_suspensions(now).filter(user=user).update(lifted_at=now)
        if not lifted:
            raise refusals.NOT_SUSPENDED(player=user.username)
        player_may_answer_changed(user=user, now=now)
        note.target_user = user
        note.changes = {"lifted": lifted}
        return lifted
