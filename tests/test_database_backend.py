"""The site's PostgreSQL backend (sequence_site/postgresql): Django's, but
a few rows are inserted as plain VALUES, not as one array a column; many
rows still as arrays, past the 65,535 parameters a statement may have; and
timestamps are read by psycopg's own loader, as the same UTC datetimes as
Django's own loader reads."""

from datetime import UTC

import pytest
from django.db import connection
from django.db.backends.postgresql.psycopg_any import register_tzloader
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from psycopg.pq import Format

from games.models import Notification
from sequence_site.postgresql.base import TIMESTAMPTZ, UTCTimestampLoader
from tests.databases import postgresql_only


@postgresql_only
@pytest.mark.django_db
def test_a_few_rows_are_inserted_as_values_and_many_as_arrays(started_game):
    game, users = started_game(2, 2)
    now = timezone.now()
    rows = [
        Notification(recipient=user, to_email=user.email, game=game, version=99, kind="turn", due_at=now)
        for user in users
    ]
    with CaptureQueriesContext(connection) as queries:
        Notification.objects.bulk_create(rows, ignore_conflicts=True)
    [insert] = [query["sql"] for query in queries.captured_queries]
    assert "VALUES" in insert and "UNNEST" not in insert.upper()
    stored = Notification.objects.filter(game=game, version=99).values_list("recipient_id", flat=True)
    assert sorted(stored) == sorted(user.pk for user in users)

    rows = [
        Notification(recipient=users[0], to_email=users[0].email, game=game, version=100 + n, kind="turn", due_at=now)
        for n in range(5000)  # some 90,000 values
    ]
    with CaptureQueriesContext(connection) as queries:
        Notification.objects.bulk_create(rows, ignore_conflicts=True)
    [insert] = [query["sql"] for query in queries.captured_queries]
    assert "UNNEST" in insert.upper()
    assert Notification.objects.filter(game=game, version__gte=100).count() == 5000


TIMESTAMPS = (
    "SELECT x FROM (VALUES (TIMESTAMPTZ '2026-12-07 09:15:02.123456+00'), (TIMESTAMPTZ '0001-01-01 00:00:00+00'),"
    " (TIMESTAMPTZ '9999-12-31 23:59:59.999999+00'), (TIMESTAMPTZ '2026-03-29 02:30:00+05:45'), (NULL)) AS t (x)"
)


@postgresql_only
@pytest.mark.django_db
def test_timestamps_are_read_as_djangos_own_loader_reads_them_in_utc():
    with connection.cursor() as cursor:
        assert cursor.cursor.adapters.get_loader(TIMESTAMPTZ, Format.TEXT) is UTCTimestampLoader  # not Django's
        cursor.execute(TIMESTAMPS)
        ours = [value for (value,) in cursor.fetchall()]
    with connection.cursor() as cursor:
        register_tzloader(UTC, cursor.cursor)  # Django's own, on this cursor alone
        cursor.execute(TIMESTAMPS)
        djangos = [value for (value,) in cursor.fetchall()]
    assert ours == djangos and ours[-1] is None
    assert all(value.tzinfo is UTC for value in ours[:-1])
    assert [value.isoformat() for value in ours[:-1]] == [value.isoformat() for value in djangos[:-1]]
