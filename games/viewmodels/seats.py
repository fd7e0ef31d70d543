"""The seats as the table lists them: one compact row per player in turn
order from the viewer's seat (who is to play, who plays next, cards held,
the last discard) and one per team (members, sequences made and needed)."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone

from accounts import vacation as vacations
from games.game_clock import bank_shown
from games.models import Game, Seat


@dataclass
class SeatRow:
    position: int
    name: str
    team: str
    cards: int
    is_turn: bool
    is_me: bool
    missed_turns: int
    draw_open: bool
    penalties_owed: int
    resigned: bool
    discards: list[str]
    lost_draws: int = 0  # over the whole game
    bank_left: timedelta | None = None  # a time-bank clock's balance, while the bank waits
    bank_runs_out: datetime | None = None  # when the bank runs out, while it runs (the seat's turn)
    away_until: datetime | None = None  # on vacation until then (in a game that allows vacation)
    away_from: datetime | None = None  # ... from then: a vacation still to come (None: it is going on)
    offered: bool = False  # offered for anyone to take over (the open-seat policy)
    is_next: bool = False  # plays after the seat to play
    is_partner: bool = False  # on the viewer's team, not the viewer

    @property
    def last_discard(self) -> str | None:
        return self.discards[-1] if self.discards else None


@dataclass(frozen=True)
class TeamRow:
    team: str
    members: int
    made: int  # sequences
    needed: int


def seat_rows(
    view: dict,
    seats: list[Seat],
    *,
    me: int | None,
    live: bool,
    lost: dict[int, int] | None = None,
    game: Game | None = None,
) -> list[SeatRow]:
    """The seats in seat order; `live` adds what only the present knows
    (missed turns, the banks of `game`, vacations), which a replayed position
    does not. Nothing here says how long is left: a table page is cached by
    the game's revision, not by the minute (a vacation's start and end are
    moments the deadline sweep bumps the revision at: deadlines.shown_changes)."""
    now = timezone.now()
    by_position = {seat.position: seat for seat in seats}
    away = vacations.not_over([s.user for s in seats], now) if live and game and game.vacation_allowed else {}
    my_team = next((row["team"] for row in view["seats"] if row["seat"] == me), None)
    following = next_seat(view)
    rows = []
    for row in view["seats"]:
        seat = by_position[row["seat"]]
        bank, runs_out = bank_shown(game, seat) if live and game and not game.is_over else (None, None)
        starts, ends = away.get(seat.user_id, (None, None))
        rows.append(
            SeatRow(
                position=row["seat"],
                name=seat.name,
                team=row["team"],
                cards=row["cards"],
                is_turn=view["turn"] == row["seat"],
                is_me=row["seat"] == me,
                missed_turns=seat.missed_turns if live else 0,
                draw_open=row["draw_open"],
                penalties_owed=row["penalties_owed"],
                resigned=row["resigned"],
                discards=view["discards"][row["seat"]],
                lost_draws=(lost or {}).get(row["seat"], 0),
                bank_left=bank,
                bank_runs_out=runs_out,
                away_until=ends,
                away_from=starts if starts is not None and starts > now else None,
                offered=live and seat.open_since is not None,
                is_next=row["seat"] == following,
                is_partner=row["team"] == my_team and row["seat"] != me,
            )
        )
    return rows


def next_seat(view: dict) -> int | None:
    """Who plays after the seat to play: the next seat round the table whose
    team is still in the game (None when nobody is to play, or nobody else can)."""
    turn, rows = view["turn"], view["seats"]
    if turn is None or view["result"]:
        return None
    for step in range(1, len(rows)):
        row = rows[(turn + step) % len(rows)]
        if not row["resigned"]:
            return row["seat"]
    return None


def turn_order(rows: list[SeatRow], me: int | None) -> list[SeatRow]:
    """The rows in the order of play starting from the viewer's seat (a
    spectator's: from the first seat)."""
    start = next((index for index, row in enumerate(rows) if row.position == me), 0)
    return rows[start:] + rows[:start]


def team_rows(view: dict) -> list[TeamRow]:
    return [
        TeamRow(
            team=name,
            members=sum(1 for row in view["seats"] if row["team"] == name),
            made=len(view["sequences"].get(name, [])),
            needed=view["sequences_to_win"],
        )
        for name in view["teams"]
    ]
