"""Ratings, as arithmetic only (no Django): OpenSkill's Plackett-Luce model
(Weng and Lin, 2011), which rates teams of any size and any number of teams
with ties, so one model serves 1 v 1, two teams of 2 to 6 and three teams.

A player's skill is a belief (mu, sigma); what is shown is the conservative
`ordinal` mu - 3 sigma on a familiar scale: a new player shows 1500 and is
provisional until they have played PROVISIONAL_GAMES rated games."""

from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()  # its defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300
START = (MODEL.mu, MODEL.sigma)
SCALE, OFFSET = 40, 1500  # an ordinal of 0 (a new player) shows 1500; one mu point is 40


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def shown(self) -> int:
        """The conservative rating on the familiar scale."""
        return round(OFFSET + SCALE * (self.mu - 3 * self.sigma))


NEW = Skill(*START)


def pools_key(players: int, teams: int) -> str:
    """The pool a game is rated in: 1 v 1, two teams of two or more, or three teams."""
    if teams == 3:
        return "three"
    return "duel" if players == 2 else "teams"


def rated(teams: list[list[Skill]], winner: int | None) -> list[list[Skill]]:
    """Every player's skill after a game of `teams` (each a list of the team's
    players' skills before it) that team `winner` won, or drawn (None)."""
    ranks = [1 if winner is None or team == winner else 2 for team in range(len(teams))]
    before = [[MODEL.rating(mu=s.mu, sigma=s.sigma) for s in team] for team in teams]
    after = MODEL.rate(before, ranks=ranks)
    return [[Skill(r.mu, r.sigma) for r in team] for team in after]
