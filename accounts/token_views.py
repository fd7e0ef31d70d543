"""The settings page's access tokens: make one (its secret shown on the page
that answers, once, and never again) and revoke one."""

from datetime import timedelta

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from accounts.api_tokens import token_create
from accounts.forms import SettingsForm
from accounts.models import ApiToken
from accounts.vacation import vacation_context

SCOPE_LABELS = {
    "games:read": _("See my games"),
    "games:play": _("Play, create and join games, answer invitations, resign"),
    "chat:write": _("Write in the chat of my games"),
}
EXPIRY_CHOICES = [("", _("Never")), ("30", _("In 30 days")), ("90", _("In 90 days")), ("365", _("In a year"))]


class TokenForm(forms.Form):
    name = forms.CharField(label=_("Name of the token"), max_length=100, help_text=_("The program that will use it."))
    scopes = forms.MultipleChoiceField(
        label=_("What it may do"),
        choices=[(scope, SCOPE_LABELS[scope]) for scope in ApiToken.SCOPES],
        widget=forms.CheckboxSelectMultiple,
        initial=["games:read"],
    )
    expires = forms.ChoiceField(label=_("Expires"), choices=EXPIRY_CHOICES, required=False)


def token_context(request, *, token_form: TokenForm | None = None, new_token: str = "") -> dict:
    """The token section of the settings page: the form, the tokens not revoked, a new one's secret."""
    tokens = ApiToken.objects.filter(user=request.user, revoked_at__isnull=True).order_by("-created_at")
    return {
        "token_form": token_form or TokenForm(),
        "tokens": [(token, [SCOPE_LABELS[scope] for scope in token.scopes]) for token in tokens],
        "new_token": new_token,
    }


def _page(request, status=200, **tokens):
    context = {"form": SettingsForm(user=request.user), **token_context(request, **tokens)}
    context |= vacation_context(request.user)
    return render(request, "account/settings.html", context, status=status)


@login_required
@require_POST
def token_new(request):
    form = TokenForm(request.POST)
    if not form.is_valid():
        return _page(request, status=400, token_form=form)
    days = form.cleaned_data["expires"]
    _, secret = token_create(
        user=request.user,
        name=form.cleaned_data["name"],
        scopes=form.cleaned_data["scopes"],
        expires_at=timezone.now() + timedelta(days=int(days)) if days else None,
    )
    # The page itself, not a redirect: the secret must not wait in the session.
    response = _page(request, new_token=secret)
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def token_revoke(request, token_id: int):
    revoked = ApiToken.objects.filter(pk=token_id, user=request.user, revoked_at__isnull=True).update(
        revoked_at=timezone.now()
    )
    if revoked:
        messages.success(request, gettext("The token is revoked: programs using it are refused from now on."))
    return redirect("account_settings")
