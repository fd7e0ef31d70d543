"""A game's newest moves and the moves that open each of its rounds, in one
query: the table's history shows the newest few, each round's start marked
with its number, and numbering the rounds takes every move's seat and text.
The ORM took two queries for it (the newest rows, then three columns of all);
this reads every row once on a cursor (sequence_site.db_rows) and makes model
instances of the newest only. tests/games/test_newest_moves.py checks it
reads what the ORM reads."""

from functools import cache

from django.db import connection

from games.models import Move
from games.viewmodels.history import rounds_of
from sequence_site.db_rows import Columns

MOVE = Columns(Move, "m")


@cache
def _sql() -> str:
    moves = Move._meta
    return (
        f"SELECT {', '.join(MOVE.select)} FROM {moves.db_table} m"
        f" WHERE m.{moves.get_field('game').column} = %s ORDER BY m.{moves.get_field('seq').column}"
    )


@cache
def _turn_columns() -> tuple[int, int, int]:
    names = [field.name for field in MOVE.fields]
    return names.index("seq"), names.index("seat"), names.index("text")


def newest_moves(game_id: int, newest: int) -> tuple[list[Move], dict[int, int]]:
    """The game's `newest` moves, newest first, and where its rounds begin
    (history.rounds_of: the opening move's number -> the round's number)."""
    with connection.cursor() as cursor:
        cursor.execute(_sql(), [game_id])
        rows = cursor.fetchall()
    seq, seat, text = _turn_columns()
    rounds = rounds_of((row[seq], row[seat], row[text]) for row in rows)
    return [MOVE.instance(row) for row in reversed(rows[-newest:] if newest else [])], rounds
