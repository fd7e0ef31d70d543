"""Django's PostgreSQL compilers, but for inserting a few rows: Django 5.2
sends several rows as one array a column (INSERT … SELECT * FROM UNNEST(…)),
so that PostgreSQL plans one statement whatever the number of rows. The
site's statements are prepared (settings: server_side_binding,
prepare_threshold), which spares the planning already, and psycopg dumping
each column as an array in Python is what is left: a move's outbox rows (a
turn e-mail and its reminders) took 0.89 ms that way against 0.58 ms as plain
VALUES (bench/RESULTS.md, stop 43). Many rows still go as arrays: a
server-bound statement takes at most 65,535 parameters, an array one a column."""

from django.db.backends.postgresql import compiler
from django.db.backends.postgresql.compiler import (
    SQLAggregateCompiler,
    SQLCompiler,
    SQLDeleteCompiler,
    SQLUpdateCompiler,
)
from django.db.models.sql.compiler import SQLInsertCompiler as ValuesInsertCompiler

__all__ = ["SQLAggregateCompiler", "SQLCompiler", "SQLDeleteCompiler", "SQLInsertCompiler", "SQLUpdateCompiler"]

# The most rows one change of a game writes at once (a twelve-seat table's e-mails or hands).
VALUES_UP_TO = 12


class SQLInsertCompiler(compiler.SQLInsertCompiler):
    def assemble_as_sql(self, fields, value_rows):
        if len(value_rows) <= VALUES_UP_TO:
            return ValuesInsertCompiler.assemble_as_sql(self, fields, value_rows)
        return super().assemble_as_sql(fields, value_rows)
