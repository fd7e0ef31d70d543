"""When something is due. Deadlines are stored, not scheduled: the turn's
and each seat's draw window, and the game's next_deadline (the earliest of
them), which the periodic sweep finds with Game.objects.due() on a partial index.
What a passed deadline means is timeouts.py."""

from datetime import datetime, timedelta

from games.engine import State
from games.models import Game, Seat


def deadlines_start(*, game: Game, now: datetime) -> None:
    """The first turn's clock (no draw window is open yet)."""
    game.turn_deadline = game.next_deadline = now + timedelta(seconds=game.turn_seconds)


def deadlines_update(*, game: Game, seats: list[Seat], old: State, new: State, now: datetime) -> None:
    """After an input took the game from `old` to `new`: a new turn gets a
    full clock, an opened draw window its own, a taken or lost one none."""
    if new.result is not None:
        game.turn_deadline = None
        for seat in seats:
            seat.draw_deadline = None
    else:
        if new.turn_no != old.turn_no or game.turn_deadline is None:
            game.turn_deadline = now + timedelta(seconds=game.turn_seconds)
        for seat in seats:
            if new.pending[seat.position] is None:
                seat.draw_deadline = None
            elif old.pending[seat.position] is None:
                seat.draw_deadline = now + timedelta(seconds=game.draw_window_seconds)
    game.next_deadline = next_deadline(game, seats)


def next_deadline(game: Game, seats: list[Seat]) -> datetime | None:
    """The earliest of the turn's and the seats' draw deadlines: what the sweep looks for."""
    return min((d for d in (game.turn_deadline, *(seat.draw_deadline for seat in seats)) if d), default=None)


def deadlines_stop(*, game: Game) -> None:
    """Nothing is due any more in this game (the caller saves the game's fields)."""
    game.turn_deadline = game.next_deadline = None
    Seat.objects.filter(game=game).update(draw_deadline=None)
