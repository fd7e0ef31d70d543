"""Read queries whose SQL the ORM builds once per process (#15). On the
public lists, building a query in the ORM cost more than running it; a
query with no per-request parameter can keep its SQL. Only for values of
plain columns that need no conversion from the database (numbers, text):
the rows come back as the driver gives them."""

from collections.abc import Callable

from django.db import connection
from django.db.models import QuerySet

_built: dict[tuple[str, str], tuple[str, tuple]] = {}


def rows(name: str, build: Callable[[], QuerySet]) -> list[tuple]:
    """The rows of the query that `build` makes, built once under `name`."""
    key = (connection.vendor, name)
    if key not in _built:
        _built[key] = build().query.sql_with_params()
    sql, params = _built[key]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()
