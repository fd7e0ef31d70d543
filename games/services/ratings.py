"""Rating a finished game, in the transaction that finishes it (the
recorder calls `rate_finished`), and rebuilding every rating from the
games, in the order they finished: both take the same path, `_rate`.

Not rated: a game its creator marked unrated, one in which a bot held a
seat or made a move, and every game that did not end by the rules (aborted,
adjudicated). A player whose team lost on time (conceded by the clock)
after another loss on time in the 24 hours before keeps the rating they had:
a burst of timeouts (a holiday forgotten) costs once."""

from datetime import datetime, timedelta

from django.db import transaction

from games import rating
from games.models import Game, Move, PlayerRating, RatingChange, Seat
from games.rating_rule import counts_for_ratings

TIME_LOSS_WINDOW = timedelta(days=1)


def is_rated(game: Game, seats: list[Seat]) -> bool:
    """Finished, and counting for the ratings (games.rating_rule)."""
    return game.status == Game.Status.FINISHED and counts_for_ratings(game, seats)


def rate_finished(*, game: Game, seats: list[Seat]) -> list[RatingChange]:
    """Rate `game`, just finished by the engine's rules, for its players."""
    if not is_rated(game, seats) or game.result_reason == "adjudicated":
        return []
    return _rate(game, seats, at=game.finished_at)


def _rate(game: Game, seats: list[Seat], *, at: datetime) -> list[RatingChange]:
    pool = rating.pools_key(game.players, game.teams)
    users = sorted({seat.user_id for seat in seats})
    PlayerRating.objects.bulk_create(
        [PlayerRating(user_id=user, pool=pool, mu=rating.NEW.mu, sigma=rating.NEW.sigma) for user in users],
        ignore_conflicts=True,
    )
    # Locked in one order (by user), so two games of one player finishing at once wait, never deadlock.
    held = {
        row.user_id: row
        for row in PlayerRating.objects.select_for_update().filter(pool=pool, user_id__in=users).order_by("user_id")
    }
    teams = [[seat for seat in seats if game.team_of(seat.position) == team] for team in range(game.teams)]
    winner = game.team_names.index(game.winner) if game.winner else None
    after = rating.rated([[_skill(held[s.user_id]) for s in team] for team in teams], winner)
    timed_out = _timed_out_teams(game)
    changes = []
    for team, (members, skills) in enumerate(zip(teams, after, strict=True)):
        for seat, skill in zip(members, skills, strict=True):
            row = held[seat.user_id]
            lost_on_time = team in timed_out
            counted = not (lost_on_time and _lost_on_time_lately(seat.user_id, pool, at))
            changes.append(
                RatingChange(
                    game=game,
                    user_id=seat.user_id,
                    pool=pool,
                    mu_before=row.mu,
                    sigma_before=row.sigma,
                    mu_after=skill.mu if counted else row.mu,
                    sigma_after=skill.sigma if counted else row.sigma,
                    lost_on_time=lost_on_time,
                    counted=counted,
                    at=at,
                )
            )
            if counted:
                row.mu, row.sigma, row.games, row.updated_at = skill.mu, skill.sigma, row.games + 1, at
                row.save(update_fields=["mu", "sigma", "games", "updated_at"])
    RatingChange.objects.bulk_create(changes)
    return changes


def _skill(row: PlayerRating) -> rating.Skill:
    return rating.Skill(row.mu, row.sigma)


def _timed_out_teams(game: Game) -> set[int]:
    """The teams the clock resigned (the sweep's `resign`, a system input)."""
    seats = Move.objects.filter(game=game, text="resign", actor=Move.Actor.SYSTEM).values_list("seat", flat=True)
    return {game.team_of(seat) for seat in seats if seat is not None}


def _lost_on_time_lately(user_id: int, pool: str, at: datetime) -> bool:
    return RatingChange.objects.filter(
        user_id=user_id, pool=pool, lost_on_time=True, at__gte=at - TIME_LOSS_WINDOW, at__lt=at
    ).exists()


def ratings_rebuild() -> int:
    """Every rating computed anew from the finished games, oldest first: the
    same result as rating each game when it finished. The number of games rated."""
    with transaction.atomic():
        RatingChange.objects.all().delete()
        PlayerRating.objects.all().delete()
        finished = Game.objects.filter(status=Game.Status.FINISHED, rated=True).exclude(result_reason="adjudicated")
        count = 0
        for game in finished.order_by("finished_at", "pk").iterator():
            seats = list(Seat.objects.filter(game=game).order_by("position"))
            if is_rated(game, seats):
                _rate(game, seats, at=game.finished_at)
                count += 1
        return count
