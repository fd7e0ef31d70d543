"""Find me a game: a seat in the open public game of the chosen format
whose players are rated closest to the player (the oldest such game on a
tie), or a new public game of that format when there is none to join."""

from django.db.models import Count, F

from games import rating
from games.errors import GameError
from games.models import Game, PlayerRating, Seat
from games.services.games import game_create
from games.services.seating import seat_join

CANDIDATES = 50  # the oldest open games looked at


def game_find(*, user, players: int, teams: int) -> Game:
    pool = rating.pools_key(players, teams)
    open_games = list(
        Game.objects.filter(status=Game.Status.FORMING, is_public=True, players=players, teams=teams)
        .exclude(seats__user=user)
        .annotate(taken=Count("seats"))
        .filter(taken__lt=F("players"))
        .order_by("created_at", "pk")[:CANDIDATES]
    )
    seated = {}
    for game_id, user_id in Seat.objects.filter(game__in=open_games).values_list("game_id", "user_id"):
        seated.setdefault(game_id, []).append(user_id)
    shown = _shown_ratings(pool, {user.pk, *(u for users in seated.values() for u in users)})
    mine = shown.get(user.pk, rating.NEW.shown)

    def distance(game: Game) -> float:
        others = [shown.get(u, rating.NEW.shown) for u in seated.get(game.pk, []) if u is not None]
        return abs(sum(others) / len(others) - mine) if others else 0.0

    for game in sorted(open_games, key=distance):  # a stable sort: the oldest first among equals
        try:
            seat_join(game_id=game.pk, user=user)
            return Game.objects.get(pk=game.pk)
        except GameError:  # taken meanwhile, or no longer forming: the next one
            continue
    return game_create(creator=user, players=players, teams=teams, is_public=True)


def _shown_ratings(pool: str, users: set[int]) -> dict[int, int]:
    rows = PlayerRating.objects.filter(pool=pool, user_id__in=users).values_list("user_id", "mu", "sigma")
    return {user_id: rating.Skill(mu, sigma).shown for user_id, mu, sigma in rows}
