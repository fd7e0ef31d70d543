"""The settings page's "New reply addresses" button (accounts never import
games, so its POST comes here): every reply address the player was given
stops working; the next e-mails carry new ones."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from games.mail import tokens


@require_POST
@login_required
def new_reply_addresses(request):
    count = tokens.revoke_all(user=request.user)
    said = ngettext(
        "%(count)d reply address stopped working; your next e-mails carry new ones.",
        "%(count)d reply addresses stopped working; your next e-mails carry new ones.",
        count,
    )
    messages.success(request, said % {"count": count})
    return redirect("account_settings")
