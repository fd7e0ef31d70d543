"""Rows read on a cursor, made into what the ORM would have given: for the
few hot queries written once in SQL from the models' _meta (games.game_lines,
games.game_seen, accounts.webhooks, accounts.auth_backends), where building
the query with the ORM on every request cost more than running it. Values
are converted by each field's own public `to_python` / `from_db_value`,
instances made by the models' public `from_db`; each such query has a test
that it reads what the ORM reads."""

from dataclasses import dataclass
from datetime import UTC
from functools import cached_property

from django.conf import settings
from django.db import connection
from django.db.models import BooleanField, DateTimeField, Field, Model
from django.utils import timezone


def _aware(field: DateTimeField):
    def convert(value):
        if value is None:
            return None
        value = field.to_python(value)  # SQLite gives text
        return timezone.make_aware(value, UTC) if settings.USE_TZ and timezone.is_naive(value) else value

    return convert


def converter(field: Field):
    """The value as the ORM gives it, or None where the database's will do."""
    if isinstance(field, DateTimeField):
        return _aware(field)
    if hasattr(field, "from_db_value"):  # JSON
        return lambda value: field.from_db_value(value, None, connection)
    if isinstance(field, BooleanField):  # SQLite gives 0 and 1
        return lambda value: None if value is None else field.to_python(value)
    return None


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
