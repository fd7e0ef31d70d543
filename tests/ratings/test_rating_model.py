"""The rating arithmetic (games/rating.py) against the Plackett-Luce update
of Weng and Lin (2011), Algorithm 4, computed here by hand: the team's mu
and sigma² are its players' sums; c² = Σ (σ_q² + β²); a team's share of the
teams ranked at or below it is e^(μ_i/c) / Σ e^(μ_q/c); tied teams share
(A_q); γ = σ_i / c; each σ² first grows by τ²; a σ² never shrinks below κ."""

import math

import pytest

from games import rating
from games.rating import NEW, Skill

BETA, TAU, KAPPA = 25 / 6, 25 / 300, 0.0001


def by_hand(teams: list[list[Skill]], ranks: list[int]) -> list[list[Skill]]:
    teams = [[(s.mu, s.sigma**2 + TAU**2) for s in team] for team in teams]
    mu = [sum(m for m, _ in team) for team in teams]
    var = [sum(v for _, v in team) for team in teams]
    c = math.sqrt(sum(v + BETA**2 for v in var))
    share = [math.exp(m / c) for m in mu]
    below = [sum(share[q] for q in range(len(teams)) if ranks[q] >= ranks[i]) for i in range(len(teams))]
    tied = [sum(1 for q in range(len(teams)) if ranks[q] == ranks[i]) for i in range(len(teams))]
    result = []
    for i, team in enumerate(teams):
        omega = delta = 0.0
        for q in range(len(teams)):
            if ranks[q] <= ranks[i]:
                p = share[i] / below[q]
                omega += ((1 if q == i else 0) - p) / tied[q]
                delta += p * (1 - p) / tied[q]
        omega *= var[i] / c
        delta *= (math.sqrt(var[i]) / c) * var[i] / c**2
        result.append(
            [Skill(m + v / var[i] * omega, math.sqrt(v * max(1 - v / var[i] * delta, KAPPA))) for m, v in team]
        )
    return result


def close(a: list[list[Skill]], b: list[list[Skill]]) -> bool:
    return all(
        math.isclose(x.mu, y.mu, rel_tol=1e-9) and math.isclose(x.sigma, y.sigma, rel_tol=1e-9)
        for ta, tb in zip(a, b, strict=True)
        for x, y in zip(ta, tb, strict=True)
    )


SEASONED = [Skill(31.2, 4.1), Skill(18.7, 6.3), Skill(25.0, 2.2), Skill(27.9, 7.7), Skill(22.2, 5.0), Skill(29.1, 3.3)]


@pytest.mark.parametrize(
    ("teams", "winner", "ranks"),
    [
        ([[NEW], [NEW]], 0, [1, 2]),
        ([[SEASONED[0]], [SEASONED[1]]], 1, [2, 1]),  # the upset moves more
        ([[SEASONED[0], SEASONED[1]], [SEASONED[2], SEASONED[3]]], 0, [1, 2]),
        ([[s] for s in SEASONED[:3]], 2, [2, 2, 1]),  # three teams: one wins, two share second
        ([SEASONED[0:2], SEASONED[2:4], SEASONED[4:6]], 0, [1, 2, 2]),
        ([[SEASONED[0]], [SEASONED[1]]], None, [1, 1]),  # a draw
    ],
)
def test_the_update_is_weng_and_lins(teams, winner, ranks):
    assert close(rating.rated(teams, winner), by_hand(teams, ranks))


def test_what_a_first_game_does():
    (won,), (lost,) = rating.rated([[NEW], [NEW]], 0)
    assert won.mu > 25 > lost.mu and won.sigma < NEW.sigma and NEW.shown == 1500
    assert lost.shown < won.shown


def test_the_pools():
    assert [rating.pools_key(p, t) for p, t in [(2, 2), (4, 2), (12, 2), (3, 3), (12, 3)]] == [
        "duel",
        "teams",
        "teams",
        "three",
        "three",
    ]
