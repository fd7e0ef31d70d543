"""What changed since a viewer last acted, in short phrases ("bob played
K♥ on G6", "you lost a draw", "your turn was skipped: time ran out"), newest
first: the line above the board and the turn e-mail's recap both come from
`recap_of`, so they cannot tell two stories. It speaks in the active
language: build it where the reader's language is on."""

from dataclasses import dataclass

from django.utils.translation import ngettext

from games.describe import move_phrases
from games.models import Move

ON_THE_TABLE = 2  # phrases in the line above the board: one glance (two lines on a phone); the history has the rest
IN_AN_EMAIL = 12  # lines in the turn e-mail's recap


@dataclass(frozen=True)
class Recap:
    phrases: list[str]  # newest first
    more: int  # moves left out, the oldest ones

    def as_line_parts(self) -> list[str]:
        """The phrases, and "and 3 more moves" after them when some were left out."""
        more = ngettext("and {count} more move", "and {count} more moves", self.more).format(count=self.more)
        return [*self.phrases, more] if self.more else self.phrases


def since_last_acted(recent: list[Move], position: int | None) -> list[Move]:
    """The moves (newest first) after the viewer's own last move; a spectator,
    who never acts, gets the last move. A move the site or a moderator made at
    the viewer's seat (a lost draw, a skipped turn) is news to them, not their act."""
    if position is None:
        return recent[:1]
    for index, move in enumerate(recent):
        if move.seat == position and move.actor == Move.Actor.PLAYER:
            return recent[:index]
    return recent


def recap_of(moves: list[Move], viewer_position: int | None, names: dict[int, str], *, most: int) -> Recap:
    """`moves` newest first (see since_last_acted); the viewer is "you"; at
    most `most` phrases, the newest kept."""
    phrases, cut = [], 0
    for move in moves:
        said = move_phrases(
            seat_names=names,
            seat=move.seat,
            text=move.text,
            events=move.events,
            you=viewer_position,
            with_draw=False,  # the play before it said enough
        )
        if cut or len(phrases) + len(said) > most:
            cut += 1
        else:
            phrases += said
    return Recap(phrases=phrases, more=cut)
