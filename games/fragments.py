"""Keys of cached page fragments (the lists of games; the table's board,
seats and history). A fragment is rendered again only when something it
shows has changed: its key is a digest of exactly that, and of the language
and time zone it is shown in. A list with a countdown ("2 hours left") also
changes key every minute."""

import hashlib
from datetime import datetime

from django.utils import timezone, translation

SECONDS = 300  # a key nobody asks for again leaves the cache after this


def _key(*shown) -> str:
    parts = (translation.get_language(), timezone.get_current_timezone_name(), *shown)
    return hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest()


def _seats(seats) -> list:
    return [(seat.pk, seat.name) for seat in seats]


def my_games_key(rows, now: datetime) -> str:
    shown = [
        (
            row.game.pk,
            row.game.version,
            row.game.status,
            row.game.players,
            row.game.winner,
            row.urgency,
            row.deadline,
            row.invitation is not None,
            row.my_seat.pk if row.my_seat else None,
            row.my_team,
            _seats(row.seats),
        )
        for row in rows
    ]
    minute = now.replace(second=0, microsecond=0) if any(row.deadline for row in rows) else None
    return _key("my-games", minute, shown)


def games_key(games) -> str:
    """A list of games by their players (the home page, open games), from
    `selectors.open_games` or `public_games_in_play`."""
    return _key(
        "games",
        [
            (game.pk, game.version, game.status, game.players, game.teams, game.draw_mode, _seats(game.seat_list))
            for game in games
        ],
    )


def profile_key(player, rows) -> str:
    return _key(
        "profile",
        player.pk,
        player.username,
        [(row.game_id, row.players, row.result_reason, row.finished_at, row.team, row.outcome) for row in rows],
    )


def replay_key(game, seats, at: int | None) -> str:
    """A replayed position: the moves up to it never change, and the latest
    one changes with the version; the seats' names are shown with it."""
    return "replay:" + _key(game.pk, game.version, game.status, at, _seats(seats))


def table_keys(table, seats, *, form_enabled: bool) -> dict[str, str]:
    """The keys of the table page's board, seat list and history. Each names
    the viewer's seat (or "spectator"): a board shows its seat's targets and
    where its cards go, the seats and the history say "you", so a fragment is
    never shown to another seat or a spectator. The board also changes with
    the chosen card, "where my cards go" and whether it is a form."""
    game, me = table.game, table.my_seat
    viewer = (me.pk, me.user_id) if me else "spectator"
    shown = (game.pk, game.version, game.status, game.result_reason, game.winner, viewer, _seats(seats))
    board = (table.selected, table.show_all, table.targets, form_enabled)
    return {
        "board": _key("table-board", shown, board),
        "seats": _key("table-seats", shown, table.seats, table.view["draw_pile"]),
        "history": _key("table-history", shown),
    }
