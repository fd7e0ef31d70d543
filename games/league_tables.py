"""A league division's table, read from its games: points (a win 1, a
draw ½), then the points among the tied players, then fewer losses on time,
then the earlier sign-up."""

from dataclasses import dataclass, field

from games.models import Game, Move, Season, SeasonEntry


@dataclass
class Standing:
    entry: SeasonEntry
    username: str
    won: int = 0
    drawn: int = 0
    lost: int = 0
    remaining: int = 0
    lost_on_time: int = 0
    place: int = 0
    against: dict = field(default_factory=dict)  # opponent -> points scored against them

    @property
    def points(self) -> float:
        return self.won + self.drawn / 2

    @property
    def played(self) -> int:
        return self.won + self.drawn + self.lost


def standings(season: Season, division: int) -> list[Standing]:
    """A division's table, ranked as the module says."""
    rows = {
        e.user_id: Standing(e, e.user.username)
        for e in season.entries.filter(division=division).select_related("user").order_by("signed_up_at", "pk")
    }
    games = Game.objects.filter(league_game__season=season, league_game__division=division).prefetch_related("seats")
    timeouts = set(
        Move.objects.filter(game__in=games, actor=Move.Actor.SYSTEM, text="resign").values_list("game_id", "seat")
    )
    for game in games:
        seats = {s.position: s.user_id for s in game.seats.all()}
        if game.status != Game.Status.FINISHED:
            for user_id in seats.values():
                rows[user_id].remaining += 1
            continue
        for position, user_id in seats.items():
            row, other = rows[user_id], seats[1 - position]
            if not game.winner:
                row.drawn += 1
                row.against[other] = row.against.get(other, 0) + 0.5
            elif game.team_name_of(position) == game.winner:
                row.won += 1
                row.against[other] = row.against.get(other, 0) + 1
            else:
                row.lost += 1
                row.lost_on_time += (game.pk, position) in timeouts
    table = list(rows.values())
    ties = {}
    for row in table:
        ties.setdefault(row.points, []).append(row.entry.user_id)

    def among_tied(row: Standing) -> float:
        return sum(row.against.get(other, 0) for other in ties[row.points] if other != row.entry.user_id)

    order = list(rows)  # sign-up order
    table.sort(key=lambda r: (-r.points, -among_tied(r), r.lost_on_time, order.index(r.entry.user_id)))
    for place, row in enumerate(table, start=1):
        row.place = place
    return table
