"""The presence stamp of services.seat_seen: one UPDATE, its SQL written once
from the models' _meta (building it with the ORM took most of the stamp's time
in a table's first view after a move, bench/RESULTS.md stop 42). It writes
only a stamp older than SEEN_EVERY, so that a reload storm writes nothing, and
its commit does not wait for the disk (sequence_site.db_flush)."""

from datetime import datetime
from functools import cache

from django.db import connection

from games.models import SEEN_EVERY, Seat
from sequence_site.db_flush import execute_without_flush


@cache
def _stamp_sql() -> str:
    seats = Seat._meta
    stamp, game, user = (seats.get_field(name).column for name in ("last_seen_at", "game", "user"))
    return (
        f"UPDATE {seats.db_table} SET {stamp} = %s WHERE {game} = %s AND {user} = %s"
        f" AND ({stamp} IS NULL OR {stamp} < %s)"
    )


def stamp_seen(*, game_id: int, user_id: int, now: datetime) -> int:
    """Stamp the user's seat at the game as at the table `now`; how many seats were stamped."""
    as_stored = connection.ops.adapt_datetimefield_value
    return execute_without_flush(_stamp_sql(), [as_stored(now), game_id, user_id, as_stored(now - SEEN_EVERY)])
