"""Rows read on a cursor, made into what the ORM would have given: for the
few hot queries written once in SQL from the models' _meta (games.game_lines,
games.game_seen, accounts.webhooks, accounts.auth_backends), where building
the query with the ORM on every request cost more than running it. Values
are converted by the converters the ORM applies (the backend's and the
field's), instances made by the models' public `from_db`; each such query
has a test that it reads what the ORM reads."""

from dataclasses import dataclass
from functools import cached_property

from django.db import connection
from django.db.models import Field, Model


def converter(field: Field):
    """The value as the ORM gives it, or None where the database's will do:
    the converters the ORM's compiler applies to the column, the backend's
    (SQLite's text dates, its 0 and 1) and the field's (JSON), in its order."""
    column = field.get_col(field.model._meta.db_table)
    converters = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
    if not converters:
        return None

    def convert(value):
        for convert_one in converters:
            value = convert_one(value, column, connection)
        return value

    return convert


@dataclass(frozen=True)
class Columns:
    """A model's concrete columns under a table alias of a query: what to
    select, and the instance the ORM would load from them."""

    model: type[Model]
    alias: str

    @cached_property
    def fields(self) -> list[Field]:
        return self.model._meta.concrete_fields

    @cached_property
    def select(self) -> list[str]:
        return [f"{self.alias}.{field.column}" for field in self.fields]

    @cached_property
    def _loading(self) -> tuple[list[str], list]:
        converters = [(i, convert) for i, convert in enumerate(map(converter, self.fields)) if convert]
        return [field.attname for field in self.fields], converters

    def instance(self, row, start: int = 0) -> Model | None:
        """The instance from `row`'s values at `start` on, or None when they are NULLs (an outer join found none)."""
        values = list(row[start : start + len(self.fields)])
        if values[0] is None:
            return None
        names, converters = self._loading
        for position, convert in converters:
            values[position] = convert(values[position])
        return self.model.from_db(connection.alias, names, values)
