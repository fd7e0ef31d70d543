"""The settings page's devices (Web Push): the browser's script posts a
device's subscription here; a form removes one."""

import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from accounts import push

BODY_MAX = 4096  # a subscription is about 400 bytes


def push_context(request) -> dict:
    """What the settings page shows of the player's devices."""
    return {
        "push_key": settings.VAPID_PUBLIC_KEY if settings.VAPID_PRIVATE_KEY else "",
        "devices": list(request.user.push_subscriptions.order_by("created_at")),
    }


@login_required
@require_POST
def push_subscribe(request):
    if not settings.VAPID_PUBLIC_KEY or not settings.VAPID_PRIVATE_KEY:
        return JsonResponse({"error": gettext("This site sends no notifications to devices.")}, status=404)
    if len(request.body) > BODY_MAX:
        return JsonResponse({"error": gettext("This device's subscription is not one a browser makes.")}, status=400)
    try:
        data = json.loads(request.body.decode("utf-8"))
        push.subscribe(user=request.user, data=data, user_agent=request.headers.get("User-Agent", "")[:500])
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        return JsonResponse({"error": gettext("This device's subscription is not one a browser makes.")}, status=400)
    except push.BadSubscription as exc:
        return JsonResponse({"error": str(exc)}, status=400)
    messages.success(request, gettext("This device will be notified."))
    return JsonResponse({"subscribed": True}, status=201)


@login_required
@require_POST
def push_remove(request, device_id: int):
    if push.remove(user=request.user, device_id=device_id):
        messages.success(request, gettext("The device is removed: it gets no more notifications."))
    return redirect(reverse("account_settings") + "#devices")
