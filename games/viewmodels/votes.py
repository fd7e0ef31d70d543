"""The votes a player may cast at their table (games/services/votes.py):
how many voted to pause, whether the seat to play may be voted out of its
turn and by whom, and whether the players' own pause may be ended."""

from dataclasses import dataclass
from datetime import datetime

from games import engine
from games.models import Game, Seat, Vote
from games.voting import active_voters, skip_voters


@dataclass(frozen=True)
class VoteBox:
    pause_votes: int
    pause_needed: int
    voted_pause: bool
    absent: str | None  # the seat to play, out of time: its player's name
    skip_votes: int
    skip_needed: int
    may_skip: bool
    voted_skip: bool
    paused_by_players: bool


def vote_box(*, game: Game, seats: list[Seat], my_seat: Seat | None, now: datetime, votes_cast: int) -> VoteBox | None:
    """What this player may vote on (None: a spectator, or nothing to vote on).
    `votes_cast`: how many votes were cast since the game's last move (the
    page counts them: games.table_extras); none, no query for them."""
    if my_seat is None or game.state is None:
        return None
    if game.status == Game.Status.PAUSED:  # the players may resume their own pause, not a moderator's
        if not game.paused_by_players:
            return None
        return VoteBox(0, 0, False, None, 0, 0, False, False, paused_by_players=True)
    if game.status != Game.Status.ACTIVE:
        return None
    state = engine.state_from_json(game.state)
    voters = active_voters(state, seats)
    if not any(seat.pk == my_seat.pk for seat in voters):
        return None
    votes = (
        list(Vote.objects.filter(game=game, version=game.version).values_list("kind", "voter_id")) if votes_cast else []
    )
    pauses = {voter for kind, voter in votes if kind == Vote.Kind.PAUSE}
    skips = {voter for kind, voter in votes if kind == Vote.Kind.SKIP}
    absent = seats[state.turn]
    out = absent.missed_turns > 0 and absent.pk != my_seat.pk
    eligible = skip_voters(game, state, seats, now) if out else []
    return VoteBox(
        pause_votes=len(pauses),
        pause_needed=len(voters),
        voted_pause=my_seat.user_id in pauses,
        absent=absent.name if out else None,
        skip_votes=len(skips),
        skip_needed=len(eligible),
        may_skip=any(seat.pk == my_seat.pk for seat in eligible),
        voted_skip=my_seat.user_id in skips,
        paused_by_players=False,
    )
