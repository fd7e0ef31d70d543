"""The e-mails of a game's life: started, cancelled, over, a seat offered
to others or taken over, a teammate's proposal to resign."""

from django.urls import reverse
from django.utils import timezone

from games.engine import FIRST_SEAT
from games.leaderboards import change_in
from games.mail.kinds.base import MailKind, absolute
from games.models import SEAT_OFFERED, Game, Notification, ResignationProposal, Seat

Kind = Notification.Kind


class GameStarted(MailKind):
    kind = Kind.GAME_STARTED

    def context(self, notification, game, seat, prepared):
        # Whose turn it is now says nothing: the e-mail may be written after the first move.
        return {"first": next(other.name for other in game.seats.all() if other.position == FIRST_SEAT)}


class GameCancelled(MailKind):
    kind = Kind.GAME_CANCELLED

    def context(self, notification, game, seat, prepared):
        if notification.recipient_id is not None:
            return {}
        # To an address without an account: its footer names who invited it (games.mail.parts).
        invited = game.invitations.filter(email=notification.to_email).select_related("invited_by")
        return {"invitation": invited.first()}


class GameOver(MailKind):
    kind = Kind.GAME_OVER

    def context(self, notification, game, seat, prepared):
        recipient = notification.recipient
        return {
            "replay_url": absolute(reverse("game_replay", args=[game.pk])),
            "rating_change": change_in(game, recipient) if recipient else None,
        }


class SeatOpened(MailKind):
    """The seat is offered to others (variant SEAT_OFFERED), or was taken over
    by the player now at position variant - 1."""

    kind = Kind.SEAT_OPENED

    def context(self, notification, game, seat, prepared):
        offered = notification.variant == SEAT_OFFERED
        if offered and (seat is None or seat.open_since is None):  # they came back, or it was taken
            return None
        taker = next((s.name for s in game.seats.all() if s.position == notification.variant - 1), "")
        return {
            "taken_by": None if offered else taker,
            "missed": game.concede_after,
            "lobby_url": absolute(reverse("open_games")),
        }


class ResignProposed(MailKind):
    kind = Kind.RESIGN_PROPOSED
    asks_to_act = True

    def reply_example(self, moves):
        return "resign"

    def applies(self, notification, game, seat):
        return game.status == Game.Status.ACTIVE and open_proposal(notification, game, seat) is not None

    def context(self, notification, game, seat, prepared):
        proposal = open_proposal(notification, game, seat)
        if proposal is None:
            return None
        names = {s.position: s.name for s in game.seats.all()}
        return {
            "proposer": names[proposal.proposed_by],
            "expires_at": proposal.expires_at,
            "resign_url": absolute(reverse("game_resign", args=[game.pk])),
        }


class ResignDeclined(MailKind):
    kind = Kind.RESIGN_DECLINED

    def applies(self, notification, game, seat):
        return game.status in (Game.Status.ACTIVE, Game.Status.PAUSED)  # a game over since says so itself

    def context(self, notification, game, seat, prepared):
        proposal = numbered_proposal(game, notification.variant)
        if proposal is None or proposal.declined_by is None:
            return None
        if game.resignations.filter(team=proposal.team, pk__gt=proposal.pk).exists():
            return None  # the team has put it again since (and may have resigned): "you play on" is stale
        closer = next(s.name for s in game.seats.all() if s.position == proposal.declined_by)
        return {"player": closer, "withdrawn": proposal.status == ResignationProposal.Status.WITHDRAWN}


def open_proposal(notification: Notification, game: Game, seat: Seat | None) -> ResignationProposal | None:
    """The variant-th resignation proposal of the game, while it is open and
    waits for this seat's agreement."""
    if seat is None:
        return None
    proposal = numbered_proposal(game, notification.variant)
    if proposal is None or proposal.status != ResignationProposal.Status.OPEN or proposal.expires_at <= timezone.now():
        return None
    return None if seat.position in proposal.agreed else proposal


def numbered_proposal(game: Game, number: int) -> ResignationProposal | None:
    """The game's `number`-th resignation proposal (an e-mail's variant), from 1."""
    return game.resignations.order_by("pk")[number - 1 : number].first()
