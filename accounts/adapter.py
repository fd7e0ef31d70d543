from allauth.account.adapter import DefaultAccountAdapter
from django import forms
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from accounts import usernames
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

    def get_signup_redirect_url(self, request) -> str:
        # A new player lands on the first-visit page: play a friend, or join an open game.
        return reverse("welcome")

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
        return super().authenticate(request, **credentials)
