"""The site's PostgreSQL backend (sequence_site/postgresql): Django's, but
a few rows are inserted as plain VALUES, not as one array a column; many
rows still as arrays, past the 65,535 parameters a statement may have."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Notification
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
