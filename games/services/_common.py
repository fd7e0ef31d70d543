"""What every service starts from: the game row locked, its seats in turn
order, the status check, and the secure randomness of cuts and shuffles."""

import random
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from django.db import transaction

from games import events, refusals
from games.models import Game, Invitation, Seat
from games.refusal_text import ACTIONS
from games.services.locked_seats import locked_seats


def secure_rng() -> random.Random:
    return random.SystemRandom()


def secure_shuffle(cards: list[str]) -> list[str]:
    return secure_rng().sample(cards, len(cards))


@contextmanager
def changing(game_id: int, *, action: str | None = None, statuses: Iterable[str] = ()) -> Iterator[Game]:
    """The one way a game is changed: in one transaction, its row locked and
    its revision bumped (which every cached page and poll keys on), refused
    unless it is in one of `statuses` (any, when none is given). A refusal
    raised inside rolls the bump back with everything else. The change's
    events for its players' webhooks are queued at the end, in the same
    transaction (as by every service that bumps a revision itself)."""
    with transaction.atomic():
        game = revised_game(game_id)
        if statuses:
            require_status(game, *statuses, action=action)
        yield game
        events.to_webhooks(game_id)


@contextmanager
def moving(game_id: int) -> Iterator[tuple[Game, list[Seat]]]:
    """changing() for an input to a game in play (a player's or a bot's move),
    in fewer round trips: the game's row locked and read with its seats in one
    query (locked_seats), where changing() takes two. The revision is not bumped
    here: the game it gives holds the revision this change makes, and the
    recorder writes it with the move (moves.record_input: the one UPDATE of
    the game's row), so a refused input writes nothing at all."""
    with transaction.atomic():
        seats = locked_seats(game_id)
        if not seats:  # no game, or nobody sits at it: not a game in play
            require_status(revised_game(game_id), Game.Status.ACTIVE, action="move")
            raise refusals.NOT_A_PLAYER()
        game = seats[0].game
        require_status(game, Game.Status.ACTIVE, action="move")
        game.revision += 1
        for seat in seats:
            seat.game, seat.stored_clock = game, clock_of(seat)
        yield game, seats
        # A game in play tells its seated players only (invitees' events are of forming games).
        events.to_webhooks(game_id, may_listen=any(seat.may_listen for seat in seats))


def revised_game(game_id: int) -> Game:
    """The game with its revision bumped, in one statement that also locks its
    row until the transaction ends (an UPDATE locks, on SQLite the database)."""
    table, pk = Game._meta.db_table, Game._meta.pk.column
    sql = f"UPDATE {table} SET revision = revision + 1 WHERE {pk} = %s RETURNING *"
    game = next(iter(Game.objects.raw(sql, [game_id])), None)
    if game is None:
        raise refusals.NO_SUCH_GAME()
    return game


def invitations_lapse(game: Game) -> int:
    """A game that starts, or is called off (cancelled, aborted), leaves
    nothing to answer: its pending invitations lapse, and say so wherever
    they are shown."""
    return game.invitations.filter(status=Invitation.Status.PENDING).update(status=Invitation.Status.LAPSED)


def seats_of(game: Game) -> list[Seat]:
    """The seats in turn order, so that seats[position] is the seat at that
    position, each noting its clock as stored (see `clock_of`)."""
    seats = list(Seat.objects.filter(game=game).select_related("hand", "user").order_by("position"))
    for seat in seats:
        seat.stored_clock = clock_of(seat)
    return seats


def clock_of(seat: Seat) -> tuple:
    """What an input may change of a seat: the recorder writes a seat only
    when this differs from `seat.stored_clock` (most moves change no seat)."""
    return seat.missed_turns, seat.draw_deadline, seat.bank_seconds, seat.open_since


def require_status(game: Game, *statuses: str, action: str) -> None:
    """Refuse `action` (a code of refusal_text.ACTIONS) unless the game is in one of `statuses`."""
    if action not in ACTIONS:
        raise ValueError(f"{action!r} is not an action with words in refusal_text.ACTIONS")
    if game.status not in statuses:
        raise refusals.WRONG_STATUS(status=game.status, action=action)
