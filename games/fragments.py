"""Keys of cached pages and fragments: a visitor's whole public page, the
lists of games, the table page's own part (its board, seats and history) and
its chat. A fragment is rendered again only when something it shows has
changed: its key is a digest of exactly that, and of the language and time
zone it is shown in. A list with a countdown ("2 hours left") also changes
key every minute."""

import hashlib
from datetime import datetime

from django.db import models
from django.utils import timezone, translation

SECONDS = 300  # a key nobody asks for again leaves the cache after this


def _key(*shown) -> str:
    parts = (translation.get_language(), timezone.get_current_timezone_name(), *shown)
    return hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest()


def visitor_page_key(request) -> str:
    """A visitor's whole public page (games.visitor_pages): the same for every
    visitor who asks for this address, in this language and time zone."""
    return "visitor-page:" + _key(request.get_host(), request.get_full_path())


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


def _row(instance: models.Model, *, leave_out: tuple[str, ...] = ()) -> tuple:
    """Every column of a row as read, but those named: a column added later
    is part of the key without anyone remembering to add it."""
    return tuple(
        getattr(instance, field.attname) for field in instance._meta.concrete_fields if field.attname not in leave_out
    )


def table_page_keys(*, game, seats, mine, user, card: str | None, show_all: bool, now: datetime) -> dict[str, str]:
    """The keys of the table page's own part (banner, board, hand, seats,
    history) and of its chat, from what the view has read before building
    anything: the game and seat rows, the viewer and their choices. A hit
    costs no view-model.

    The page is a digest of the game's and the seats' rows (the engine's
    snapshot changes with them), so any change to the game, by a move or a
    moderator, makes new keys. Left out: the seats' presence stamps (never
    shown, and written every half minute) and the chat's version, which has
    its own fragment. A game in play shows countdowns: its key also changes
    every minute. The chat changes with its version (messages, hidden ones,
    moderator notes) and shows each reader their own mutes and links."""
    if mine is not None:
        viewer = ("seat", mine.pk, mine.user_id)
    else:
        viewer = "spectator" if user.is_authenticated else "visitor"  # a visitor is asked to sign up
    minute = now.replace(second=0, microsecond=0) if game.status == game.Status.ACTIVE else None
    page = (
        _row(game, leave_out=("chat_version",)),
        [_row(seat, leave_out=("last_seen_at",)) for seat in seats],
        viewer,
        card,
        show_all,
        minute,
    )
    reader = (user.pk, user.chat_mutes_version) if user.is_authenticated else None
    return {
        "page": _key("table-page", page),
        "chat": _key("table-chat", game.pk, game.chat_version, reader, mine is not None),
    }
