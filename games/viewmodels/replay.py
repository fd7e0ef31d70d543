"""A past position of a game, as a spectator would have seen it then:
rebuilt from the move log, shown with the table's cells and seats, with
the positions to step to by play and by round."""

from dataclasses import dataclass, field

from games import engine, refusals
from games.models import Game, Seat
from games.viewmodels.history import history_lines, is_turn, rounds_of
from games.viewmodels.recap import changed_cells
from games.viewmodels.seats import seat_rows, team_rows
from games.viewmodels.table import Table, board_cells


@dataclass
class ReplayFrame:
    table: Table
    at: int
    total: int
    plays: list[int] = field(default_factory=list)  # the positions just after each play (draws skipped)
    rounds: list[int] = field(default_factory=list)  # the positions at the end of each round
    round: int = 0  # the round the position is in (0: the deal)

    @property
    def previous_play(self) -> int | None:
        return max((at for at in self.plays if at < self.at), default=0 if self.at > 0 else None)

    @property
    def next_play(self) -> int | None:
        return min((at for at in self.plays if at > self.at), default=self.total if self.at < self.total else None)

    @property
    def previous_round(self) -> int | None:
        return max((at for at in self.rounds if at < self.at), default=0 if self.at > 0 else None)

    @property
    def next_round(self) -> int | None:
        return min((at for at in self.rounds if at > self.at), default=self.total if self.at < self.total else None)

    @property
    def steps_back(self) -> tuple[int | None, int | None]:
        """The back links by play and by round, each only where it goes where no
        other link does (the deal, the previous move, the finer step)."""
        return _new_steps({0, self.at - 1}, self.previous_play, self.previous_round)

    @property
    def steps_forward(self) -> tuple[int | None, int | None]:
        """As steps_back, onwards (the latest position and the next move have their own links)."""
        return _new_steps({self.total, self.at + 1}, self.next_play, self.next_round)


def _new_steps(linked: set[int], *steps: int | None) -> tuple[int | None, ...]:
    """Each step, or None where a link already goes there."""
    kept = []
    for step in steps:
        kept.append(None if step is None or step in linked else step)
        linked.add(step)
    return tuple(kept)


def replay_frame(*, game: Game, seats: list[Seat], at: int | None) -> ReplayFrame:
    """The public position after move `at` (0 = the deal; None or beyond the
    end = the latest), rebuilt from the log."""
    if game.state is None:
        raise refusals.NOTHING_TO_REPLAY()
    final = engine.state_from_json(game.state)
    moves = list(game.moves.order_by("seq"))
    total = len(moves)
    at = total if at is None else max(0, min(at, total))
    shown = moves[:at]
    record = engine.Record(
        teams=final.teams,
        seats=[{} for _ in range(final.players)],
        draw_mode=final.draw_mode,
        deck=list(final.deck),
        reshuffles=[list(p) for p in final.reshuffles],
        moves=[(m.seat, m.text) for m in shown],
    )
    state = record.initial_state()
    for step in engine.replay_steps(record):
        state = step.state
    view = engine.player_view(state, None)
    teams = {seat.position: game.team_name_of(seat.position) for seat in seats}
    starts = rounds_of((m.seq, m.seat, m.text) for m in moves)
    last_play = changed_cells(list(reversed(shown)), teams)[1]
    table = Table(
        game=game,
        view=view,
        rows=board_cells(view, last_move=last_play, targets={}),
        seats=seat_rows(view, seats, me=None, live=False),
        teams=team_rows(view),
        history_of=lambda: list(reversed(history_lines(list(reversed(shown)), seats, teams, rounds=starts))),
    )
    # move seq n is the n-th move, so the position after it is `n`
    plays = [m.seq for m in moves if is_turn(m.seat, m.text)]
    ends = [seq - 1 for seq in starts if seq > 1] + [total]
    played_rounds = [number for seq, number in starts.items() if seq <= at]
    return ReplayFrame(table=table, at=at, total=total, plays=plays, rounds=ends, round=max(played_rounds, default=0))
