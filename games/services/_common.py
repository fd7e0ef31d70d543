"""What every service starts from: the game row locked, its seats in turn
order, the status check, and the secure randomness of cuts and shuffles."""

import random

from games.errors import GameNotFound, WrongStatus
from games.models import Game, Invitation, Seat


def secure_rng() -> random.Random:
    return random.SystemRandom()


def secure_shuffle(cards: list[str]) -> list[str]:
    return secure_rng().sample(cards, len(cards))


def locked_game(game_id: int) -> Game:
    """The game, its row locked until the transaction ends (on PostgreSQL)."""
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except Game.DoesNotExist:
        raise GameNotFound("no_such_game") from None


def invitations_lapse(game: Game) -> int:
    """A game called off (cancelled, aborted) leaves nothing to answer: its
    pending invitations lapse, and say so wherever they are shown."""
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
    return seat.missed_turns, seat.draw_deadline


def require_status(game: Game, *statuses: str, action: str) -> None:
    """Refuse `action` (a code of refusal_text.ACTIONS) unless the game is in one of `statuses`."""
    if game.status not in statuses:
        raise WrongStatus("wrong_status", status=game.status, action=action)
