"""What every moderator action shares: who may take it, the reason it
needs, and the audit row (with the players' e-mails) it leaves, written in
the action's own transaction (`moderator_action`)."""

from collections.abc import Iterable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from games import inputs, refusals
from games.mail import notify
from games.models import Game, ModerationAction
from games.moderators import is_moderator
from games.services._common import changing

REASON_MAX_LENGTH = 2000


def require_moderator(user, *, action: str) -> None:
    """Superusers, and staff in the Moderators group (or given the permission)."""
    if not is_moderator(user):
        raise refusals.MODERATORS_ONLY(action=action)


def checked_reason(reason: str) -> str:
    if inputs.has_control_characters(reason.replace("\n", "").replace("\r", "").replace("\t", "")):
        raise refusals.REASON_CONTROL_CHARACTER()
    reason = reason.strip()
    if not reason:
        raise refusals.REASON_MISSING()
    if len(reason) > REASON_MAX_LENGTH:
        raise refusals.REASON_TOO_LONG(limit=REASON_MAX_LENGTH)
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
        notify.moderated(game=game, number=number, tell=tell, now=timezone.now())
    return action


@dataclass
class Note:
    """What an action leaves in its audit row besides its kind and reason: the
    action fills it in as it goes."""

    changes: dict = field(default_factory=dict)
    target_user: object = None
    tell: list = field(default_factory=list)  # the users e-mailed about it


@contextmanager
def moderator_action(
    *,
    moderator,
    action: str,
    kind: str,
    reason: str,
    private: bool,
    game_id: int | None = None,
    statuses: Iterable[str] = (),
) -> Iterator[tuple[Game | None, Note]]:
    """A moderator's action (`action`, a code of refusal_text.MODERATOR_ACTIONS):
    refused to anyone else and without a reason; then, in one transaction, on
    the game changing (when it is about one, refused unless in `statuses`),
    the action's own work and its audit row."""
    require_moderator(moderator, action=action)
    reason = checked_reason(reason)
    note = Note()
    on_game = changing(game_id, action=action, statuses=statuses) if game_id is not None else nullcontext()
    with transaction.atomic(), on_game as game:
        yield game, note
        audit(
            moderator=moderator,
            kind=kind,
            reason=reason,
            private=private,
            game=game,
            target_user=note.target_user,
            changes=note.changes,
            tell=note.tell,
        )
