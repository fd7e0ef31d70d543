"""What changed since a viewer last played, one entry per player, newest
first ("bob played K♥ on G6 — you lost a draw"): a player's draw is folded
into their play, a lost draw, a skipped turn or a resignation goes to the
seat it befell. The line above the board, the turn e-mail's recap and the
board's marks all come from here, so they cannot tell two stories. It speaks
in the active language: build it where the reader's language is on."""

from dataclasses import dataclass

from django.utils.translation import ngettext

from games.describe import join_phrases, move_phrases, sentence_case
from games.mail.board_text import bracketed_letter
from games.models import Move

MOST_ENTRIES = 12  # one per seat of the biggest table: nobody's play is ever left out
ABOUT_A_SEAT = ("draw_lost", "turn_skipped", "resigned")  # events told of the seat they befell
PLACING_EVENTS = ("chip_placed", "chip_removed")


@dataclass(frozen=True)
class Entry:
    """What one seat did (or what befell it) since the viewer's last play;
    `seat` None is a moderator's act, `team` None likewise."""

    seat: int | None
    team: str | None
    text: str
    acts: tuple[tuple[Move, tuple[dict, ...]], ...] = ()  # oldest first: each move with its events told here

    @property
    def letter(self) -> str:
        """The team's chip as the text e-mail's board writes it: "[B]"."""
        return bracketed_letter(self.team)


@dataclass(frozen=True)
class Recap:
    entries: list[Entry]  # newest first
    more: int  # entries left out, the oldest ones
    changed: dict[str, str]  # the cells played on or cleared, and by which team (changed_cells)
    last: set[str]  # the newest play's cells

    def change_of(self, cell: str) -> str | None:
        return self.changed.get(cell)

    @property
    def phrases(self) -> list[str]:
        return [entry.text for entry in self.entries]

    @property
    def more_line(self) -> str:
        """ "and 3 more players", when some were left out."""
        if not self.more:
            return ""
        return ngettext("and {count} more player", "and {count} more players", self.more).format(count=self.more)


def is_own_play(move: Move, position: int) -> bool:
    """The viewer's own act at the table that opens their turn's news: a play,
    not their draw (others may have played before it) nor what the site or a
    moderator did at their seat."""
    return move.seat == position and move.actor == Move.Actor.PLAYER and move.text != "draw"


def since_last_acted(recent: list[Move], position: int | None) -> list[Move]:
    """The moves (newest first) after the viewer's own last play. For a
    spectator `position` is the seat to play: the round since it last played
    (None, when nobody is to play: the last move)."""
    if position is None:
        return recent[:1]
    for index, move in enumerate(recent):
        if is_own_play(move, position):
            return recent[:index]
    return recent


def recap_of(
    moves: list[Move], viewer_position: int | None, names: dict[int, str], teams: dict[int, str], *, most: int
) -> Recap:
    """`moves` newest first (see since_last_acted); the viewer is "you"; one
    entry per seat, ordered by its newest news, at most `most` of them (the
    newest kept); within an entry the phrases in the order they happened."""
    by_seat: dict[int | None, list[tuple[Move, tuple[dict, ...]]]] = {}
    for move in moves:
        mover = move.seat
        theirs = [e for e in move.events if e["type"] in ABOUT_A_SEAT and e["seat"] != mover]
        for event in theirs:
            by_seat.setdefault(event["seat"], []).insert(0, (move, (event,)))
        own = tuple(e for e in move.events if e not in theirs)
        by_seat.setdefault(mover, []).insert(0, (move, own))
    entries = []
    for seat, acts in by_seat.items():
        phrases = [
            phrase
            for move, events in acts
            for phrase in move_phrases(
                seat_names=names,
                seat=move.seat,
                text=move.text,
                events=list(events),
                you=viewer_position,
                with_draw=False,
            )
        ]
        if phrases:
            team = teams.get(seat) if seat is not None else None
            text = sentence_case(join_phrases(phrases), names.values())
            entries.append(Entry(seat=seat, team=team, text=text, acts=tuple(acts)))
    changed, last = changed_cells(moves, teams)
    return Recap(entries=entries[:most], more=max(0, len(entries) - most), changed=changed, last=last)


def changed_cells(moves: list[Move], teams: dict[int, str]) -> tuple[dict[str, str], set[str]]:
    """The cells played on or cleared in `moves` (newest first), each with
    the team of the seat that did it (a moderator's: no team), and the cells
    of the newest of those plays: the last move, which a draw never is."""
    changed: dict[str, str] = {}
    last: set[str] = set()
    for move in moves:
        cells = {e["cell"] for e in move.events if e["type"] in PLACING_EVENTS}
        if cells and not last:
            last = cells
        for cell in cells:
            changed.setdefault(cell, teams.get(move.seat, ""))
    return changed, last
