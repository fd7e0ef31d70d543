"""Thin Celery wrappers: the work and its rules live in the mail package, the services and the e-mail door."""

import logging

from celery import shared_task
from django.db import OperationalError
from django.utils import timezone

from accounts import api_tokens
from games import services
from games.errors import GameError
from games.inbound import retention
from games.mail import dispatch, outbox, push_owed, tokens
from games.mail import push_send as push_send_module
from games.models import Game, ResignationProposal
from games.services.bot_wake import BOT_MOVE

log = logging.getLogger(__name__)


@shared_task(name=dispatch.SEND_DUE, ignore_result=True)
def send_due(game_id: int, version: int) -> list[str]:
    """The e-mails a change to a game made due at once."""
    return outbox.deliver_due_for(game_id=game_id, version=version)


@shared_task(name=push_owed.SEND, ignore_result=True)
def push_send() -> dict:
    """The pushes a change made due, once it committed."""
    return dict(push_send_module.send_due())


@shared_task(name="games.push_sweep", ignore_result=True)
def push_sweep() -> dict:
    """Every minute: reminders' pushes, retries, and what a dead worker left."""
    return dict(push_send_module.send_due())


@shared_task(name="games.leagues_tick", ignore_result=True)
def leagues_tick() -> dict:
    """Hourly: start the league seasons whose day has come, end those that are over."""
    return services.leagues_tick()


# A database that did not answer is tried again (else the bot would wait for the
# deadline sweep, days later, to ask it again).
@shared_task(name=BOT_MOVE, ignore_result=True, autoretry_for=(OperationalError,), retry_backoff=2, max_retries=6)
def bot_move(game_id: int, version: int) -> str | None:
    """A bot's move in the game at `version` (queued by services.bot_wake).
    Run twice, or late, it moves at most once: the move is entered against
    that version, and a game that moved on refuses it as stale."""
    try:
        move = services.bot_turn(game_id=game_id, version=version)
    except GameError as exc:
        log.info("game %s, version %s: the bot's move was refused: %s", game_id, version, exc.code)
        return None
    return move and move.text


@shared_task(name="games.outbox_sweep", ignore_result=True)
def outbox_sweep() -> dict:
    return outbox.sweep()


def due_game_ids(now=None) -> list[int]:
    """Active games with a passed deadline, the most overdue first."""
    return list(Game.objects.due(now or timezone.now()).values_list("pk", flat=True))


def due_resignation_game_ids(now) -> list[int]:
    """Games with a resignation proposal whose banner changes with time alone by `now`."""
    due = ResignationProposal.objects.filter(status=ResignationProposal.Status.OPEN, changes_at__lte=now)
    return list(due.values_list("game_id", flat=True).distinct())


@shared_task(name="games.enforce_deadlines", ignore_result=True)
def enforce_deadlines() -> int:
    """Record what every passed deadline means, and bump the revision of each
    game whose table changed with time alone (so that no cached page outlives
    it). Safe to run twice, late, or while players move: each game is settled
    under its own row lock."""
    enforced = 0
    for game_id in due_game_ids():
        try:
            enforced += len(services.deadline_enforce(game_id=game_id))
        except GameError as exc:  # e.g. the game was aborted meanwhile
            log.info("game %s: %s", game_id, exc)
    for game_id in due_resignation_game_ids(timezone.now()):
        services.resignations_time_passed(game_id=game_id)
    return enforced


@shared_task(name="games.cancel_stale_games", ignore_result=True)
def cancel_stale_games() -> int:
    """Cancel the forming games nobody filled in time (hourly). Safe to run
    twice or beside a join: each game is re-checked under its own row lock."""
    stale = Game.objects.stale_forming(timezone.now()).values_list("pk", flat=True)
    return sum(services.game_cancel_unfilled(game_id=game_id) for game_id in list(stale))


@shared_task(name="games.outbox_prune", ignore_result=True)
def outbox_prune() -> int:
    """Daily: sent and skipped e-mails past their retention period."""
    return outbox.prune()


@shared_task(name="games.api_prune", ignore_result=True)
def api_prune() -> int:
    """Daily: the API's Idempotency-Key answers past a day."""
    return api_tokens.answers_prune()


@shared_task(name="games.inbound_prune", ignore_result=True)
def inbound_prune() -> int:
    """Daily: handled replies and dead reply addresses past their retention period."""
    return retention.prune() + tokens.prune()
