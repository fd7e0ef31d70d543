"""Who is owed which e-mail after a change to a game. Called by services
inside the change's transaction; the outbox does the rest."""

from datetime import datetime, timedelta

from django.conf import settings

from games.engine import State
from games.mail.outbox import owed, save_all
from games.models import Game, Invitation, Move, Notification, Seat

Kind = Notification.Kind


def invited(*, invitation, now: datetime) -> None:
    game = invitation.game
    row = owed(kind=Kind.INVITATION, game=game, version=0, user=invitation.user, email=invitation.email, now=now)
    save_all([row], game=game, version=0)


def invitation_answered(*, game: Game, answerer, now: datetime) -> None:
    """The creator hears of each answer to the game's invitations, numbered
    in the order given (the variant), so that each is its own e-mail."""
    creator = game.created_by
    if creator is None or creator.pk == answerer.pk:
        return
    number = game.invitations.filter(answered_at__isnull=False).count()
    row = owed(kind=Kind.INVITATION_ANSWERED, game=game, version=game.version, user=creator, variant=number, now=now)
    save_all([row], game=game, version=game.version)


def moderated(*, game: Game, number: int, tell, now: datetime) -> None:
    """Those a moderator's action concerns hear of it (its audit row, the game's `number`-th)."""
    users = {user.pk: user for user in tell if user is not None}.values()
    rows = [
        owed(kind=Kind.MODERATION, game=game, version=game.version, user=user, variant=number, now=now)
        for user in users
    ]
    save_all(rows, game=game, version=game.version)


def game_cancelled(*, game: Game, seats: list[Seat], now: datetime) -> None:
    """Everyone seated, and everyone still invited, hears that the game is off."""
    rows = [owed(kind=Kind.GAME_CANCELLED, game=game, version=game.version, user=seat.user, now=now) for seat in seats]
    pending = game.invitations.filter(status=Invitation.Status.PENDING).select_related("user")
    rows += [
        owed(kind=Kind.GAME_CANCELLED, game=game, version=game.version, user=inv.user, email=inv.email, now=now)
        for inv in pending
    ]
    save_all(rows, game=game, version=game.version)


def game_started(*, game: Game, seats: list[Seat], starter, now: datetime) -> None:
    rows = [
        owed(kind=Kind.GAME_STARTED, game=game, version=game.version, user=seat.person, now=now)
        for seat in seats
        if seat.person is not None and seat.user_id != starter.pk
    ]
    save_all(rows + _turn_begins(game, seats, now), game=game, version=game.version)


def turn_email_grace() -> timedelta:
    """How long a turn e-mail waits: a player who is at the table meanwhile
    (they moved, or had the page open) is not sent one."""
    return timedelta(seconds=settings.TURN_EMAIL_GRACE_SECONDS)


def _turn_begins(game: Game, seats: list[Seat], now: datetime) -> list:
    user = seats[game.turn_position].person  # a bot is sent nothing
    if user is None:
        return []
    deadline = game.turn_deadline
    due = now + turn_email_grace()
    rows = [
        owed(kind=Kind.YOUR_TURN, game=game, version=game.version, user=user, deadline=deadline, due_at=due, now=now)
    ]
    for hours in user.reminder_offsets:
        due = deadline - timedelta(hours=hours)
        if due > now:
            rows.append(
                owed(
                    kind=Kind.REMINDER,
                    game=game,
                    version=game.version,
                    user=user,
                    due_at=due,
                    variant=hours,
                    deadline=deadline,
                    now=now,
                )
            )
    return rows


def after_input(
    *, game: Game, seats: list[Seat], old: State, new: State, events: list[dict], door: str, now: datetime
) -> None:
    version = game.version
    if new.result is not None:
        rows = [
            owed(kind=Kind.GAME_OVER, game=game, version=version, user=seat.user, now=now)
            for seat in seats
            if seat.user is not None
        ]
        save_all(rows, game=game, version=version)
        return
    rows = [
        owed(kind=Kind.MISSED, game=game, version=version, user=seats[event["seat"]].person, now=now)
        for event in events
        if event["type"] in ("draw_lost", "turn_skipped") and seats[event["seat"]].person is not None
    ]
    if new.turn_no != old.turn_no:
        rows += _turn_begins(game, seats, now)
    # A player at the table sees the Draw button; one who moved by e-mail or
    # through the API is told that the window is open.
    if door != Move.Door.WEB:
        rows += [
            owed(
                kind=Kind.DRAW_WINDOW,
                game=game,
                version=version,
                user=seat.person,
                deadline=seat.draw_deadline,
                now=now,
            )
            for seat in seats
            if old.pending[seat.position] is None and new.pending[seat.position] is not None and seat.person is not None
        ]
    save_all(rows, game=game, version=version)
