"""When a bot has something to do (its turn, its open draw, a penalty card
to give up), its move is queued once the change that made it due commits.
The move itself is games.services.bots.bot_turn, run by the task
games.bot_move after BOT_MOVE_DELAY_SECONDS; queued by name so that services
never import the tasks module (which imports them)."""

from celery import signature
from django.conf import settings
from django.db import transaction

from games import engine
from games.models import Game, Seat

BOT_MOVE = "games.bot_move"


def bot_to_act(state: engine.State, seats: list[Seat]) -> int | None:
    """The position of a bot with a move to make now: one with something to
    do between turns (a draw, a penalty) first, then the bot whose turn it is."""
    if state.result is not None:
        return None
    waiting = [seat.position for seat in seats if seat.is_bot and _has_a_move(state, seat.position)]
    off_turn = [position for position in waiting if position != state.turn]
    return (off_turn or waiting or [None])[0]


def _has_a_move(state: engine.State, position: int) -> bool:
    return any(move != "resign" for move in engine.legal_moves(state, position))


def bots_wake(*, game: Game, seats: list[Seat], state: engine.State) -> None:
    """Queue the bots' next move, on commit, if one of them has a move in `state`
    (the game's at its version now). A move queued twice is made once: the
    task names the version it is for."""
    if game.status != Game.Status.ACTIVE or bot_to_act(state, seats) is None:
        return
    game_id, version = game.pk, game.version
    transaction.on_commit(
        lambda: signature(BOT_MOVE, args=(game_id, version)).apply_async(countdown=settings.BOT_MOVE_DELAY_SECONDS),
        robust=True,
    )
