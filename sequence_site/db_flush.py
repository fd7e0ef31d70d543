"""A transaction whose commit does not wait for the disk, for marks worth
less than a disk flush (a player's presence at the table). On PostgreSQL,
synchronous_commit off for that transaction only: a crash may lose the last
fraction of a second of such marks, never leaves the database inconsistent,
and every other commit still waits for its flush. A flush is ~3.7 ms here
against ~0.2 ms without (bench/RESULTS.md, stop 40), paid by the first view
of a table after each move."""

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection, transaction


@contextmanager
def transaction_without_flush() -> Iterator[None]:
    """Inside another transaction, just that one (its commit keeps its flush); elsewhere a plain one."""
    if connection.in_atomic_block:
        yield
        return
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL synchronous_commit TO OFF")
        yield
