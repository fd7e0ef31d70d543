"""The e-mails of a game's invitations: the invitation itself, and each
answer to it, to the game's creator."""

from django.urls import reverse

from games.invitations import invitation_token
from games.mail.kinds.base import MailKind, absolute
from games.models import Game, Invitation, Notification


class InvitationMail(MailKind):
    kind = Notification.Kind.INVITATION

    def applies(self, notification, game, seat):
        return game.status == Game.Status.FORMING  # whether it is still pending: read once, in context

    def context(self, notification, game, seat, prepared):
        invitation = pending_invitation(notification)  # once: the invitee may accept while this is built
        if invitation is None:
            return None
        return {
            "invitation": invitation,
            "invitation_url": absolute(reverse("invitation", args=[invitation_token(invitation)])),
        }


def pending_invitation(notification: Notification) -> Invitation | None:
    invitations = Invitation.objects.filter(game=notification.game, status=Invitation.Status.PENDING)
    if notification.recipient_id:
        return invitations.filter(user=notification.recipient).first()
    return invitations.filter(email=notification.to_email).first()


class InvitationAnswered(MailKind):
    """The variant-th answer to the game's invitations, in the order answered."""

    kind = Notification.Kind.INVITATION_ANSWERED

    def context(self, notification, game, seat, prepared):
        answered = notification.game.invitations.filter(answered_at__isnull=False).order_by("answered_at", "pk")
        answer = answered.select_related("user")[notification.variant - 1 : notification.variant].first()
        if answer is None:  # the invitee's account is gone, and the invitation with it
            return None
        return {
            "answer": answer,
            "waiting": [i.shown_as for i in game.invitations.filter(status=Invitation.Status.PENDING)],
        }
