"""Invitations: sending one (by username or e-mail address, within limits
that keep the site from mailing strangers in bulk), accepting and declining,
and an address's invitations claimed by the account that verifies it
(when allauth says so: games.verified_addresses).
The signed link of an invitation is games.invitations."""

from datetime import datetime, timedelta

from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from accounts.ratelimits import Limit, take
from games import events, inputs, refusals
from games.errors import GameNotFound
from games.mail import notify
from games.models import Game, Invitation, Seat
from games.services._common import changing, require_status, revised_game
from games.services.dealing import start_if_full
from games.services.seating import seat_take

User = get_user_model()
INVITATIONS_BEYOND_OPEN_SEATS = 2  # room for a friend or two who may decline


def invitation_create(*, game_id: int, inviter, invitee: str) -> Invitation:
    """Invite someone by username (which must exist) or e-mail address; an
    address without an account gets an invitation that its link can redeem
    after signing up. The invitation keeps what the inviter typed, and asking
    again for someone already invited returns their invitation."""
    invitee = inputs.checked_invitee(invitee)
    with changing(game_id, action="invite", statuses=(Game.Status.FORMING,)) as game:
        if not game.seats.filter(user=inviter).exists():
            raise refusals.PLAYERS_ONLY_INVITE()
        address = invitee.lower() if "@" in invitee else ""
        user = _invitee_account(invitee, address)
        if user is not None and game.seats.filter(user=user).exists():
            raise refusals.INVITEE_SEATED(invitee=invitee)
        existing = game.invitations.filter(_same_invitee(user, address)).first()
        if existing is not None:
            return existing
        now = timezone.now()
        _check_invitation_limits(game=game, inviter=inviter, now=now)
        invitation = Invitation.objects.create(game=game, invited_by=inviter, user=user, email=address)
        notify.invited(invitation=invitation, now=now)
        return invitation


def _check_invitation_limits(*, game: Game, inviter, now: datetime) -> None:
    """Every invitation is an e-mail to someone who did not ask for it: a game
    may have its open seats and two more waiting for an answer, and an inviter
    may send INVITATIONS_PER_DAY a day (the site's rate limiter)."""
    open_seats = game.players - game.seats.count()
    waiting = game.invitations.filter(status=Invitation.Status.PENDING).count()
    if waiting >= open_seats + INVITATIONS_BEYOND_OPEN_SEATS:
        raise refusals.TOO_MANY_INVITATIONS(open_seats=open_seats, waiting=waiting)
    per_day = Limit(settings.INVITATIONS_PER_DAY, timedelta(days=1))
    if take(f"invitations:{inviter.pk}", per_day, now=now) is not None:
        raise refusals.INVITATIONS_PER_DAY(sent=per_day.capacity)


def _invitee_account(invitee: str, address: str):
    """The account behind a username (which must exist) or an address (which
    need not): the account that verified it, as for a claim (invitations_claim),
    never one that only typed it at sign-up."""
    if address:
        return User.objects.filter(emailaddress__email__iexact=address, emailaddress__verified=True).first()
    user = User.objects.filter(username__iexact=invitee).first()
    if user is None:
        raise refusals.NO_SUCH_PLAYER(invitee=invitee)
    return user


def _same_invitee(user, address: str) -> Q:
    """An invitation this game may already hold for the same person, by account or by address."""
    if user is None:
        return Q(email=address)
    return Q(user=user) | Q(email=address) if address else Q(user=user)


