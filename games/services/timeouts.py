"""What a passed deadline means: a lost draw, then a skipped turn (or,
after too many in a row, a conceded game or a bot in the seat), recorded by
the system door. A bot is never timed out: its passed deadline means its
move was lost on the way, and it is asked again.
When deadlines fall is deadlines.py; the sweep that calls this is a task."""

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games import engine, events
from games.mail import notify
from games.models import Game, Move
from games.services._common import revised_game, seats_of
from games.services.absence import seat_open
from games.services.bot_wake import bots_wake
from games.services.bots import seat_to_bot
from games.services.deadlines import next_deadline, turn_extend
from games.services.moves import record_input
from games.services.vacations import A_DAY, vacation_day_spent


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
            if seat.is_bot:  # never timed out: its move was lost on the way, and it is asked again
                bots_wake(game=game, seats=seats, state=state)
            elif _auto_vacation(game, seats, seat, now):
                pass
            else:
                recorded.append(turn_miss(game=game, seats=seats, state=state, now=now))
        elif any(seat.is_bot and seat.draw_deadline and seat.draw_deadline <= now for seat in seats):
            bots_wake(game=game, seats=seats, state=state)
        # What came due may have been a moment only shown (deadlines.shown_changes):
        # the bump above was all it needed, and the game is due again at the next.
        if game.status == Game.Status.ACTIVE and (due := next_deadline(game, seats, now)) != game.next_deadline:
            game.next_deadline = due
            Game.objects.filter(pk=game_id).update(next_deadline=due)
        events.to_webhooks(game_id)
    return recorded


def turn_miss(*, game: Game, seats: list, state: engine.State, now: datetime) -> Move:
    """The seat to play misses its turn (its time ran out, or the others voted
    to skip it): skipped, or by the game's policy, after `concede_after` in a
    row, conceded, offered to anyone, or handed to a bot."""
    seat = seats[state.turn]
    seat.missed_turns += 1
    policy = game.missed_turn_policy
    concede = policy == Game.MissedTurnPolicy.CONCEDE and seat.missed_turns >= game.concede_after
    move = record_input(
        game=game,
        seats=seats,
        state=state,
        position=seat.position,
        text="resign" if concede else "skip",
        actor=Move.Actor.SYSTEM,
        door=Move.Door.SYSTEM,
        user=None,
        now=now,
    ).move
    if _opens(game, seat):
        seat_open(game=game, seat=seat, now=now)
    if policy == Game.MissedTurnPolicy.BOT and seat.missed_turns >= game.concede_after:
        seat_to_bot(game=game, seats=seats, seat=seat)
    return move


def _opens(game: Game, seat) -> bool:
    """The open-seat policy: after `concede_after` missed turns in a row the seat is offered."""
    return (
        game.missed_turn_policy == Game.MissedTurnPolicy.OPEN_SEAT
        and seat.missed_turns >= game.concede_after
        and seat.open_since is None
        and seat.user_id is not None
        and game.status == Game.Status.ACTIVE
    )


def _auto_vacation(game: Game, seats: list, seat, now: datetime) -> bool:
    """A player who opted in, in a game that allows vacation, has a day of
    their vacation spent instead of a missed turn: the turn gets a day more
    on their clock, and they are told."""
    user = seat.user
    if user is None or not user.vacation_auto or not game.vacation_allowed:
        return False
    if not vacation_day_spent(user=user, now=now):
        return False
    old = game.turn_deadline
    turn_extend(game=game, seat=seat, more=A_DAY)
    game.next_deadline = next_deadline(game, seats, now)
    game.save(update_fields=["turn_deadline", "turn_allowance_seconds", "next_deadline"])
    notify.emails_follow(game, {old: game.turn_deadline})
    notify.vacation_day_spent(game=game, user=user, now=now)
    return True
