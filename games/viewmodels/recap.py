"""What changed since this viewer last acted, as a few short phrases for the
line above the board: "bob played K♥ on G6", "you lost a draw"."""

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
    names = {**names, viewer_position: "you"} if viewer_position is not None else names
    phrases, cut = [], 0
    for move in moves:
        said = [
            phrase
            for phrase in move_phrases(seat_names=names, seat=move.seat, text=move.text, events=move.events)
            if not phrase.endswith(" took the draw")  # the play before it said enough
        ]
        if cut or len(phrases) + len(said) > MOST_PHRASES:
            cut += 1
        else:
            phrases += said
    return [*phrases, f"and {cut} more move{'' if cut == 1 else 's'}"] if cut else phrases
