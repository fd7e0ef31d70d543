"""An ORM query built once and kept as SQL (#31). Building a queryset with
subqueries (the visibility rule's, the table reader's counts) and compiling
it cost several times what running it does: the table page's one query took
longer to build than a whole bare signed-in page takes to answer. A kept
query is built and compiled by the ORM the first time, with stand-in values
where each call's own go, and later calls run its SQL with theirs; its rows
become model instances as the ORM's own would (the related objects it
selects, its annotations, each value converted by its field)."""

from collections.abc import Callable

from django.db import connections
from django.db.models import QuerySet
from django.db.models.query import get_related_populators

# Values no id can have: a parameter equal to one is where a call's own value goes.
STAND_INS = (-7_000_000_001, -7_000_000_002, -7_000_000_003)


class KeptQuery:
    """The rows of `build(*values)` (a queryset of model instances, values
    being ids), built once per database for every call."""

    def __init__(self, build: Callable[..., QuerySet], arity: int):
        self._build, self._stand_ins = build, STAND_INS[:arity]
        self._kept: dict[str, tuple] = {}  # by database alias

    def _compiled(self, alias: str) -> tuple:
        queryset = self._build(*self._stand_ins)
        compiler = queryset.query.get_compiler(using=alias)
        sql, params = compiler.as_sql()
        slots = [self._stand_ins.index(p) if p in self._stand_ins and type(p) is int else None for p in params]
        select, klass_info = compiler.select, compiler.klass_info
        start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
        return (
            sql,
            list(zip(params, slots, strict=True)),
            compiler,
            compiler.get_converters([column[0] for column in select]),
            queryset.model,
            (start, end, [column[0].target.attname for column in select[start:end]]),
            get_related_populators(klass_info, select, alias),
            compiler.annotation_col_map,
        )

    def run(self, *values: int, using: str = "default") -> list:
        if using not in self._kept:
            self._kept[using] = self._compiled(using)
        sql, params, compiler, converters, model, (start, end, names), populators, annotations = self._kept[using]
        with connections[using].cursor() as cursor:
            cursor.execute(sql, [values[slot] if slot is not None else p for p, slot in params])
            rows = cursor.fetchall()
        if converters:
            rows = compiler.apply_converters(rows, converters)
        found = []
        for row in rows:
            obj = model.from_db(using, names, row[start:end])
            for populator in populators:
                populator.populate(row, obj)
            for name, position in annotations.items():
                setattr(obj, name, row[position])
            found.append(obj)
        return found
