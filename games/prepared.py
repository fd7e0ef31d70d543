"""Read queries whose SQL the ORM builds once per process (#15). On the
lists and the public pages, building a query in the ORM cost more than
running it. A query keeps its SQL when its shape never changes; what
changes per request are whole parameters (a user's or a game's id), which
the SQL is built with stand-ins for and run with the real ones. The rows
get the backend's conversions (SQLite's datetimes), as the ORM gives them."""

from collections.abc import Callable

from django.db import connection
from django.db.models import QuerySet

# Ids no row has: where the built SQL's parameters hold one, the caller's argument goes.
STAND_INS = range(-(2**31) + 1, -(2**31) + 9)


class Prepared:
    def __init__(self, build: Callable[..., QuerySet], arity: int):
        stand_ins = tuple(STAND_INS[:arity])
        compiler = build(*stand_ins).query.get_compiler(connection=connection)
        self.sql, params = compiler.as_sql()
        # Each parameter: ("argument", index) where a stand-in was, else ("fixed", value).
        self.params = [("argument", stand_ins.index(p)) if _is_stand_in(p, stand_ins) else ("fixed", p) for p in params]
        select = [column for column, _, _ in compiler.select[: compiler.col_count]]
        self.converters = list(compiler.get_converters(select).items())

    def run(self, args: tuple) -> list:
        params = [args[value] if kind == "argument" else value for kind, value in self.params]
        with connection.cursor() as cursor:
            cursor.execute(self.sql, params)
            rows = cursor.fetchall()
        if not self.converters:
            return rows
        converted = []
        for row in map(list, rows):
            for position, (functions, expression) in self.converters:
                for function in functions:
                    row[position] = function(row[position], expression, connection)
            converted.append(row)
        return converted


def _is_stand_in(param, stand_ins: tuple) -> bool:
    return type(param) is int and param in stand_ins


_built: dict[tuple[str, str], Prepared] = {}


def rows(name: str, build: Callable[..., QuerySet], *args: int) -> list:
    """The rows of `build(*args)`, its SQL built once under `name`: `build`
    must give a query of the same shape whatever ids it is given."""
    key = (connection.vendor, name)
    if key not in _built:
        _built[key] = Prepared(build, len(args))
    return _built[key].run(args)
