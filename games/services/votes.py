"""Votes at a stalled table, by its players, through `changing`: to pause
the game (it pauses once every active player voted for it; any of them may
resume it), and to skip the seat to play now when it is out of time (it has
missed a turn and not come back): only players with more time left than it
may vote, and it is skipped once all of them did. A vote is for the game as
it stands: a move (its version) makes the votes before it void."""

from django.utils import timezone

from games import engine, refusals
from games.models import Game, Vote
from games.services._common import changing, seats_of
from games.services.bot_wake import bots_wake
from games.services.deadlines import clocks_restart, clocks_stop
from games.services.timeouts import turn_miss
from games.voting import active_voters, skip_voters


def _cast(game: Game, kind: str, user) -> set[int]:
    """Record the vote (once) and answer who has voted so far."""
    votes = Vote.objects.filter(game=game, version=game.version, kind=kind)
    if votes.filter(voter=user).exists():
        raise refusals.VOTE_ALREADY_CAST()
    Vote.objects.create(game=game, version=game.version, kind=kind, voter=user)
    return set(votes.values_list("voter_id", flat=True))


def vote_pause(*, game_id: int, user) -> bool:
    """A vote to pause; True once it paused the game (every active player agreed)."""
    with changing(game_id, action="vote", statuses=(Game.Status.ACTIVE,)) as game:
        seats, state = seats_of(game), engine.state_from_json(game.state)
        voters = active_voters(state, seats)
        if not any(seat.user_id == user.pk for seat in voters):
            raise refusals.NOT_A_PLAYER()
        if not {seat.user_id for seat in voters} <= _cast(game, Vote.Kind.PAUSE, user):
            return False
        game.paused_clocks = clocks_stop(game=game, seats=seats, now=timezone.now())
        game.status = Game.Status.PAUSED
        game.save(update_fields=["status", "turn_deadline", "next_deadline", "paused_clocks"])
        return True


def vote_resume(*, game_id: int, user) -> None:
    """Any player of a game its players paused starts its clocks again."""
    with changing(game_id, action="resume", statuses=(Game.Status.PAUSED,)) as game:
        seats = seats_of(game)
        if not any(seat.user_id == user.pk for seat in seats):
            raise refusals.NOT_A_PLAYER()
        if game.paused_clocks is None:
            raise refusals.PAUSED_BY_A_MODERATOR()
        clocks_restart(game=game, seats=seats, stopped=game.paused_clocks, now=timezone.now())
        game.paused_clocks, game.status = None, Game.Status.ACTIVE
        fields = ["status", "turn_deadline", "turn_started_at", "turn_allowance_seconds", "next_deadline"]
        game.save(update_fields=[*fields, "paused_clocks"])
        bots_wake(game=game, seats=seats, state=engine.state_from_json(game.state))


def vote_skip(*, game_id: int, user) -> bool:
    """A vote to skip the seat to play now; True once it was skipped."""
    with changing(game_id, action="vote", statuses=(Game.Status.ACTIVE,)) as game:
        seats, state = seats_of(game), engine.state_from_json(game.state)
        absent, now = seats[state.turn], timezone.now()
        if not any(seat.user_id == user.pk for seat in active_voters(state, seats)):
            raise refusals.NOT_A_PLAYER()
        if absent.user_id == user.pk:
            raise refusals.SKIP_YOURSELF()
        if absent.missed_turns == 0:
            raise refusals.SKIP_NOT_OUT_OF_TIME(player=absent.name)
        voters = skip_voters(game, state, seats, now)
        if not any(seat.user_id == user.pk for seat in voters):
            raise refusals.SKIP_LESS_TIME(player=absent.name)
        if not {seat.user_id for seat in voters} <= _cast(game, Vote.Kind.SKIP, user):
            return False
        turn_miss(game=game, seats=seats, state=state, now=now)
        return True
