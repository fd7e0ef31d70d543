"""The lines of "my games" read by SQL written once from the models' _meta
and run on a cursor, each value converted as the ORM converts it
(sequence_site.db_rows; the ORM gives the same lines, checked in
tests/games/test_selectors.py): the ORM built this query on every call, four
to five times slower than running it (bench/list_queries.py).

A line is a row of a base table (a seat, an invitation) with its own
columns, then its game's, then the game's seats as one list (a list of its
`seat` columns each, in turn order; empty when nobody sits), then the game's
last move (seat, text, events; NULLs before the first). One line a game, not
one a seat: the game's columns (its dates above all, which psycopg loads in
Python) are read and converted once, whatever the number of players (#31)."""

import json
from functools import cached_property

from django.db import connection
from django.db.models import Model

from games.models import Game, Move, Seat
from sequence_site.db_rows import converter

LAST_MOVE = ("seat", "text", "events")


def _seats_json(columns: list[str]) -> str:
    """A subquery giving the seats of game g as a JSON array of arrays, in
    turn order: each database spells the aggregate its own way."""
    seats = Seat._meta
    game, position = seats.get_field("game").column, seats.get_field("position").column
    if connection.vendor == "postgresql":
        return (
            f"(SELECT json_agg(json_build_array({', '.join(f'o.{c}' for c in columns)}) ORDER BY o.{position})"
            f" FROM {seats.db_table} o WHERE o.{game} = g.{Game._meta.pk.column})"
        )
    return (  # SQLite: an ordered subquery, since its aggregates take no ORDER BY before 3.44
        f"(SELECT json_group_array(json_array({', '.join(f'o.{c}' for c in columns)}))"
        f" FROM (SELECT {', '.join(columns)} FROM {seats.db_table}"
        f" WHERE {game} = g.{Game._meta.pk.column} ORDER BY {position}) o)"
    )


def _seat_lists(value) -> list[list]:
    """The seats column as a list: PostgreSQL's json comes decoded, SQLite's as text, no seat as NULL."""
    if value is None:
        return []
    return json.loads(value) if isinstance(value, str) else value


class GameLines:
    """`base`'s rows (alias b; its game g) that pass `where(b_meta, g_meta)`,
    a condition on b and g with %s for the run's parameters: `own` columns of
    b, `game` columns of g, and `seat` columns of each of g's seats, in the
    order of their games' ids (a list's cache key is what it read). With
    `newest` (a condition and an order, each written the same way), also the
    first rows that pass the condition in that order, as many as the run's
    last parameter, in the same query. The SQL is written the first time it runs."""

    def __init__(
        self,
        base: type[Model],
        own: tuple[str, ...],
        *,
        game: tuple[str, ...],
        seat: tuple[str, ...],
        where,
        newest=None,
    ):
        self.base, self.own, self.game, self.seat, self.where, self.newest = base, own, game, seat, where, newest

    @cached_property
    def _built(self) -> tuple[str, list]:
        base, moves = self.base._meta, Move._meta
        game_of = base.get_field("game").column
        own = [base.get_field(name) for name in self.own]
        game = [Game._meta.get_field(name) for name in self.game]
        last_move = [moves.get_field(name) for name in LAST_MOVE]
        # The last move but a tabletop draw, which says less than the play before it ("bob took the draw").
        last = [
            f"(SELECT m.{field.column} FROM {moves.db_table} m WHERE m.{moves.get_field('game').column} = b.{game_of}"
            f" AND m.{moves.get_field('text').column} <> 'draw'"
            f" ORDER BY m.{moves.get_field('seq').column} DESC LIMIT 1)"
            for field in last_move
        ]
        columns = [
            *(f"b.{field.column}" for field in own),
            *(f"g.{field.column}" for field in game),
            _seats_json([Seat._meta.get_field(name).column for name in self.seat]),
            *last,
        ]
        lines = (
            f"SELECT {', '.join(columns)} FROM {base.db_table} b"
            f" INNER JOIN {Game._meta.db_table} g ON g.{Game._meta.pk.column} = b.{game_of}"
        )
        sql = f"{lines} WHERE {self.where(base, Game._meta)}"
        if self.newest:
            condition, order = (part(base, Game._meta) for part in self.newest)
            # Derived, since SQLite takes no ORDER BY in one part of a UNION.
            sql += f" UNION ALL SELECT * FROM ({lines} WHERE {condition} ORDER BY {order} LIMIT %s) newest"
        converting = [*map(converter, own + game), _seat_lists, *map(converter, last_move)]
        converters = [(i, convert) for i, convert in enumerate(converting) if convert]
        return sql, converters

    def rows(self, params: list) -> list[list]:
        sql, converters = self._built
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            rows = [list(row) for row in cursor.fetchall()]
        for row in rows:
            for position, convert in converters:
                row[position] = convert(row[position])
        rows.sort(key=lambda row: row[len(self.own)])  # a UNION's parts come in no given order
        return rows
