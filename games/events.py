"""What changed in a player's games, as events: one per game, with its
revision (every change bumps it), version, status, whether the player is
seated and whether it is their move. The API's long poll answers them
(games/api/events.py), and every change to a game queues them for its
players' webhooks (accounts/webhooks.py) in the change's own transaction,
so that both tell the same thing."""

import functools

from accounts import webhooks
from games.models import Game, Invitation, Seat

LIVE = (Game.Status.FORMING, Game.Status.ACTIVE, Game.Status.PAUSED)
FIELDS = ("game_id", "game__revision", "game__version", "game__status", "game__turn_position")
SEAT_FIELDS = (*FIELDS, "position", "draw_deadline", "user_id")
INVITED_FIELDS = (*FIELDS, "user_id")


def _event(game_id, revision, version, status, turn, position, draw_deadline) -> dict:
    my_move = status == Game.Status.ACTIVE and position is not None and (turn == position or draw_deadline)
    return {
        "game": game_id,
        "revision": revision,
        "version": version,
        "status": status,
        "seated": position is not None,
        "my_move": bool(my_move),
    }


def _rows(seats, invitations) -> list[tuple]:
    """(user id, event) for the seats' and the pending invitations' rows."""
    rows = [(row[-1], row[:-1]) for row in seats.values_list(*SEAT_FIELDS)]
    invited = invitations.filter(status=Invitation.Status.PENDING, game__status=Game.Status.FORMING, user__isnull=False)
    rows += [(row[-1], (*row[:-1], None, None)) for row in invited.values_list(*INVITED_FIELDS)]
    return [(user_id, _event(*row)) for user_id, row in rows]


def of_user(user, known: set[int]) -> dict[int, dict]:
    """The user's live games and those of `known` (ids), as events by game id (three queries)."""
    seats = Seat.objects.filter(user=user)
    live = seats.filter(game__status__in=LIVE)
    ended = seats.filter(game_id__in=known).exclude(game__status__in=LIVE)
    events = _rows(live, Invitation.objects.filter(user=user)) + _rows(ended, Invitation.objects.none())
    return {event["game"]: event for _, event in events}


@functools.cache
def _players_sql() -> str:
    """The ids of a game's players and pending invitees (%s: the game twice, then the pending status)."""
    seats, invitations = Seat._meta, Invitation._meta
    return (
        f"SELECT {seats.get_field('user').column} FROM {seats.db_table} WHERE {seats.get_field('game').column} = %s"
        f" UNION SELECT {invitations.get_field('user').column} FROM {invitations.db_table}"
        f" WHERE {invitations.get_field('game').column} = %s AND {invitations.get_field('status').column} = %s"
    )


def to_webhooks(game_id: int, *, may_listen: bool = True) -> None:
    """Queue the game's event, as it is now, for each of its players' (and
    invitees') webhooks: called at the end of every change to a game, inside
    its transaction. One query when nobody listens; none when the caller's
    read of the players said so (`may_listen`)."""
    if not may_listen:
        return
    hooks = webhooks.listening((_players_sql(), [game_id, game_id, Invitation.Status.PENDING.value]))
    if not hooks:
        return
    events = dict(_rows(Seat.objects.filter(game_id=game_id), Invitation.objects.filter(game_id=game_id)))
    told = [(hook, events.get(hook.token.user_id)) for hook in hooks]
    webhooks.queue([(hook, game_id, event["revision"], event) for hook, event in told if event is not None])
