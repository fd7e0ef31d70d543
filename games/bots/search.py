"""Level 2: a search over sampled worlds (determinised Monte Carlo with
successive halving at the root).

Level 1 ranks the plays and keeps the few close to its best as candidates.
Each round deals a world the seat cannot tell from the real one (worlds.py);
every candidate still in is played in it, then every seat plays on by level 1
for a few turns, with the same luck for each candidate, and the result is
scored (a finished game 1, ½ or 0; else the teams' lines compared). The worse
half of the candidates drops out as the budget is spent; the last one left is
played. What is not a choice among plays (a draw, a penalty, a dead card, a
pass, a win now) is level 1's. An iteration is one playout."""

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
SCALE = 40.0  # score difference that makes a leaf worth about 0.73
DEFAULT_ITERATIONS = 150
MARGIN = 30.0  # level-1 worth below the best that a candidate may be (blocking a four is worth 400)


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
    """The move to play after `iterations` playouts (DEFAULT_ITERATIONS when
    None), or fewer once `seconds` have passed."""
    pos = Position.from_view(view)
    first = greedy_move(pos, moves)
    if first is None or first not in CANONICAL_PLAYS:
        return first
    ranked = ranked_plays(pos, moves)
    if ranked[0][0] >= WIN:
        return first
    # Only plays close to level 1's best are searched: the search settles what
    # level 1 cannot tell apart, and noise never overturns a clear choice.
    options = [text for value, text in ranked[:candidates] if value >= ranked[0][0] - MARGIN]
    if len(options) == 1:
        return first
    iterations = iterations or DEFAULT_ITERATIONS
    deadline = None if seconds is None else time.perf_counter() + seconds
    maker = WorldMaker(view)
    seat, team = view["seat"], view["seat"] % len(view["teams"])
    return _halving(maker, seat, team, options, rng, iterations, deadline, depth)


def _halving(maker, seat: int, team: int, options: list[str], rng, iterations: int, deadline, depth: int) -> str:
    """Every candidate still in is tried in the same worlds with the same luck
    (common random numbers), and the worse half drops out each time a share
    of the budget is spent."""
    alive = list(range(len(options)))
    totals = [0.0] * len(options)
    rounds_left = max(1, math.ceil(math.log2(len(options))))
    spent = 0
    while len(alive) > 1 and spent < iterations and (deadline is None or time.perf_counter() < deadline):
        for _ in range(max(1, (iterations - spent) // rounds_left // len(alive))):
            world = maker.sample(rng)
            luck = rng.getrandbits(64)
            for i in alive:
                totals[i] += _playout(world, seat, team, options[i], random.Random(luck), depth)
            spent += len(alive)
            if deadline is not None and time.perf_counter() >= deadline:
                break
        alive.sort(key=lambda i: (-totals[i], i))
        alive = alive[: max(1, len(alive) // 2)]
        rounds_left = max(1, rounds_left - 1)
    return options[min(alive, key=lambda i: (-totals[i], i))]


def _playout(state, seat: int, team: int, move: str, rng: random.Random, depth: int) -> float:
    def shuffle(cards):
        return rng.sample(cards, len(cards))

    state, _ = apply(state, seat, move, shuffle=shuffle)
    pos = Position.from_state(state, seat)  # then kept up to date from each move's events
    turns = 0
    while state.result is None and turns < depth:
        for other, opened in enumerate(state.pending):
            if opened is not None and other != state.turn:  # level 1 always takes its draw
                state, _ = apply(state, other, "draw", shuffle=shuffle)
        turn = state.turn
        pos.team = turn % state.teams
        text = greedy_move(pos, legal_moves(state, turn))
        if text is None:
            break
        state, events = apply(state, turn, text, shuffle=shuffle)
        pos.follow(state, events)
        if state.result is None and state.turn != turn:
            turns += 1
    return _worth(state, pos, team)


def _worth(state, pos: Position, team: int) -> float:
    if state.result is not None:
        winner = state.result["winner"]
        return 0.5 if winner is None else float(winner == TEAM_NAMES[team])
    ours = pos.score(team)
    theirs = max(pos.score(other) for other in range(state.teams) if other != team)
    return 1.0 / (1.0 + math.exp(-(ours - theirs) / SCALE))
