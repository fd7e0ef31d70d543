"""Bots that play Sequence from what their seat may see. Pure: no Django; only the engine.

    action = choose(view, legal_actions, rng, level)

`view` is `engine.player_view(state, seat)` (plain data: the board, the
sequences, every discard pile, the seat's own hand and how many cards the
others hold; never another hand or the order of the draw pile), and
`legal_actions` is `engine.legal_actions(state, seat)`. The answer is one of
those actions (the site enters its `text` through its own door), or None when
there is nothing to do but resign, which a bot never does. `rng` is a
`random.Random`: with the same seed and view a bot chooses the same.

Levels: 0 random; 1 greedy (greedy.py); 2 a flat Monte Carlo search over
sampled worlds among level 1's best plays, its two-eyed jacks kept for a
sequence (search.py), with a budget of `iterations` playouts a move
(search.DEFAULT_ITERATIONS by default), if given a cap of `seconds`, and at
most `candidates` plays searched (search.CANDIDATES by default)."""

import random

from games.bots.greedy import greedy_move
from games.bots.position import Position
from games.bots.search import CANDIDATES, search_move

LEVELS = (0, 1, 2)


def choose(
    view: dict,
    legal_actions: list[dict],
    rng: random.Random,
    level: int,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    candidates: int = CANDIDATES,
) -> dict | None:
    """The action the bot of `level` takes now (see the module's text)."""
    if level not in LEVELS:
        raise ValueError(f"no bot level {level!r}: levels are {LEVELS}")
    actions = [action for action in legal_actions if action["kind"] != "resign"]
    if not actions:
        return None
    if level == 0:
        return actions[int(rng.random() * len(actions))]
    texts = [action["text"] for action in actions]
    if level == 1:
        text = greedy_move(Position.from_view(view), texts)
    else:
        text = search_move(view, texts, rng, iterations=iterations, seconds=seconds, candidates=candidates)
    return actions[texts.index(text)]


__all__ = ["LEVELS", "choose"]
