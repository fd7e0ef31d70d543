"""The settings page's webhooks, one per token: set an address (its secret
shown on the page that answers, once), send a test event, enable one that
was disabled after failures, remove it."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from accounts import webhooks
from accounts.models import ApiToken, Webhook
from accounts.token_views import page, webhook_form_for


def _token(request, token_id: int) -> ApiToken:
    return get_object_or_404(ApiToken, pk=token_id, user=request.user, revoked_at__isnull=True)


def _webhook(request, token_id: int) -> Webhook:
    return get_object_or_404(Webhook, token=_token(request, token_id))


@login_required
@require_POST
def webhook_set(request, token_id: int):
    token = _token(request, token_id)
    form = webhook_form_for(token.pk, request.POST)
    if "games:read" not in token.scopes or not form.is_valid():
        return page(request, status=400, webhook_form=(token.pk, form))
    webhook, secret = webhooks.webhook_set(token=token, url=form.cleaned_data["url"])
    # The page itself, not a redirect: the secret must not wait in the session.
    response = page(request, new_secret=(webhook.pk, secret))
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def webhook_test(request, token_id: int):
    webhook = _webhook(request, token_id)
    if webhook.disabled_at is None:
        webhooks.queue_test(webhook)
        messages.success(request, gettext("A test event is on its way: reload the page to see whether it arrived."))
    return redirect("account_settings")


@login_required
@require_POST
def webhook_enable(request, token_id: int):
    webhooks.webhook_enable(_webhook(request, token_id))
    messages.success(request, gettext("The webhook is on again: new events are sent to it."))
    return redirect("account_settings")


@login_required
@require_POST
def webhook_remove(request, token_id: int):
    _webhook(request, token_id).delete()
    messages.success(request, gettext("The webhook is removed."))
    return redirect("account_settings")
