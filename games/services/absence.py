"""A seat whose player is gone (the open-seat policy): after too many missed
turns in a row it is offered in the lobby for anyone to take over, hand and
all; its player is told, and keeps it by coming back before anyone takes it.
The seat opens inside the deadline sweep's change (timeouts.py); taking it
over, or keeping it, is a change of its own through `changing`."""

from datetime import datetime

from django.utils import timezone

from games import refusals
from games.mail import notify
from games.models import Game, Seat
from games.services._common import changing, seats_of
from games.services.deadlines import next_deadline, turn_start
from games.suspension_rule import require_not_suspended


def seat_open(*, game: Game, seat: Seat, now: datetime) -> None:
    """Offer `seat` of the locked `game` to anyone, and tell its player."""
    seat.open_since = now
    Seat.objects.filter(pk=seat.pk).update(open_since=now)
    notify.seat_opened(game=game, user=seat.user, now=now)


def seat_take_over(*, game_id: int, user, position: int) -> Seat:
    """`user` takes over the open seat at `position`: its hand, its team and
    its place; a turn of that seat starts again on the newcomer's clock."""
    require_not_suspended(user)
    with changing(game_id, action="take_over", statuses=(Game.Status.ACTIVE,)) as game:
        seats = seats_of(game)
        if not 0 <= position < len(seats) or seats[position].open_since is None:
            raise refusals.SEAT_NOT_OPEN(seat=position + 1)
        if any(seat.user_id == user.pk for seat in seats):
            raise refusals.ALREADY_SEATED()
        seat = seats[position]
        leaving = seat.user
        seat.user, seat.name, seat.missed_turns, seat.last_seen_at, seat.open_since = user, user.username, 0, None, None
        seat.save(update_fields=["user", "name", "missed_turns", "last_seen_at", "open_since"])
        now = timezone.now()
        if game.turn_position == position and game.turn_deadline is not None:
            turn_start(game=game, seat=seat, now=now)
            game.next_deadline = next_deadline(game, seats, now)
            game.save(update_fields=["turn_deadline", "turn_started_at", "turn_allowance_seconds", "next_deadline"])
        notify.seat_taken_over(game=game, seats=seats, position=position, leaving=leaving, now=now)
        return seat


def seat_keep(*, game_id: int, user) -> Seat:
    """The player of an open seat is back: it is no longer offered."""
    with changing(game_id, action="keep_seat", statuses=(Game.Status.ACTIVE,)) as game:
        seat = next((s for s in seats_of(game) if s.user_id == user.pk), None)
        if seat is None:
            raise refusals.NO_SEAT()
        if seat.open_since is None:
            raise refusals.SEAT_NOT_OPEN(seat=seat.position + 1)
        seat.open_since, seat.missed_turns = None, 0
        seat.save(update_fields=["open_since", "missed_turns"])
        return seat
