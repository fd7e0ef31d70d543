"""A game in play's seats in turn order, each with its game, hand and
player, whether that player is suspended (`seat.suspended`) and whether they
may have a working webhook (`seat.may_listen`), read in one query that locks
the game's row (FOR UPDATE OF the game, where the database has it; SQLite's
write transaction holds the whole file).
Written once in SQL from the models' _meta: every move runs it, and the ORM
took longer to build it than the database to answer it (bench/RESULTS.md,
stop 39); tests/games/test_locked_seats.py checks it reads what the ORM reads."""

from functools import cache

from django.contrib.auth import get_user_model
from django.db import connection

from accounts.webhooks import may_listen_sql, working_params
from games.models import Game, Hand, Seat
from games.suspension_rule import moment, suspended_sql
from sequence_site.db_rows import Columns

SEAT, GAME, HAND, PLAYER = Columns(Seat, "s"), Columns(Game, "g"), Columns(Hand, "h"), Columns(get_user_model(), "u")


@cache
def _sql() -> str:
    seats, games, hands, users = Seat._meta, Game._meta, Hand._meta, get_user_model()._meta
    lock = " FOR UPDATE OF g" if connection.features.has_select_for_update_of else ""
    player = f"s.{seats.get_field('user').column}"
    flags = f"{suspended_sql(player)}, {may_listen_sql(player)}"
    return (
        f"SELECT {', '.join([*SEAT.select, *GAME.select, *HAND.select, *PLAYER.select])}, {flags}"
        f" FROM {seats.db_table} s"
        f" INNER JOIN {games.db_table} g ON g.{games.pk.column} = s.{seats.get_field('game').column}"
        f" LEFT OUTER JOIN {hands.db_table} h ON h.{hands.pk.column} = s.{seats.pk.column}"
        f" LEFT OUTER JOIN {users.db_table} u ON u.{users.pk.column} = s.{seats.get_field('user').column}"
        f" WHERE s.{seats.get_field('game').column} = %s ORDER BY s.{seats.get_field('position').column}{lock}"
    )


def locked_seats(game_id: int) -> list[Seat]:
    """The seats (none when there is no such game or nobody sits), sharing one game; call inside a transaction."""
    with connection.cursor() as cursor:
        cursor.execute(_sql(), [moment(), *working_params(), game_id])
        rows = cursor.fetchall()
    seats, game = [], None
    at_game, at_hand = len(SEAT.fields), len(SEAT.fields) + len(GAME.fields)
    for row in rows:
        seat = SEAT.instance(row)
        game = game or GAME.instance(row, at_game)
        seat.game, seat.hand, seat.user = (
            game,
            HAND.instance(row, at_hand),
            PLAYER.instance(row, at_hand + len(HAND.fields)),
        )
        seat.suspended, seat.may_listen = bool(row[-2]), bool(row[-1])
        seats.append(seat)
    return seats
