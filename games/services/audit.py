"""What every moderator action shares: who may take it, the reason it
needs, and the audit row (with the players' e-mails) it leaves, written in
the action's own transaction."""

from django.db.models import F, Max
from django.utils import timezone

from games import inputs
from games.errors import InvalidSettings, NotAllowed
from games.models import Game, ModerationAction, Notification
from games.outbox import owed, save_all

MODERATE = "games.moderate"
REASON_MAX_LENGTH = 2000


def require_moderator(user, *, action: str) -> None:
    """Superusers, and staff in the Moderators group (or given the permission)."""
    if not (user.is_active and user.is_staff and user.has_perm(MODERATE)):
        raise NotAllowed("moderators_only", action=action)


def checked_reason(reason: str) -> str:
    if inputs.has_control_characters(reason.replace("\n", "").replace("\r", "").replace("\t", "")):
        raise InvalidSettings("reason_control_character")
    reason = reason.strip()
    if not reason:
        raise InvalidSettings("reason_missing")
    if len(reason) > REASON_MAX_LENGTH:
        raise InvalidSettings("reason_too_long", limit=REASON_MAX_LENGTH)
    return reason


def audit(
    *,
    moderator,
    kind: str,
    reason: str,
    private: bool = False,
    game: Game | None = None,
    target_user=None,
    changes: dict | None = None,
    tell=(),
) -> ModerationAction:
    """The audit row of an action, numbered in its game (whose row the
    caller holds locked), and an e-mail about it to each user in `tell`."""
    number = None
    if game is not None:
        number = (ModerationAction.objects.filter(game=game).aggregate(last=Max("number"))["last"] or 0) + 1
    action = ModerationAction.objects.create(
        moderator=moderator,
        kind=kind,
        game=game,
        number=number,
        target_user=target_user,
        reason=reason,
        reason_private=private,
        changes=changes or {},
    )
    if game is not None:
        chat_changed(game.pk)  # the table shows the action among its moderator notes
        now = timezone.now()
        kind_ = Notification.Kind.MODERATION
        rows = [
            owed(kind=kind_, game=game, version=game.version, user=user, variant=number, now=now)
            for user in {user.pk: user for user in tell if user is not None}.values()
        ]
        save_all(rows, game=game, version=game.version)
    return action


def chat_changed(game_id: int) -> None:
    """The chat or the moderator notes under a table changed: their cached copies are out of date."""
    Game.objects.filter(pk=game_id).update(chat_version=F("chat_version") + 1)
