import math
from types import SimpleNamespace
from urllib.parse import quote, urlsplit

from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.utils import filter_users_by_email, get_next_redirect_url
from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, ngettext

from accounts import lockout, usernames
from accounts.models import SKELETON_FIELDS


class AccountAdapter(DefaultAccountAdapter):
    """allauth, with usernames normalised and look-alikes refused."""

    def clean_username(self, username: str, shallow: bool = False) -> str:
        # Normalised before allauth's checks (the field's validators, taken
        # case-insensitively), so 'ｌｏｏｋ' is judged, and stored, as 'look'.
        username = super().clean_username(usernames.normalise(username), shallow=shallow)
        if not shallow and self._looks_taken(username):
            raise forms.ValidationError(
                gettext("This name looks too much like another player's. Please choose another.")
            )
        return username

    def save_user(self, request, user, form, commit=True):
        # The language they signed up in is their e-mails' until they choose another.
        user.language = translation.get_language() or ""
        return super().save_user(request, user, form, commit=commit)

    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        # allauth's e-mails are the site's (templates/account/email/): in the account's
        # language as ours are, else the page's; greeting its holder by name; signed with
        # the site's name and address, not the request's host as allauth's would be.
        account = context.get("user") or self._account_of(email)
        language = getattr(account, "language", "") or translation.get_language() or settings.LANGUAGE_CODE
        with translation.override(language):
            site = SimpleNamespace(name=gettext("Sequence"), domain=urlsplit(settings.SITE_URL).netloc)
            ours = {"current_site": site, "site_url": settings.SITE_URL}
            if account is not None:
                ours["name"] = account.get_username()
            super().send_mail(template_prefix, email, {**ours, **context})

    @staticmethod
    def _account_of(email: str):
        """The active account the address belongs to (None: no account has it), for
        the e-mails whose context does not name one (the sign-in code, "already exists")."""
        accounts = filter_users_by_email(email, is_active=True, prefer_verified=True)
        return accounts[0] if accounts else None

    def get_signup_redirect_url(self, request) -> str:
        # A new player lands on the first-visit page: play a friend, or join an open game.
        return reverse("welcome")

    def get_email_confirmation_url(self, request, emailconfirmation) -> str:
        # A sign-up on its way somewhere (?next=, as from an invitation's "Sign up to play")
        # goes there once the address is confirmed, in whichever browser opens the link.
        # The browser that signed up resumes its pending log-in and goes straight there;
        # any other is not signed in, so the way leads through the sign-in page.
        url = super().get_email_confirmation_url(request, emailconfirmation)
        after = get_next_redirect_url(request) if request is not None else None
        if not after:
            return url
        sign_in = f"{reverse('account_login')}?next={quote(after, safe='/:')}"
        return f"{url}?next={quote(sign_in, safe='/:')}"  # '/' and ':' kept: a link a reader can read

    def _looks_taken(self, username: str) -> bool:
        keys = usernames.skeletons(username)
        looks_alike = Q()
        for field in SKELETON_FIELDS:
            looks_alike |= Q(**{f"{field}__in": keys})
        return get_user_model().objects.filter(looks_alike).exists()

    def authenticate(self, request, **credentials):
        # Names are stored normalised, so what is typed to log in is too.
        if credentials.get("username"):
            credentials["username"] = usernames.normalise(credentials["username"])
        user = super().authenticate(request, **credentials)
        if user is not None:
            lockout.succeeded(self.get_client_ip(request), credentials)
        return user

    def pre_authenticate(self, request, **credentials):
        super().pre_authenticate(request, **credentials)  # allauth's limit per address
        wait = lockout.seconds_to_wait(self.get_client_ip(request), credentials)
        if wait:
            minutes = math.ceil(wait / 60)
            raise forms.ValidationError(
                ngettext(
                    "Too many wrong passwords for this account from your address. Try again in %(minutes)d minute,"
                    " or sign in with a code sent to your e-mail address.",
                    "Too many wrong passwords for this account from your address. Try again in %(minutes)d minutes,"
                    " or sign in with a code sent to your e-mail address.",
                    minutes,
                )
                % {"minutes": minutes}
            )

    def authentication_failed(self, request, **credentials):
        super().authentication_failed(request, **credentials)
        lockout.failed(self.get_client_ip(request), credentials)
