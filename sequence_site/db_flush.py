"""A write whose commit does not wait for the disk, for marks worth less than
a disk flush (a player's presence at the table). On PostgreSQL,
synchronous_commit off for that statement's transaction only: a crash may
lose the last fraction of a second of such marks, never leaves the database
inconsistent, and every other commit still waits for its flush (bench/RESULTS.md,
stop 40: the flush is paid by the first view of a table after each move)."""

from django.db import connection


def execute_without_flush(update: str, params: list) -> int:
    """Run one UPDATE (`update`, a statement without RETURNING) in one round
    trip and say how many rows it changed: outside a transaction its own commit
    skips the flush; inside one, that transaction keeps its flush."""
    with connection.cursor() as cursor:
        if connection.vendor != "postgresql" or connection.in_atomic_block:
            cursor.execute(update, params)
            return cursor.rowcount
        # The setting is local to the statement's own transaction, so its commit
        # is the only one without the flush (a SET LOCAL of its own would need a
        # transaction block: three more round trips).
        cursor.execute(
            f"WITH changed AS ({update} RETURNING 1)"
            " SELECT COUNT(*), set_config('synchronous_commit', 'off', true) FROM changed",
            params,
        )
        return cursor.fetchone()[0]
