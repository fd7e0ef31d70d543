"""Seats before the start: joining a public game, leaving, and the
creator's arrangement of the turn order (and so of the teams)."""

from django.utils import timezone

from games import refusals
from games.mail import notify
from games.models import SEEN_EVERY, Game, Invitation, Seat
from games.presence_stamp import stamp_seen
from games.services._common import changing, invitations_lapse, seats_of
from games.services.dealing import seats_renumber, start_if_full
from games.suspension_rule import require_not_suspended


def seat_join(*, game_id: int, user) -> Seat:
    """Join an open public game (or a private one the user is invited to);
    an invitation the user had is accepted, and the last seat starts a game
    that starts by itself."""
    with changing(game_id, action="join", statuses=(Game.Status.FORMING,)) as game:
        if not game.is_public and not game.invitations.filter(user=user, status=Invitation.Status.PENDING).exists():
            raise refusals.PRIVATE_GAME()
        seat = seat_take(game=game, user=user)
        now = timezone.now()
        if game.invitations.filter(user=user, status=Invitation.Status.PENDING).update(
            status=Invitation.Status.ACCEPTED, answered_at=now
        ):
            notify.invitation_answered(game=game, answerer=user, now=now)
        start_if_full(game=game, user=user)
        return seat


def seat_leave(*, game_id: int, user) -> None:
    """Leave a game before it starts; a game left to bots alone is aborted."""
    with changing(game_id, action="leave", statuses=(Game.Status.FORMING,)) as game:
        deleted, _ = Seat.objects.filter(game=game, user=user).delete()
        if not deleted:
            raise refusals.NO_SEAT()
        if not Seat.objects.filter(game=game, user__isnull=False).exists():  # bots alone play no game
            game.status = Game.Status.ABORTED
            game.abort_reason = "Every player left before the start."
            game.save(update_fields=["status", "abort_reason"])
            invitations_lapse(game)


def seats_arrange(*, game_id: int, user, seat_order: list[int]) -> None:
    """The creator orders the seats (ids, in turn order) before the start;
    teams follow the order: A B A B… or A B C A B C…"""
    with changing(game_id, action="arrange_seats", statuses=(Game.Status.FORMING,)) as game:
        if game.created_by_id != user.pk:
            raise refusals.CREATOR_ONLY_ARRANGES()
        seats = {seat.pk: seat for seat in seats_of(game)}
        if sorted(seat_order) != sorted(seats):
            raise refusals.SEAT_ORDER_INCOMPLETE()
        seats_renumber([seats[seat_id] for seat_id in seat_order])


def seat_take(*, game: Game, user) -> Seat:
    """The lowest free position for `user`, in a locked forming game."""
    require_not_suspended(user)
    seats = seats_of(game)
    if any(seat.user_id == user.pk for seat in seats):
        raise refusals.ALREADY_SEATED()
    if len(seats) >= game.players:
        raise refusals.GAME_FULL()
    taken = {seat.position for seat in seats}
    position = min(p for p in range(game.players) if p not in taken)
    return Seat.objects.create(game=game, position=position, user=user, name=user.username)


def seat_seen(*, game_id: int, user, seat: Seat | None = None) -> None:
    """The user is at the table (a page view, a poll): their turn e-mail can wait.
    No lock and no version: a presence mark, not game state. `seat`: the
    user's seat as just read; a stamp on it that `stamp_seen` would not
    replace saves the UPDATE's round trip."""
    now = timezone.now()
    if seat is not None and seat.last_seen_at is not None and seat.last_seen_at >= now - SEEN_EVERY:
        return
    if user.is_authenticated:
        stamp_seen(game_id=game_id, user_id=user.pk, now=now)
