"""Reading the ratings: a pool's leaderboard of active players, and one
player's ratings with their history (the profile's chart). Rows are frozen
plain values, so a list's cache key is its rows (web.fragments.rows_key)."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.core.paginator import Page, Paginator
from django.db.models import F

from games import rating
from games.models import PlayerRating, Pool, RatingChange

PAGE = 50


@dataclass(frozen=True, slots=True)
class Standing:
    place: int
    username: str
    shown: int
    games: int
    provisional: bool


@dataclass(frozen=True, slots=True)
class PlayerPool:
    """A player's rating in one pool, with the shown rating after each rated game."""

    pool: str
    shown: int
    games: int
    provisional: bool
    history: tuple[int, ...]


def provisional(games: int) -> bool:
    return games < settings.RATING_PROVISIONAL_GAMES


def active_since(now: datetime) -> datetime:
    return now - timedelta(days=settings.RATING_ACTIVE_DAYS)


def leaderboard(*, pool: str, page: int, now: datetime) -> Page:
    """The pool's players who finished a rated game lately, best first (by the conservative rating)."""
    rows = (
        PlayerRating.objects.filter(pool=pool, games__gt=0, updated_at__gte=active_since(now))
        .annotate(ordinal=F("mu") - 3 * F("sigma"))
        .order_by("-ordinal", "user__username")
        .values_list("user__username", "mu", "sigma", "games")
    )
    found = Paginator(rows, PAGE).get_page(page)
    first = (found.number - 1) * PAGE
    found.object_list = [
        Standing(first + index + 1, name, rating.Skill(mu, sigma).shown, games, provisional(games))
        for index, (name, mu, sigma, games) in enumerate(found.object_list)
    ]
    return found


def ratings_of(player) -> list[PlayerPool]:
    """The player's rating in each pool they played rated games in, in the
    pools' order: one query, the history, whose last point is the rating now."""
    history: dict[str, list[int]] = {}
    changes = RatingChange.objects.filter(user=player, counted=True).order_by("at", "pk")
    for pool, mu, sigma in changes.values_list("pool", "mu_after", "sigma_after"):
        history.setdefault(pool, []).append(rating.Skill(mu, sigma).shown)
    return [
        PlayerPool(pool, history[pool][-1], len(history[pool]), provisional(len(history[pool])), tuple(history[pool]))
        for pool in Pool.values
        if pool in history
    ]


def change_in(game, user) -> tuple[int, int] | None:
    """(rating after, change) that `game` made to `user`'s rating, or None when it rated nobody."""
    change = RatingChange.objects.filter(game=game, user=user, counted=True).first()
    if change is None:
        return None
    before = rating.Skill(change.mu_before, change.sigma_before).shown
    after = rating.Skill(change.mu_after, change.sigma_after).shown
    return after, after - before
