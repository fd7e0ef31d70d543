"""Level 2: flat Monte Carlo search over sampled worlds among level 1's
best plays, ranked with its two-eyed jacks kept for a sequence.

Level 2 ranks the plays as level 1 does, but prices a two-eyed jack just
under a sequence, so that it spends one only to make a sequence (or for as
much): in bot-against-bot play a wild card kept for the fifth chip is worth
more than any cell it takes earlier. A play on a cell no other seat can
take (the seat holds the card and its other copy is in its hand or
discarded) is worth less now: it can wait. The best few plays are the
candidates. Each world is dealt so the seat cannot tell it from the real one
(worlds.py); in it every candidate is played, and the game is played on for
PLIES turns by the playout policy (playout.py), with the same cards drawn for
each candidate (common random numbers). A won game is worth 1, a lost one
-1, a cut one its lines compared. The candidate worth most over the worlds
is played; the first-ranked one unless another beats it by a margin, so
that noise does not overturn a clear choice. What is not a choice among
plays (a draw, a penalty, a dead card, a pass, a win now) is level 1's. An
iteration is one candidate's playout in one world."""

import math
import random
import time
from collections import Counter

from games.bots.greedy import greedy_move, ranked_plays
from games.bots.playout import Playout
from games.bots.position import SEQUENCE, TWO_EYED_COST, WIN, Position
from games.bots.worlds import WorldMaker, unseen_cards
from games.engine.board import CARD_CELLS
from games.engine.cards import ONE_EYED_JACKS
from games.engine.moves import CANONICAL_PLAYS

CANDIDATES = 6
DEFAULT_ITERATIONS = 1200  # 200 worlds of 6 plays: ~0.16 s of one core a move (95th percentile 0.19 s)
MARGIN = 30.0  # worth below the best that a candidate may be (blocking a four is worth 400)
KEEP = 0.02  # what another play must beat the first-ranked one by, in mean result (~1 standard error)
PLIES = 8  # a playout's cut: whole games (about 30 plies from mid-game) were noise and cost points
SCALE = 400.0  # lines' worth at a cut: tanh of the difference over SCALE
SAFE = 0.3  # what a play on a cell no other seat can take is worth, of its worth elsewhere


class Keeper(Position):
    """Level 2's view of the plays: a two-eyed jack is spent only for a sequence,
    and a cell the seat alone can take waits."""

    __slots__ = ("safe",)
    two_eyed_cost = SEQUENCE - 100

    @classmethod
    def from_view(cls, view: dict) -> "Keeper":
        pos = super().from_view(view)
        # Cells no other seat can take but with a two-eyed jack: the seat holds
        # the card and the card's other copy is in its hand or discarded.
        unseen = Counter(unseen_cards(view))
        pos.safe = {cell for card in view["hand"] if not unseen[card] for cell in CARD_CELLS.get(card, ())}
        return pos

    def play_value(self, card: str, cell: int) -> float:
        value = super().play_value(card, cell)
        if cell in self.safe and card not in ONE_EYED_JACKS and 0 < value < SEQUENCE:
            return value * SAFE  # it can wait: play where another seat could come first
        return value


def search_move(
    view: dict,
    moves: list[str],
    rng: random.Random,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    candidates: int = CANDIDATES,
) -> str | None:
    """The move to play after `iterations` playouts (DEFAULT_ITERATIONS when
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
    seat, team = view["seat"], pos.team
    base = Playout(maker.board, maker.sequences, pos.teams, pos.needed)
    # Level 2 keeps its two-eyed jacks in the playouts too; the others spend them as level 1 does.
    jack_cost = [Keeper.two_eyed_cost if t == team else TWO_EYED_COST for t in range(pos.teams)]
    moves_of = [CANONICAL_PLAYS[text] for text in options]
    totals = [0.0] * len(options)
    spent = worlds = 0
    while spent < budget and (deadline is None or time.perf_counter() < deadline):
        world = maker.sample(rng)
        discards = [card for pile in world.discards for card in pile]
        luck = rng.getrandbits(64)
        for i, move in enumerate(moves_of):
            game = base.deal(world.hands, world.pile, discards, random.Random(luck), jack_cost)
            totals[i] += _playout(game, seat, team, move, world.pending)
        spent += len(options)
        worlds += 1
    totals[0] += KEEP * worlds  # options[0] is the first-ranked play
    return options[max(range(len(options)), key=lambda i: (totals[i], -i))]


def _playout(game: Playout, seat: int, team: int, move, pending) -> float:
    """The worth for `seat`'s team of `move` and the game played out from it, in -1..1."""
    for other, opened in enumerate(pending):
        if opened is not None:  # an open draw is taken at once
            game.draw(other)
    if move.card in ONE_EYED_JACKS:
        game.remove(seat, move.card, move.cell)
    else:
        game.place(seat, move.card, move.cell)
    if game.winner is None:
        game.draw(seat)
        game.run((seat + 1) % game.players, PLIES)
    if game.winner is not None:
        return 1.0 if game.winner == team else -1.0
    theirs = max(game.score(t) for t in range(game.teams) if t != team)
    return math.tanh((game.score(team) - theirs) / SCALE)
