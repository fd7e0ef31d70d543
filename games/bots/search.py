"""Level 2: level 1 with its two-eyed jacks kept for a sequence, checked by a
shallow lookahead over sampled worlds.

Level 2 ranks the plays as level 1 does, but prices a two-eyed jack just
under a sequence, so that it spends one only to make a sequence (or for as
much): in bot-against-bot play, a wild card kept for the fifth chip is worth
more than any cell it takes earlier. The few plays close to the best are the
candidates. Each world is dealt so the seat cannot tell it from the real one
(worlds.py); in it every candidate is played, then the other seats answer by
level 1 for one round (up to this seat's team's partner or the opponent
before this seat's next turn), with the same cards drawn for each candidate
(common random numbers), and the position reached is scored: the teams'
open windows and sequences compared, this seat's jacks in hand counted, a
game won or lost at a fixed worth. The candidate worth most over the worlds
is played, but the first-ranked one is kept unless another beats it by a
margin: the lookahead's noise must not overturn a clear choice. What is not
a choice among plays (a draw, a penalty, a dead card, a pass, a win now) is
level 1's. An iteration is one candidate's line in one world."""

import random
import time

from games.bots.greedy import greedy_move, ranked_plays
from games.bots.position import ONE_EYED_COST, OPEN, SEQUENCE, TWO_EYED_COST, WIN, Position
from games.bots.worlds import WorldMaker
from games.engine.cards import ONE_EYED_JACKS, TWO_EYED_JACKS
from games.engine.moves import CANONICAL_PLAYS
from games.engine.rules import apply, legal_moves
from games.engine.setup import TEAM_NAMES

CANDIDATES = 6
DEFAULT_ITERATIONS = 60
MARGIN = 30.0  # worth below the best that a candidate may be (blocking a four is worth 400)
KEEP = 20.0  # what another candidate must beat the first-ranked one by, on average
GAME_OVER = 5 * SEQUENCE  # a line's worth when the game ends in it
JACKS = {**dict.fromkeys(TWO_EYED_JACKS, TWO_EYED_COST), **dict.fromkeys(ONE_EYED_JACKS, ONE_EYED_COST)}


class Keeper(Position):
    """Level 2's view of the plays: a two-eyed jack is spent only for a sequence."""

    __slots__ = ()
    two_eyed_cost = SEQUENCE - 100


def search_move(
    view: dict,
    moves: list[str],
    rng: random.Random,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    candidates: int = CANDIDATES,
) -> str | None:
    """The move to play after `iterations` lines (DEFAULT_ITERATIONS when
    None), or fewer once `seconds` have passed."""
    pos = Keeper.from_view(view)
    first = greedy_move(pos, moves)
    if first is None or first not in CANONICAL_PLAYS:
        return first
    ranked = ranked_plays(pos, moves)
    if ranked[0][0] >= WIN:
        return first
    options = [text for value, text in ranked[:candidates] if value >= ranked[0][0] - MARGIN]
    if len(options) == 1:
        return first
    budget = iterations or DEFAULT_ITERATIONS
    deadline = None if seconds is None else time.perf_counter() + seconds
    maker = WorldMaker(view)
    seat = view["seat"]
    plies = view["players"] - 1
    totals = [0.0] * len(options)
    spent = worlds = 0
    while spent < budget and (deadline is None or time.perf_counter() < deadline):
        world = maker.sample(rng)
        luck = rng.getrandbits(64)
        for i, text in enumerate(options):
            totals[i] += _line(world, seat, text, random.Random(luck), plies)
        spent += len(options)
        worlds += 1
    totals[0] += KEEP * worlds  # options[0] is the first-ranked play
    return options[max(range(len(options)), key=lambda i: (totals[i], -i))]


def _line(state, seat: int, move: str, rng: random.Random, plies: int) -> float:
    """The worth for `seat`'s team of `move` and level 1's answers for `plies` more turns."""

    def shuffle(cards):
        return rng.sample(cards, len(cards))

    team = seat % state.teams
    state, events = apply(state, seat, move, shuffle=shuffle)
    pos = Position.from_state(state, seat)  # then kept up to date from each move's events
    turns = 0
    while state.result is None and turns < plies:
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
    if state.result is not None and state.result["winner"] is not None:
        return GAME_OVER if state.result["winner"] == TEAM_NAMES[team] else -GAME_OVER
    theirs = max(_lines(pos, other) for other in range(state.teams) if other != team)
    return _lines(pos, team) - theirs + sum(JACKS.get(card, 0) for card in state.hands[seat])


def _lines(pos: Position, team: int) -> float:
    """How far the team's lines are: its sequences and its open windows by how full."""
    windows = sum(OPEN[n] for n, open_ in zip(pos.counts[team], pos.open[team], strict=True) if open_)
    return SEQUENCE * len(pos.sequences[team]) + windows
