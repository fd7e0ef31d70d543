"""When something is due. Deadlines are stored, not scheduled: the turn's
and each seat's draw window, and the game's next_deadline (the earliest of
them, and of the moments its table changes with time alone), which the
periodic sweep finds with Game.objects.due() on a partial index.
What a passed deadline means is timeouts.py. The turn's deadline is the
clock module's answer (games/game_clock.py): the mover's allowance counted
from the turn's start in the mover's time zone; a draw window is wall time.

A time bank is charged when its seat's turn ends (a move, or a missed turn,
which spends all of it), then gets its increment, capped."""

from datetime import datetime, timedelta

from accounts.vacation import not_over
from games.clock import day_start
from games.engine import State
from games.game_clock import clock_settings, seat_bank, seat_zone, time_left, turn_clock
from games.mail import notify
from games.models import Game, Seat


def deadlines_start(*, game: Game, seats: list[Seat], now: datetime) -> None:
    """The first turn's clock (no draw window is open yet), and every seat's starting bank."""
    bank = clock_settings(game).starting_bank()
    if bank is not None:
        for seat in seats:
            seat.bank_seconds = int(bank.total_seconds())
        Seat.objects.filter(pk__in=[seat.pk for seat in seats]).update(bank_seconds=seats[0].bank_seconds)
    turn_start(game=game, seat=seats[game.turn_position], now=now)
    game.next_deadline = next_deadline(game, seats, now)


def turn_start(*, game: Game, seat: Seat, now: datetime, allowance: timedelta | None = None) -> None:
    """Start `seat`'s turn clock at `now`, with the clock's allowance for its
    bank, or `allowance` (what a paused turn had left)."""
    if allowance is None:
        allowance = clock_settings(game).allowance(seat_bank(seat))
    game.turn_started_at, game.turn_allowance_seconds = now, int(allowance.total_seconds())
    game.turn_deadline = turn_clock(game, seat).deadline()


def turn_extend(*, game: Game, seat: Seat, more: timedelta) -> None:
    """More time for the running turn, on the mover's clock (so it may skip a weekend too)."""
    game.turn_allowance_seconds += int(more.total_seconds())
    game.turn_deadline = turn_clock(game, seat).deadline()


def turn_left(*, game: Game, seat: Seat, now: datetime) -> timedelta | None:
    """What the running turn has left at `now` on the mover's clock (None: no turn runs)."""
    clock = turn_clock(game, seat)
    return None if clock is None else clock.left(now)


def deadlines_update(*, game: Game, seats: list[Seat], old: State, new: State, now: datetime) -> None:
    """After an input took the game from `old` to `new`: a new turn gets a
    full clock, an opened draw window its own, a taken or lost one none."""
    if new.result is not None:
        game.turn_deadline = game.turn_started_at = game.turn_allowance_seconds = None
        for seat in seats:
            seat.draw_deadline = None
    else:
        if new.turn_no != old.turn_no or game.turn_deadline is None:
            if new.turn_no != old.turn_no:
                _turn_end(game=game, seat=seats[old.turn], now=now)
            turn_start(game=game, seat=seats[new.turn], now=now)
        for seat in seats:
            if new.pending[seat.position] is None:
                seat.draw_deadline = None
            elif old.pending[seat.position] is None:
                seat.draw_deadline = now + timedelta(seconds=game.draw_window_seconds)
    game.next_deadline = next_deadline(game, seats, now)


def _turn_end(*, game: Game, seat: Seat, now: datetime) -> None:
    clock = turn_clock(game, seat)
    if clock is not None and seat.bank_seconds is not None:
        seat.bank_seconds = int(clock.bank_after_move(now).total_seconds())


def next_deadline(game: Game, seats: list[Seat], now: datetime) -> datetime | None:
    """What the sweep looks for: the earliest of the turn's and the seats' draw
    deadlines, and of the moments after `now` when the table shows something
    new with time alone (`shown_changes`), at which the sweep bumps the
    game's revision (so no page cached by the revision outlives them)."""
    deadlines = (game.turn_deadline, *(seat.draw_deadline for seat in seats))
    return min((d for d in (*deadlines, *shown_changes(game, seats, now)) if d), default=None)


def shown_changes(game: Game, seats: list[Seat], now: datetime) -> list[datetime]:
    """The moments after `now` when a running game's table changes with no
    change to the game: a seat's vacation starts or ends (its note beside the
    seat), a draw window's last day begins in its player's zone (the alert
    drops the day), and the seat to play, out of time, comes to have less
    left than another player (who may then vote to skip it). A moment too
    many costs one bump; a moment missed, a page as old as the cache keeps it."""
    if game.turn_deadline is None:  # no clock runs (over, paused, stopped): nothing moves with time
        return []
    moments = []
    if game.vacation_allowed:  # the seats show vacations only then (viewmodels.seats)
        for starts, ends in not_over([seat.user for seat in seats], now).values():
            moments += [starts, ends]
    moments += [day_start(s.draw_deadline, seat_zone(s)) for s in seats if s.draw_deadline]
    absent = seats[game.turn_position]
    clock = turn_clock(game, absent) if absent.missed_turns else None
    if clock is not None:  # games.voting.skip_voters, as time passes
        moments += [clock.below(time_left(game, s, now)) for s in seats if s.person and s.pk != absent.pk]
    return [moment for moment in moments if moment and moment > now]


def deadlines_stop(*, game: Game) -> None:
    """Nothing is due any more in this game (the caller saves the game's fields)."""
    game.turn_deadline = game.next_deadline = None
    Seat.objects.filter(game=game).update(draw_deadline=None)


def clocks_stop(*, game: Game, seats: list[Seat], now: datetime) -> dict:
    """Stop every clock of the game (a pause): nothing is due any more. The
    answer is what each clock had left, for `clocks_restart` (the caller
    stores it, and saves the game's fields)."""

    def left(deadline):
        return None if deadline is None else max((deadline - now).total_seconds(), 0)

    running = turn_left(game=game, seat=seats[game.turn_position], now=now)
    stopped = {
        "turn_left": None if running is None else running.total_seconds(),
        "draw_left": {str(s.position): left(s.draw_deadline) for s in seats if s.draw_deadline},
        "deadlines": [d.isoformat() for d in (game.turn_deadline, *(s.draw_deadline for s in seats)) if d],
    }
    deadlines_stop(game=game)
    return stopped


def clocks_restart(*, game: Game, seats: list[Seat], stopped: dict, now: datetime) -> None:
    """Start the clocks again with what each had left when `clocks_stop`
    answered `stopped`; the e-mails waiting for a deadline follow it."""

    def restored(seconds):
        return None if seconds is None else now + timedelta(seconds=seconds)

    if stopped["turn_left"] is not None:
        allowance = timedelta(seconds=stopped["turn_left"])
        turn_start(game=game, seat=seats[game.turn_position], now=now, allowance=allowance)
    for seat in seats:
        seat.draw_deadline = restored(stopped["draw_left"].get(str(seat.position)))
    Seat.objects.bulk_update(seats, ["draw_deadline"])
    # The stopped deadlines, in the order they were listed: the turn's, then the draws'.
    before = [datetime.fromisoformat(d) for d in stopped["deadlines"]]
    after = [d for d in (game.turn_deadline, *(s.draw_deadline for s in seats)) if d]
    notify.emails_follow(game, dict(zip(before, after, strict=True)), resumed=True)
    game.next_deadline = next_deadline(game, seats, now)
