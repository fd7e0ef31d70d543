"""A past position of a game, as a spectator would have seen it then:
rebuilt from the move log, shown with the table's cells and seats."""

from dataclasses import dataclass

from games import engine, refusals
from games.models import Game, Seat
from games.viewmodels.table import Table, board_cells, cells_of, history_lines, seat_rows


@dataclass
class ReplayFrame:
    table: Table
    at: int
    total: int


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
    table = Table(
        game=game,
        view=view,
        rows=board_cells(view, last_move=cells_of(shown[-1] if shown else None), targets={}),
        seats=seat_rows(view, seats, me=None, live=False),
        history=list(reversed(history_lines(shown, seats))),
    )
    return ReplayFrame(table=table, at=at, total=total)
