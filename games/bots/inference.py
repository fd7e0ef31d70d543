"""What an opponent's last plays say about the cards it kept.

A seat that plays greedily (level 1 does, and people do when a four or a
sequence is at stake) plays the card worth most to it. So a card that would
have been clearly worth more on the board it played on is not among the
cards it kept from that turn. A turn brings one card into a hand, so of a
hand of n cards at least n - j were kept through the last j plays (n - j + 1
while a draw is still open). Level 2 deals its worlds with that in mind: an
opponent that let a four stand holds no card that could have blocked it,
except one drawn since. Read from the public history alone (who played
which card where); the board before a play is the board now with the later
plays taken back."""

from games.bots.position import Position
from games.engine.board import CARD_CELLS, CORNERS
from games.engine.cards import ONE_EYED_JACKS, TWO_EYED_JACKS
from games.engine.moves import DRAW, PLAY, MoveSyntaxError, parse_move
from games.engine.state import EMPTY

# How much more than the card it played a kept card must have been worth to be ruled
# out (blocking a four is worth 400): a clear loss only, not a close call.
MARGIN = 20.0
NONE = float("-inf")  # what a card with no play is worth


def plays_read(view: dict, board: list[int], sequences, history) -> dict[int, list[frozenset[str]]]:
    """Per opponent seat, newest first, the cards each of its last plays says
    it did not keep, back to a turn that was not a play (or a dead card
    turned in: a card more came into its hand) or as many plays as it holds cards.

    `board` and `sequences` are the position now (as Position builds them),
    `history` the public moves as (seat, text), oldest first."""
    players, teams = view["players"], len(view["teams"])
    team = view["seat"] % teams
    hand_size = {info["seat"]: info["cards"] for info in view["seats"]}
    reading = {s: [] for s in range(players) if s % teams != team}
    read: dict[int, list[frozenset[str]]] = {}
    board = board[:]
    undone: set[int] = set()
    moves = [(seat, _parsed(text)) for seat, text in history]
    for index in range(len(moves) - 1, -1, -1):
        if not reading:
            break
        seat, move = moves[index]
        if move is None:
            break  # not a history this reads: say nothing more rather than guess
        if seat is None:  # the site's own inputs (a skip, a lost draw) move no chip
            if move.kind == PLAY:
                break
            continue
        if move.kind != PLAY:
            if seat in reading and move.kind != DRAW:
                read[seat] = reading.pop(seat)
            continue
        if move.card in ONE_EYED_JACKS:
            owner = _owner_before(moves[:index], move.cell, seat % teams, teams)
            if owner is None:
                break
            board[move.cell] = 1 << owner
        else:
            board[move.cell] = EMPTY
        undone.add(move.cell)
        if seat in reading:
            before = [[seq for seq in seqs if not undone.intersection(seq)] for seqs in sequences]
            pos = Position(board[:], before, seat % teams, teams, view["sequences_to_win"])
            reading[seat].append(_better_cards(pos, move.card, pos.play_value(move.card, move.cell) + MARGIN))
            if len(reading[seat]) >= hand_size[seat]:
                read[seat] = reading.pop(seat)
    read.update(reading)
    return {seat: sets for seat, sets in read.items() if any(sets)}


def _parsed(text: str):
    try:
        return parse_move(text)
    except MoveSyntaxError:
        return None


def _owner_before(earlier, cell: int, remover: int, teams: int) -> int | None:
    """The team whose chip a one-eyed jack took off `cell`: who last played
    there in the `earlier` moves; None when they do not say, and three teams."""
    for seat, move in reversed(earlier):
        placed = move is not None and move.kind == PLAY and move.card not in ONE_EYED_JACKS
        if placed and seat is not None and move.cell == cell:
            return seat % teams
    return 1 - remover if teams == 2 else None


def _better_cards(pos: Position, played: str, worth: float) -> frozenset[str]:
    """The cards but `played` that level 1 would have made more than `worth` of on `pos`'s board."""
    board = pos.board
    gains = {cell: pos.place(cell) for cell in range(100) if board[cell] == EMPTY}
    better = {
        card for card, cells in CARD_CELLS.items() if max((gains[c] for c in cells if c in gains), default=NONE) > worth
    }
    if max(gains.values(), default=NONE) - pos.two_eyed_cost > worth:
        better |= TWO_EYED_JACKS
    locked = {cell for seqs in pos.sequences for seq in seqs for cell in seq}
    theirs = [c for c in range(100) if board[c] not in (EMPTY, 1 << pos.team) and c not in CORNERS and c not in locked]
    if max((pos.remove(cell) for cell in theirs), default=NONE) - pos.one_eyed_cost > worth:
        better |= ONE_EYED_JACKS
    better.discard(played)
    return frozenset(better)
