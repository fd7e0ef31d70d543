"""An UPDATE whose commit does not wait for the disk, for marks worth less
than a disk flush (a player's presence at the table). On PostgreSQL,
synchronous_commit off for that statement's transaction only: a crash may
lose the last fraction of a second of such marks, never leaves the database
inconsistent, and every other commit still waits for its flush (bench/RESULTS.md,
stop 40: the flush is paid by the first view of a table after each move)."""

from django.db import connection
from django.db.models import QuerySet
from django.db.models.sql import UpdateQuery


def update_without_flush(queryset: QuerySet, **values) -> int:
    """`queryset.update(**values)`, in one round trip: outside a transaction, its
    own commit skips the flush; inside one, that transaction keeps its flush."""
    if connection.vendor != "postgresql" or connection.in_atomic_block:
        return queryset.update(**values)
    query = queryset.query.chain(UpdateQuery)
    query.add_update_values(values)
    update, params = query.get_compiler(queryset.db).as_sql()
    # The setting is local to the statement's own transaction, so its commit
    # is the only one without the flush (a SET LOCAL of its own would need a
    # transaction block: three more round trips).
    with connection.cursor() as cursor:
        cursor.execute(
            f"WITH changed AS ({update} RETURNING 1)"
            " SELECT COUNT(*), set_config('synchronous_commit', 'off', true) FROM changed",
            params,
        )
        return cursor.fetchone()[0]
