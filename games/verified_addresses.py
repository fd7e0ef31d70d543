"""An address verified (allauth's signals): the invitations sent to it become
its account's (services.invitations_claim). Signals, because confirming an
address is allauth's view, which knows nothing of games."""

from allauth.account.models import EmailAddress
from allauth.account.signals import email_confirmed, user_signed_up

from games.services.invitations import invitations_claim


def _claim_on_confirmation(sender, email_address, **kwargs) -> None:
    invitations_claim(user=email_address.user, email=email_address.email)


def _claim_on_sign_up(sender, user, **kwargs) -> None:
    # An address allauth took as verified at sign-up is never confirmed afterwards (no email_confirmed).
    for email in EmailAddress.objects.filter(user=user, verified=True).values_list("email", flat=True):
        invitations_claim(user=user, email=email)


def connect() -> None:
    email_confirmed.connect(_claim_on_confirmation, dispatch_uid="games.verified_addresses.confirmed")
    user_signed_up.connect(_claim_on_sign_up, dispatch_uid="games.verified_addresses.signed_up")
