"""An invitation's signed link, which works for someone without an account
yet. Creating and answering invitations is games.services.invitations; the
link lives apart because e-mails print it, and services send e-mails
(services -> notify -> outbox -> emails): here it imports neither."""

from datetime import timedelta

from django.core import signing

from games import refusals
from games.models import Invitation

INVITATION_SALT = "games.invitation"
INVITATION_MAX_AGE = timedelta(days=60)


def invitation_token(invitation: Invitation) -> str:
    return signing.dumps(invitation.pk, salt=INVITATION_SALT)


def invitation_from_token(token: str) -> Invitation:
    try:
        pk = signing.loads(token, salt=INVITATION_SALT, max_age=INVITATION_MAX_AGE)
        return Invitation.objects.select_related("game").get(pk=pk)
    except (signing.BadSignature, Invitation.DoesNotExist):
        raise refusals.INVITATION_LINK_INVALID() from None
