"""What a passed deadline means: a lost draw, then a skipped turn (or,
after too many in a row, a conceded game or a bot in the seat), recorded by
the system door. A bot is never timed out: its passed deadline means its
move was lost on the way, and it is asked again.
When deadlines fall is deadlines.py; the sweep that calls this is a task."""

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games import engine
from games.models import Game, Move
from games.services._common import revised_game, seats_of
from games.services.bot_wake import bots_wake
from games.services.bots import seat_to_bot
from games.services.moves import record_input


def deadline_enforce(*, game_id: int, now: datetime | None = None) -> list[Move]:
    """Record what the game's passed deadlines mean. Idempotent: deadlines
    that a player beat, or that a previous run already enforced, are no
    longer due, and a game that is not due (or not there) gives []."""
    now = now or timezone.now()
    recorded = []
    with transaction.atomic():
        # Locked only if due: a move that got the lock first moved the deadline on.
        if not Game.objects.due(now).select_for_update().filter(pk=game_id).exists():
            return recorded
        game = revised_game(game_id)
        seats = seats_of(game)
        state = engine.state_from_json(game.state)

        def record(seat, text, state):
            return record_input(
                game=game,
                seats=seats,
                state=state,
                position=seat.position,
                text=text,
                actor=Move.Actor.SYSTEM,
                door=Move.Door.SYSTEM,
                user=None,
                now=now,
            )

        for seat in seats:
            if seat.is_bot:
                continue
            if seat.draw_deadline and seat.draw_deadline <= now and state.pending[seat.position] is not None:
                result = record(seat, "lost", state)
                state = result.state
                recorded.append(result.move)
        if game.status == Game.Status.ACTIVE and game.turn_deadline and game.turn_deadline <= now:
            seat = seats[state.turn]
            if seat.is_bot:
                bots_wake(game=game, seats=seats, state=state)
                return recorded
            seat.missed_turns += 1
            policy, out = game.missed_turn_policy, seat.missed_turns >= game.concede_after
            concede = policy == Game.MissedTurnPolicy.CONCEDE and out
            recorded.append(record(seat, "resign" if concede else "skip", state).move)
            if policy == Game.MissedTurnPolicy.BOT and out:
                seat_to_bot(game=game, seats=seats, seat=seat)
        elif any(seat.is_bot and seat.draw_deadline and seat.draw_deadline <= now for seat in seats):
            bots_wake(game=game, seats=seats, state=state)
    return recorded
