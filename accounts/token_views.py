"""The settings page's access tokens: make one (its secret shown on the page
that answers, once, and never again) and revoke one; each token's webhook
is shown with it (accounts/webhook_views.py)."""

from dataclasses import dataclass
from datetime import timedelta

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from accounts import webhook_urls
from accounts.api_tokens import token_create
from accounts.forms import SettingsForm
from accounts.models import ApiToken, Webhook
from accounts.push_views import push_context
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


class WebhookForm(forms.Form):
    url = forms.CharField(
        label=_("Webhook address"),
        max_length=500,
        help_text=_("Each event of your games is POSTed there, signed with a secret that is shown once."),
    )

    def clean_url(self):
        try:
            webhook_urls.checked(self.cleaned_data["url"])
        except webhook_urls.UnsafeUrl as exc:
            raise forms.ValidationError(str(exc)) from exc
        return self.cleaned_data["url"].strip()


def webhook_form_for(token_id: int, data=None) -> WebhookForm:
    """One token's webhook form, its field ids its own (the page has one per token)."""
    return WebhookForm(data, auto_id=f"webhook{token_id}_%s")


@dataclass
class TokenShown:
    token: ApiToken
    scopes: list
    webhook: Webhook | None
    webhook_form: forms.Form | None  # for a token that may have one and has none
    new_secret: str  # the webhook's, just made


def token_context(
    request, *, token_form: TokenForm | None = None, new_token: str = "", webhook_form=None, new_secret=None
) -> dict:
    """The token section of the settings page: the form, the tokens not
    revoked with their webhooks, a new token's or webhook's secret (shown
    once); `webhook_form` and `new_secret` are (token or webhook id, value)."""
    tokens = (
        ApiToken.objects.filter(user=request.user, revoked_at__isnull=True)
        .select_related("webhook")
        .order_by("-created_at")
    )
    shown = []
    for token in tokens:
        webhook = getattr(token, "webhook", None)
        form = None
        if webhook is None and "games:read" in token.scopes:
            form = webhook_form[1] if webhook_form and webhook_form[0] == token.pk else webhook_form_for(token.pk)
        secret = new_secret[1] if webhook and new_secret and new_secret[0] == webhook.pk else ""
        shown.append(TokenShown(token, [SCOPE_LABELS[scope] for scope in token.scopes], webhook, form, secret))
    return {"token_form": token_form or TokenForm(), "tokens": shown, "new_token": new_token}


def page(request, status=200, **tokens):
    context = {"form": SettingsForm(user=request.user), **token_context(request, **tokens), **push_context(request)}
    context |= vacation_context(request.user)
    return render(request, "account/settings.html", context, status=status)


@login_required
@require_POST
def token_new(request):
    form = TokenForm(request.POST)
    if not form.is_valid():
        return page(request, status=400, token_form=form)
    days = form.cleaned_data["expires"]
    _, secret = token_create(
        user=request.user,
        name=form.cleaned_data["name"],
        scopes=form.cleaned_data["scopes"],
        expires_at=timezone.now() + timedelta(days=int(days)) if days else None,
    )
    # The page itself, not a redirect: the secret must not wait in the session.
    response = page(request, new_token=secret)
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def token_revoke(request, token_id: int):
    revoked = ApiToken.objects.filter(pk=token_id, user=request.user, revoked_at__isnull=True).update(
        revoked_at=timezone.now()
    )
    if revoked:
        Webhook.objects.filter(token_id=token_id).delete()  # and with it the events it was still owed
        messages.success(request, gettext("The token is revoked: programs using it are refused from now on."))
    return redirect("account_settings")
