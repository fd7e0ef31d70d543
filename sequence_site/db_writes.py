"""The writes every move makes, each statement written once from the models'
_meta: the ORM took longer to build a move's UPDATE or INSERT than the database
to run it (#31: about a quarter of a move POST's time, bench/RESULTS.md stop 44).
Values are prepared by each field's own `pre_save` and `get_db_prep_save`, as
the ORM prepares them; tests/site/test_db_writes.py checks that each statement
writes the row the ORM writes. No model signal is sent: nothing listens on
the models written here (the same test checks that too)."""

from dataclasses import dataclass
from functools import cache, cached_property

from django.db import connection
from django.db.models import AutoField, Field, Model
from django.db.models.constants import OnConflict

BATCH = 12  # rows an INSERT statement carries at most


@dataclass(frozen=True)
class Update:
    """UPDATE the model's `fields` of the rows equal to `where` (field names,
    "pk" for the key), values as stored (a foreign key's id, not its
    instance); `run` gives how many rows it changed."""

    model: type[Model]
    fields: tuple[str, ...]
    where: tuple[str, ...]

    @cached_property
    def _columns(self) -> tuple[list[Field], list[Field], str]:
        meta = self.model._meta
        set_ = [meta.get_field(name) for name in self.fields]
        where = [meta.pk if name == "pk" else meta.get_field(name) for name in self.where]
        quote = connection.ops.quote_name
        sql = (
            f"UPDATE {quote(meta.db_table)} SET {', '.join(f'{quote(f.column)} = %s' for f in set_)}"
            f" WHERE {' AND '.join(f'{quote(f.column)} = %s' for f in where)}"
        )
        return set_, where, sql

    def run(self, values, where) -> int:
        set_, matched, sql = self._columns
        params = [field.get_db_prep_save(value, connection) for field, value in zip(set_, values, strict=True)]
        params += [field.get_db_prep_value(value, connection) for field, value in zip(matched, where, strict=True)]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.rowcount


@dataclass(frozen=True)
class Insert:
    """INSERT instances of the model, every concrete field but an automatic
    key; with `ignore_conflicts` a row that breaks a unique constraint is left
    out (and no instance gets its key, as with bulk_create), else each gets
    its key from RETURNING (PostgreSQL, and SQLite from 3.35: Debian 12 has
    3.40). A field the database fills (generated, or with a db_default) is
    refused: the ORM leaves it out of an INSERT, and so would have to this."""

    model: type[Model]
    ignore_conflicts: bool = False

    @cached_property
    def fields(self) -> list[Field]:
        fields = [f for f in self.model._meta.concrete_fields if not isinstance(f, AutoField)]
        filled = [f.name for f in fields if f.generated or f.has_db_default()]
        if filled:
            raise ValueError(f"{self.model.__name__}'s {filled} are filled by the database: insert it with the ORM")
        return fields

    def run(self, objs: list[Model]) -> None:
        for start in range(0, len(objs), BATCH):
            batch = objs[start : start + BATCH]
            params = [
                field.get_db_prep_save(field.pre_save(obj, True), connection) for obj in batch for field in self.fields
            ]
            with connection.cursor() as cursor:
                cursor.execute(_insert_sql(self, len(batch)), params)
                if not self.ignore_conflicts:
                    pk = self.model._meta.pk.attname
                    for obj, (key,) in zip(batch, cursor.fetchall(), strict=True):
                        setattr(obj, pk, key)
        for obj in objs:
            obj._state.adding, obj._state.db = False, connection.alias


@cache
def _insert_sql(insert: Insert, rows: int) -> str:
    meta, ops, quote = insert.model._meta, connection.ops, connection.ops.quote_name
    conflict = OnConflict.IGNORE if insert.ignore_conflicts else None
    row = f"({', '.join(['%s'] * len(insert.fields))})"
    sql = (
        f"{ops.insert_statement(on_conflict=conflict)} {quote(meta.db_table)}"
        f" ({', '.join(quote(f.column) for f in insert.fields)}) VALUES {', '.join([row] * rows)}"
    )
    if conflict:
        suffix = ops.on_conflict_suffix_sql(insert.fields, conflict, None, None)
        return f"{sql} {suffix}" if suffix else sql
    return f"{sql} RETURNING {quote(meta.pk.column)}"
