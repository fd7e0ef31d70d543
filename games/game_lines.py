"""The lines of "my games" read by SQL written once from the models' _meta
and run on a cursor, each value converted as the ORM converts it
(sequence_site.db_rows; the ORM gives the same rows, checked in
tests/games/test_selectors.py): the ORM built this query on every call, four
to five times slower than running it (bench/list_queries.py).

A line is a row of a base table (a seat, an invitation) with its own
columns, then its game's, then one seat of that game (NULLs when nobody
sits), then the game's last move (seat, text, events; NULLs before the first)."""

from functools import cached_property

from django.db import connection
from django.db.models import Model

from games.models import Game, Move, Seat
from sequence_site.db_rows import converter

LAST_MOVE = ("seat", "text", "events")


class GameLines:
    """`base`'s rows (alias b; its game g) that pass `where(b_meta, g_meta)`,
    a condition on b and g with %s for the run's parameters: `own` columns of
    b, `game` columns of g, `seat` columns of each of g's seats. The SQL is
    written the first time it runs."""

    def __init__(self, base: type[Model], own: tuple[str, ...], *, game: tuple[str, ...], seat: tuple[str, ...], where):
        self.base, self.own, self.game, self.seat, self.where = base, own, game, seat, where

    @cached_property
    def _built(self) -> tuple[str, list]:
        base, seats, moves = self.base._meta, Seat._meta, Move._meta
        game_of = base.get_field("game").column
        fields = [
            *(base.get_field(name) for name in self.own),
            *(Game._meta.get_field(name) for name in self.game),
            *(seats.get_field(name) for name in self.seat),
            *(moves.get_field(name) for name in LAST_MOVE),
        ]
        last = [
            f"(SELECT m.{field.column} FROM {moves.db_table} m WHERE m.{moves.get_field('game').column} = b.{game_of}"
            f" ORDER BY m.{moves.get_field('seq').column} DESC LIMIT 1)"
            for field in fields[-len(LAST_MOVE) :]
        ]
        own, game, seat = len(self.own), len(self.game), len(self.seat)
        columns = [
            *(f"b.{field.column}" for field in fields[:own]),
            *(f"g.{field.column}" for field in fields[own : own + game]),
            *(f"o.{field.column}" for field in fields[own + game : own + game + seat]),
            *last,
        ]
        sql = (
            f"SELECT {', '.join(columns)} FROM {base.db_table} b"
            f" INNER JOIN {Game._meta.db_table} g ON g.{Game._meta.pk.column} = b.{game_of}"
            f" LEFT OUTER JOIN {seats.db_table} o ON o.{seats.get_field('game').column} = g.{Game._meta.pk.column}"
            f" WHERE {self.where(base, Game._meta)}"
            f" ORDER BY b.{game_of}, o.{seats.get_field('position').column}"
        )
        converters = [(i, convert) for i, convert in enumerate(map(converter, fields)) if convert]
        return sql, converters

    def rows(self, params: list) -> list[list]:
        sql, converters = self._built
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            rows = [list(row) for row in cursor.fetchall()]
        for row in rows:
            for position, convert in converters:
                row[position] = convert(row[position])
        return rows
