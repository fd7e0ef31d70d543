"""Who may vote at a table (games/services/votes.py casts the votes, and
games/viewmodels/votes.py shows them): the players still in the game, and,
to skip the seat to play, those of them with more time left than it."""

from datetime import datetime

from games import engine
from games.game_clock import time_left


def active_voters(state: engine.State, seats: list) -> list:
    """The seats of players still in the game (their team has not resigned),
    and at the table: not a seat a bot plays."""
    return [seat for seat in seats if seat.person and not state.resigned[seat.position % state.teams]]


def skip_voters(game, state: engine.State, seats: list, now: datetime) -> list:
    """Who may vote to skip the seat to play: the other active players with more time left than it."""
    absent = seats[state.turn]
    left = time_left(game, absent, now)
    return [s for s in active_voters(state, seats) if s.pk != absent.pk and time_left(game, s, now) > left]
