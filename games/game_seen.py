"""One game as a viewer may see it — its row, its seats in order with their
players, and what the table page's header needs of its reader — in one SQL
query written once from the models' _meta and run on a cursor. Built by the
ORM on every request, with the visibility rule's subqueries and the reader's,
this query cost more than the rest of a reloaded table page (bench/RESULTS.md,
stop 39). Values are converted and the instances made as the ORM makes them
(sequence_site.db_rows); tests/games/test_selectors.py
checks they equal what the ORM reads."""

from functools import cache

from django.contrib.auth import get_user_model
from django.db import connection

from games.models import ChatMute, Game, Seat
from games.visibility import visible_sql
from sequence_site.db_rows import Columns

GAME, SEAT, PLAYER = Columns(Game, "g"), Columns(Seat, "s"), Columns(get_user_model(), "u")


@cache
def my_moves_sql() -> str:
    """How many of a user's games wait for their move (their turn, or an open
    draw of the tabletop mode), one %s for the user."""
    seats, games = Seat._meta, Game._meta
    return (
        f"SELECT COUNT(*) FROM {seats.db_table} ms INNER JOIN {games.db_table} mg"
        f" ON mg.{games.pk.column} = ms.{seats.get_field('game').column}"
        f" WHERE ms.{seats.get_field('user').column} = %s"
        f" AND mg.{games.get_field('status').column} = '{Game.Status.ACTIVE.value}'"
        f" AND (mg.{games.get_field('turn_position').column} = ms.{seats.get_field('position').column}"
        f" OR ms.{seats.get_field('draw_deadline').column} IS NOT NULL)"
    )


@cache
def _reader_sql() -> str:
    """The reader's waiting games and their mutes as a key (how many, and the newest)."""
    mutes = ChatMute._meta
    of_reader = f"FROM {mutes.db_table} WHERE {mutes.get_field('user').column} = %s"
    return f"({my_moves_sql()}), (SELECT COUNT(*) {of_reader}), (SELECT MAX({mutes.pk.column}) {of_reader})"


@cache
def _from_sql() -> str:
    games, seats, users = Game._meta, Seat._meta, get_user_model()._meta
    return (
        f" FROM {games.db_table} g LEFT OUTER JOIN {seats.db_table} s"
        f" ON s.{seats.get_field('game').column} = g.{games.pk.column}"
        f" LEFT OUTER JOIN {users.db_table} u ON u.{users.pk.column} = s.{seats.get_field('user').column}"
        f" WHERE g.{games.pk.column} = %s"
    )


def game_seen(*, game_id: int, user, reading: bool) -> tuple[Game, list[Seat], tuple] | None:
    """The game, its seats (each with its game and player set) and, when
    `reading` (for a signed-in user), the reader's (waiting games, mutes, newest
    mute); None when the viewer may not see the game, or there is no such game."""
    reading = reading and user.is_authenticated
    columns = [*GAME.select, *SEAT.select, *PLAYER.select]
    rule, rule_params = visible_sql(user=user, game="g")
    sql = f"SELECT {', '.join(columns)}{', ' + _reader_sql() if reading else ''}{_from_sql()} AND {rule}"
    params = [*([user.pk] * 3 if reading else []), game_id, *rule_params]
    with connection.cursor() as cursor:
        cursor.execute(f"{sql} ORDER BY s.{Seat._meta.get_field('position').column}", params)
        rows = cursor.fetchall()
    if not rows:
        return None
    at_seat, at_player = len(GAME.fields), len(GAME.fields) + len(SEAT.fields)
    game, seated = GAME.instance(rows[0]), []
    for row in rows:
        if (seat := SEAT.instance(row, at_seat)) is not None:
            seat.game, seat.user = game, PLAYER.instance(row, at_player)
            seated.append(seat)
    return game, seated, tuple(rows[0][-3:]) if reading else ()
