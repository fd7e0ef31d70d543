"""Who is owed which e-mail after a change to a game. Called by services
inside the change's transaction; the outbox does the rest."""

from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from games.engine import State
from games.mail.outbox import owed, save_all
from games.models import SEAT_OFFERED, Game, Invitation, Move, Notification, Seat

Kind = Notification.Kind


def invited(*, invitation, now: datetime) -> None:
    game = invitation.game
    row = owed(kind=Kind.INVITATION, game=game, version=0, user=invitation.user, email=invitation.email, now=now)
    save_all([row], game=game, version=0)


def invitation_answered(*, game: Game, answerer, now: datetime) -> None:
    """The creator hears of each answer to the game's invitations, numbered
    in the order given (the variant), so that each is its own e-mail. The
    answerer is None for an invitation declined through its link, signed out."""
    creator = game.created_by
    if creator is None or (answerer is not None and creator.pk == answerer.pk):
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


def chat_mentioned(*, game: Game, message, mentioned: list, now: datetime) -> None:
    """The players a chat message names (@username) hear of it; the variant is
    the message's number in its game, so that each message is its own notice."""
    number = min(game.chat_messages.filter(pk__lte=message.pk).count(), 32767)
    rows = [
        owed(kind=Kind.CHAT_MENTION, game=game, version=game.version, user=user, variant=number, now=now)
        for user in mentioned
    ]
    save_all(rows, game=game, version=game.version)


def resignation_proposed(*, game: Game, proposal, asked: list[Seat], now: datetime) -> None:
    """The teammates asked to agree to a resignation hear of it; the variant
    is the proposal's number in its game, so that each is its own e-mail."""
    number = _proposal_number(game, proposal)
    rows = [
        owed(kind=Kind.RESIGN_PROPOSED, game=game, version=game.version, user=seat.user, variant=number, now=now)
        for seat in asked
    ]
    save_all(rows, game=game, version=game.version)


def resignation_closed(*, game: Game, proposal, told: list[Seat], now: datetime) -> None:
    """A teammate declined the team's proposal, or its proposer withdrew it:
    `told` (who agreed or was asked) hear that they play on; the variant is
    the proposal's number, as for its asking."""
    number = _proposal_number(game, proposal)
    rows = [
        owed(kind=Kind.RESIGN_DECLINED, game=game, version=game.version, user=seat.person, variant=number, now=now)
        for seat in told
    ]
    save_all(rows, game=game, version=game.version)


def _proposal_number(game: Game, proposal) -> int:
    """The proposal's number in its game, from 1 (kinds.lifecycle.numbered_proposal reads it back)."""
    return game.resignations.filter(pk__lte=proposal.pk).count()


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
        if seat.person is not None and (starter is None or seat.user_id != starter.pk)
    ]
    save_all(rows + _turn_begins(game, seats, now), game=game, version=game.version)


def turn_email_grace() -> timedelta:
    """How long a turn e-mail waits: a player who is at the table meanwhile
    (they moved, or had the page open) is not sent one."""
    return timedelta(seconds=settings.TURN_EMAIL_GRACE_SECONDS)


def present_email_grace() -> timedelta:
    """How long the turn e-mail of a player who was at the site a moment ago waits."""
    return timedelta(seconds=settings.PRESENT_EMAIL_GRACE_SECONDS)


def _turn_begins(game: Game, seats: list[Seat], now: datetime) -> list:
    seat = seats[game.turn_position]
    user = seat.person  # a bot is sent nothing
    if user is None:
        return []
    deadline = game.turn_deadline
    # At the table a few minutes ago (a page, its poll): likely to be back before an e-mail would help.
    present = seat.last_seen_at is not None and seat.last_seen_at > now - present_email_grace()
    due = now + (present_email_grace() if present else turn_email_grace())
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


def emails_follow(game: Game, moved: dict[datetime, datetime], *, resumed: bool = False) -> None:
    """Turn, reminder and draw e-mails for a deadline that moved go with it:
    a reminder keeps its hours before the deadline and is owed again if that
    is still ahead (sent or dropped before: reminders follow the clock), and
    on a resume a turn e-mail dropped during the pause is owed again. An
    e-mail for another deadline than the game's is dropped when sent (emails._relevant)."""
    status = Notification.Status
    done = (status.SENT, status.SKIPPED)
    rows = list(Notification.objects.filter(game=game, deadline__in=list(moved)).exclude(status=status.SENDING))
    now = timezone.now()
    changed = []
    for row in rows:
        deadline = moved[row.deadline]
        if row.kind == Kind.REMINDER:
            due = deadline - timedelta(hours=row.variant)
            if row.status in done and due <= now:
                continue  # its time is past: not owed twice
            row.due_at, row.status = due, status.PENDING
        elif row.status in done:
            if not (resumed and row.kind == Kind.YOUR_TURN and row.status == status.SKIPPED):
                continue
            row.due_at, row.status = now, status.PENDING
        row.deadline = deadline
        changed.append(row)
    Notification.objects.bulk_update(changed, ["deadline", "due_at", "status"])


def vacation_day_spent(*, game: Game, user, now: datetime) -> None:
    """Auto-vacation spent a day of the player's for this turn: they hear of
    it (each day its own e-mail: the variant is the turn's days so far)."""
    variant = game.turn_allowance_seconds // 86400 % 32768
    row = owed(
        kind=Kind.VACATION_SPENT,
        game=game,
        version=game.version,
        user=user,
        variant=variant,
        deadline=game.turn_deadline,
        now=now,
    )
    save_all([row], game=game, version=game.version)


def seat_opened(*, game: Game, user, now: datetime) -> None:
    """A player who missed too many turns hears that their seat is offered to anyone."""
    row = owed(kind=Kind.SEAT_OPENED, game=game, version=game.version, user=user, variant=SEAT_OFFERED, now=now)
    save_all([row], game=game, version=game.version)


def seat_taken_over(*, game: Game, seats: list[Seat], position: int, leaving, now: datetime) -> None:
    """The player who left hears that their seat was taken over; a newcomer
    whose turn it is gets the turn e-mail (and its reminders)."""
    rows = [owed(kind=Kind.SEAT_OPENED, game=game, version=game.version, user=leaving, variant=1 + position, now=now)]
    if game.turn_position == position and game.turn_deadline is not None:
        rows += _turn_begins(game, seats, now)
    save_all(rows, game=game, version=game.version)
