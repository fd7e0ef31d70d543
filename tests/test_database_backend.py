"""The site's PostgreSQL backend (sequence_site/postgresql): Django's, but
several rows are inserted as plain VALUES, not as one array a column."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Notification
from tests.databases import postgresql_only


@postgresql_only
@pytest.mark.django_db
def test_several_rows_are_inserted_as_values(started_game):
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
