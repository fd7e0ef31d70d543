"""What changed since this viewer last acted, as a few short phrases for the
line above the board: "bob played K♥ on G6", "you lost a draw"."""

from django.utils.translation import ngettext

from games.describe import move_phrases
from games.models import Move

MOST_PHRASES = 4  # one glance; the history below has the rest


def since_last_acted(recent: list[Move], position: int | None) -> list[Move]:
    """The moves (newest first) after the viewer's own last move; a spectator,
    who never acts, gets the last move. A move the site or a moderator made at
    the viewer's seat (a lost draw) is news to them, not their act."""
    if position is None:
        return recent[:1]
    for index, move in enumerate(recent):
        if move.seat == position and move.actor == Move.Actor.PLAYER:
            return recent[:index]
    return recent


def recap(moves: list[Move], viewer_position: int | None, names: dict[int, str]) -> list[str]:
    """`moves` newest first; the viewer is "you"."""
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
        if cut or len(phrases) + len(said) > MOST_PHRASES:
            cut += 1
        else:
            phrases += said
    more = ngettext("and {count} more move", "and {count} more moves", cut).format(count=cut)
    return [*phrases, more] if cut else phrases
