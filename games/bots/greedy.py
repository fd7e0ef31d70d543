"""Level 1: the greedy, team-aware choice among the legal moves.

In order: take an open draw (tabletop mode: a draw not taken is lost); pay a
table-talk penalty with the card least worth keeping; win now; turn in a dead
card; else the play worth most (see Position: a sequence, then blocking an
opponent's four, then filling the team's best windows, jacks kept for finishing
a line or breaking a four); with no play, pass the card least worth keeping.
Never resigns, and says nothing: a bot has no table talk."""

from games.bots.position import WIN, Position
from games.engine.board import CARD_CELLS
from games.engine.moves import CANONICAL_PLAYS, DEAD, DRAW, PASS, PENALTY, PLAY, parse_move
from games.engine.state import EMPTY


def _parsed(text: str):
    return CANONICAL_PLAYS.get(text) or parse_move(text)


def cheapest_card(pos: Position, cards) -> str:
    """The card least worth keeping (the first of equals)."""
    board = pos.board

    def keep(card):
        free = [c for c in CARD_CELLS.get(card, ()) if board[c] == EMPTY]
        return pos.keep_value(card, free)

    return min(cards, key=keep)


def ranked_plays(pos: Position, moves: list[str]) -> list[tuple[float, str]]:
    """The plays among `moves` with their worth, best first (equals in the given order)."""
    scored = []
    for index, text in enumerate(moves):
        move = CANONICAL_PLAYS.get(text)
        if move is not None:  # every play without a named sequence is canonical
            scored.append((-pos.play_value(move.card, move.cell), index, text))
    scored.sort()
    return [(-value, text) for value, _, text in scored]


def greedy_move(pos: Position, moves: list[str]) -> str | None:
    """Level 1's move among the legal `moves` (canonical texts), or None when
    there is nothing to do but resign."""
    by_kind: dict[str, list[str]] = {}
    for text in moves:
        by_kind.setdefault(_parsed(text).kind, []).append(text)
    if DRAW in by_kind:
        return DRAW
    if PENALTY in by_kind:
        return f"penalty {cheapest_card(pos, [_parsed(t).card for t in by_kind[PENALTY]])}"
    plays = ranked_plays(pos, by_kind.get(PLAY, []))
    if plays and plays[0][0] >= WIN:
        return plays[0][1]
    if DEAD in by_kind:
        return by_kind[DEAD][0]
    if plays:
        return plays[0][1]
    if PASS in by_kind:
        return f"pass {cheapest_card(pos, [_parsed(t).card for t in by_kind[PASS]])}"
    return None
