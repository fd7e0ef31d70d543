"""Level 2: a search over sampled worlds (determinised Monte Carlo, UCB1 at the root).

Level 1 ranks the plays and keeps the best few as candidates; each iteration
deals a world the seat cannot tell from the real one (worlds.py), tries the
candidate UCB1 picks, lets every seat play on by level 1 for a few turns, and
scores the result (a finished game 1, ½ or 0; else the teams' lines compared).
The candidate tried most is played. What is not a choice among plays (a draw,
a penalty, a dead card, a pass, a win now) is level 1's."""

import math
import random
import time

from games.bots.greedy import greedy_move, ranked_plays
from games.bots.position import WIN, Position
from games.bots.worlds import WorldMaker
from games.engine.moves import CANONICAL_PLAYS
from games.engine.rules import apply, legal_moves
from games.engine.setup import TEAM_NAMES

CANDIDATES = 6
DEPTH = 4  # turns played on after the candidate, every seat's counted
EXPLORE = 0.5
SCALE = 40.0  # score difference that makes a leaf worth about 0.73
DEFAULT_ITERATIONS = 150


def search_move(
    view: dict,
    moves: list[str],
    rng: random.Random,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    candidates: int = CANDIDATES,
    depth: int = DEPTH,
) -> str | None:
    """The move to play; stops after `iterations`, or once `seconds` have
    passed (whichever comes first; DEFAULT_ITERATIONS when neither is given)."""
    pos = Position.from_view(view)
    first = greedy_move(pos, moves)
    if first is None or first not in CANONICAL_PLAYS:
        return first
    ranked = ranked_plays(pos, moves)
    if ranked[0][0] >= WIN:
        return first
    options = [text for _, text in ranked[:candidates]]
    if len(options) == 1:
        return first
    if iterations is None and seconds is None:
        iterations = DEFAULT_ITERATIONS
    deadline = None if seconds is None else time.perf_counter() + seconds
    maker = WorldMaker(view)
    seat, team = view["seat"], view["seat"] % len(view["teams"])
    visits = [0] * len(options)
    totals = [0.0] * len(options)
    done = 0
    while (iterations is None or done < iterations) and (deadline is None or time.perf_counter() < deadline):
        if done < len(options):
            pick = done
        else:
            log_n = math.log(done)
            pick = max(
                range(len(options)),
                key=lambda i: totals[i] / visits[i] + EXPLORE * math.sqrt(log_n / visits[i]),
            )
        totals[pick] += _playout(maker.sample(rng), seat, team, options[pick], rng, depth)
        visits[pick] += 1
        done += 1
    best = max(range(len(options)), key=lambda i: (visits[i], totals[i] / visits[i] if visits[i] else 0.0, -i))
    return options[best]


def _playout(state, seat: int, team: int, move: str, rng: random.Random, depth: int) -> float:
    def shuffle(cards):
        return rng.sample(cards, len(cards))

    state, _ = apply(state, seat, move, shuffle=shuffle)
    turns = 0
    while state.result is None and turns < depth:
        for other, opened in enumerate(state.pending):
            if opened is not None and other != state.turn:  # level 1 always takes its draw
                state, _ = apply(state, other, "draw", shuffle=shuffle)
        turn = state.turn
        text = greedy_move(Position.from_state(state, turn), legal_moves(state, turn))
        if text is None:
            break
        state, _ = apply(state, turn, text, shuffle=shuffle)
        if state.result is None and state.turn != turn:
            turns += 1
    return _worth(state, team)


def _worth(state, team: int) -> float:
    if state.result is not None:
        winner = state.result["winner"]
        return 0.5 if winner is None else float(winner == TEAM_NAMES[team])
    pos = Position.from_state(state, team)
    ours = pos.score(team)
    theirs = max(pos.score(other) for other in range(state.teams) if other != team)
    return 1.0 / (1.0 + math.exp(-(ours - theirs) / SCALE))
