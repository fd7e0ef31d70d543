"""On PostgreSQL a query the site runs again and again is prepared once per
connection (settings: server-side binding, psycopg's prepare_threshold), so
that the server stops planning it each time."""

import pytest
from django.db import connection

from accounts.models import User
from tests.databases import postgresql_only


def prepared_statements_reading(table: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM pg_prepared_statements WHERE statement LIKE %s", [f"%{table}%"])
        return cursor.fetchone()[0]


@postgresql_only
@pytest.mark.django_db
def test_a_query_run_again_and_again_is_prepared():
    table = User._meta.db_table
    list(User.objects.filter(pk=1))
    assert prepared_statements_reading(table) == 0  # once is not yet worth it
    for _ in range(5):
        list(User.objects.filter(pk=1))
    assert prepared_statements_reading(table) == 1
