"""Django's PostgreSQL compilers, but for inserting several rows: Django 5.2
sends them as one array a column (INSERT … SELECT * FROM UNNEST(…)), so that
PostgreSQL plans one statement whatever the number of rows. The site's
statements are prepared (settings: server_side_binding, prepare_threshold),
so planning is already spared, and psycopg dumping each column as an array in
Python is what is left: a move's outbox rows (a turn e-mail and its
reminders) took 0.89 ms that way against 0.58 ms as plain VALUES
(bench/RESULTS.md, stop 43). Django's generic insert compiler writes VALUES."""

from django.db.backends.postgresql.compiler import (
    SQLAggregateCompiler,
    SQLCompiler,
    SQLDeleteCompiler,
    SQLUpdateCompiler,
)
from django.db.models.sql.compiler import SQLInsertCompiler

__all__ = ["SQLAggregateCompiler", "SQLCompiler", "SQLDeleteCompiler", "SQLInsertCompiler", "SQLUpdateCompiler"]
