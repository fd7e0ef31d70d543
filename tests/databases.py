"""Marks for tests of what only PostgreSQL has (prepared statements, a
commit's WAL flush). They run wherever the suite runs on PostgreSQL, always
in CI (.ci/run, where a skipped test fails the run), and are skipped on the
embedded SQLite of a plain `make test`, which has neither."""

import pytest
from django.db import connection

postgresql_only = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="PostgreSQL's own behaviour, which SQLite does not have; CI runs it on PostgreSQL",
)
