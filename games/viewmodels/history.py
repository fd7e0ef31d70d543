"""The history of a game as the table and the replay list it: one line per
play, a player's draw folded into the play before it, each line with its
mover's team and the round it belongs to (a round: every seat plays once)."""

from dataclasses import dataclass
from datetime import datetime

from games.describe import describe_move, join_phrases, move_phrases
from games.models import BOT_MARK, Move, Seat

NOT_A_TURN = ("draw", "lost")  # a tabletop draw and the site's lost draw happen between turns
WITHIN_A_TURN = ("dead ", "penalty ")  # a dead card is turned in before the play; a penalty card any time


@dataclass
class HistoryLine:
    seq: int
    notation: str
    words: str
    when: datetime
    team: str | None = None  # the mover's; None for a moderator's act
    round: int | None = None  # set on the first line of a round: its number


def is_turn(seat: int | None, text: str) -> bool:
    return seat is not None and text not in NOT_A_TURN and not text.startswith(WITHIN_A_TURN)


def rounds_of(moves) -> dict[int, int]:
    """The move number that opens each round, and the round's number, from
    (seq, seat, text) in the order played: a round begins when the turn
    comes back round to a seat at or before the last one that played."""
    starts, last_seat, number = {}, None, 0
    for seq, seat, text in moves:
        if not is_turn(seat, text):
            continue
        if last_seat is None or seat <= last_seat:
            number += 1
            starts[seq] = number
        last_seat = seat
    return starts


def history_lines(
    moves: list[Move],
    seats: list[Seat],
    teams: dict[int, str],
    hands: list[dict[int, int]] | None = None,
    *,
    rounds: dict[int, int] | None = None,
) -> list[HistoryLine]:
    """`moves` newest first; `hands`: each seat's hand size after each move,
    when known; `rounds`: the moves that open a round (rounds_of). A draw
    is told with the play before it, when that play is among `moves`."""
    names = {seat.position: seat.name for seat in seats}
    lines: list[HistoryLine] = []
    draws: dict[int, list[str]] = {}  # seat -> what its newer, not yet folded draw said
    for move, cards in zip(moves, hands or [None] * len(moves), strict=True):
        played_by = _names_as_played(names, move)
        if move.text == "draw" and move.seat is not None and not draws.get(move.seat):
            said = move_phrases(
                seat_names=played_by, seat=move.seat, text=move.text, events=move.events, cards=cards, with_draw=False
            )
            draws[move.seat] = said or [""]  # folded into the play before it, even when it says nothing
            continue
        words = describe_move(seat_names=played_by, seat=move.seat, text=move.text, events=move.events, cards=cards)
        folded = [said for said in draws.pop(move.seat, []) if said] if move.text != "draw" else []
        lines.append(
            HistoryLine(
                move.seq,
                move.text,
                join_phrases([words, *folded]),
                move.created_at,
                team=teams.get(move.seat) if move.seat is not None else None,
                round=(rounds or {}).get(move.seq),
            )
        )
    return lines


def _names_as_played(names: dict[int, str], move: Move) -> dict[int, str]:
    """The seats' names with the mover's as it was when the move was made: with
    the bot mark for a bot's move, without it for a player's in a seat a bot
    plays now (a seat changes hands; its moves keep who made them)."""
    if move.seat is None or move.seat not in names:
        return names
    plain = names[move.seat].removeprefix(f"{BOT_MARK} ")
    played = f"{BOT_MARK} {plain}" if move.door == Move.Door.BOT else plain
    return names if played == names[move.seat] else {**names, move.seat: played}