def invitation_accept(*, invitation_id: int, user) -> Seat:
    """Take a seat through an invitation. An invitation sent to an address
    is bound to whoever follows its signed link first. The creator is told,
    and the last seat starts a game that starts by itself."""
    with transaction.atomic():
        game, invitation = _locked(invitation_id)
        _check_answerable(invitation, user, game)
        require_status(game, Game.Status.FORMING, action="join")
        seat = seat_take(game=game, user=user)
        invitation.user, invitation.status, invitation.answered_at = user, Invitation.Status.ACCEPTED, timezone.now()
        try:
            with transaction.atomic():
                invitation.save(update_fields=["user", "status", "answered_at"])
        except IntegrityError:  # the user also had an invitation by name: that one is answered too
            Invitation.objects.filter(game=game, user=user).update(status=Invitation.Status.ACCEPTED)
            invitation.user = None
            invitation.save(update_fields=["user", "status", "answered_at"])
        notify.invitation_answered(game=game, answerer=user, now=invitation.answered_at)
        start_if_full(game=game, user=user)
        events.to_webhooks(game.pk)
        return seat


def invitation_decline(*, invitation_id: int, user) -> None:
    """Decline an invitation; the creator is told. The game row is locked
    too, as by an acceptance, so that answers are numbered in turn. With no
    user, the holder of its link declines it, signed out: an invitation to an
    address, whose e-mail offers that to someone who has no account."""
    with transaction.atomic():
        game, invitation = _locked(invitation_id)
        _check_answerable(invitation, user, game)
        invitation.status, invitation.answered_at = Invitation.Status.DECLINED, timezone.now()
        invitation.save(update_fields=["status", "answered_at"])
        notify.invitation_answered(game=game, answerer=user, now=invitation.answered_at)
        events.to_webhooks(game.pk)


def _locked(invitation_id: int) -> tuple[Game, Invitation]:
    """The invitation's game, then the invitation, locked in that order, as a
    cancellation or an abort locks them (the game, then its invitations): the
    opposite order would let the two wait on each other on PostgreSQL."""
    game_id = Invitation.objects.values_list("game_id", flat=True).get(pk=invitation_id)
    game = revised_game(game_id)
    return game, Invitation.objects.select_for_update().get(pk=invitation_id)


def _check_answerable(invitation: Invitation, user, game: Game) -> None:
    if invitation.for_someone_else(user):
        raise refusals.INVITATION_FOR_SOMEONE_ELSE()
    if invitation.status == Invitation.Status.LAPSED:
        raise refusals.INVITATION_FILLED() if game.started_at else refusals.INVITATION_LAPSED()
    if invitation.status != Invitation.Status.PENDING:
        raise refusals.INVITATION_ANSWERED(status=invitation.status)


def invitations_claim(*, user, email: str) -> list[Invitation]:
    """An invitation to an address belongs to whoever verifies that address:
    each one still open (pending, its game forming, nobody's yet) becomes
    `user`'s, listed and answered as an invitation by username. Nothing
    happens unless `user` has verified `email` (compared as allauth does,
    whatever the case), nor in a game where they already sit or hold an
    invitation by name. Running it again claims nothing more."""
    if not EmailAddress.objects.filter(user=user, email__iexact=email, verified=True).exists():
        return []
    claimed = []
    with transaction.atomic():
        forming = _open_to(email).filter(game__status=Game.Status.FORMING).order_by("pk")
        for invitation_id in forming.values_list("pk", flat=True):
            # Locked as an answer locks them (_locked), then read again: another may have claimed it.
            try:
                game, invitation = _locked(invitation_id)
            except (Invitation.DoesNotExist, GameNotFound):  # deleted meanwhile, with its game (the admin)
                continue
            if invitation.user_id or invitation.status != Invitation.Status.PENDING:
                continue
            if game.status != Game.Status.FORMING or _in_game(game, user):
                continue
            invitation.user = user
            invitation.save(update_fields=["user"])
            events.to_webhooks(game.pk)
            claimed.append(invitation)
    return claimed


def _open_to(email: str) -> QuerySet[Invitation]:
    return Invitation.objects.filter(email__iexact=email, user=None, status=Invitation.Status.PENDING)


def _in_game(game: Game, user) -> bool:
    """Seated already, or invited by name (an account holds one invitation a game)."""
    return game.seats.filter(user=user).exists() or game.invitations.filter(user=user).exists()
