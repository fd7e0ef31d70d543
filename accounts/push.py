"""A player's devices for Web Push: subscribing one (what its browser's
PushManager gave), removing one, and forgetting one its push service says
is gone. The address is checked as a webhook's (no private network)."""

import base64
import binascii
import re

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from accounts import webhook_urls
from accounts.models import PushSubscription, User

ENDPOINT_MAX = 500


class BadSubscription(ValueError):
    """Why a device's subscription is refused; `str()` is the sentence for the player."""


def _key(value, size: int) -> str:
    """A base64url key of exactly `size` bytes, as the browser gave it."""
    if not isinstance(value, str) or not re.fullmatch(r"[A-Za-z0-9_-]{1,200}={0,2}", value):
        raise BadSubscription(_("This device's subscription is not one a browser makes."))
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise BadSubscription(_("This device's subscription is not one a browser makes.")) from None
    if len(raw) != size:
        raise BadSubscription(_("This device's subscription is not one a browser makes."))
    return value.rstrip("=")


def subscribe(*, user: User, data, user_agent: str) -> PushSubscription:
    """Store the subscription `data` ({"endpoint", "keys": {"p256dh", "auth"}}) for `user`'s device."""
    if not isinstance(data, dict) or not isinstance(data.get("keys"), dict):
        raise BadSubscription(_("This device's subscription is not one a browser makes."))
    endpoint = data.get("endpoint")
    if (
        not isinstance(endpoint, str)
        or not endpoint.startswith(("https://", "http://"))
        or len(endpoint) > ENDPOINT_MAX
    ):
        raise BadSubscription(_("This device's subscription is not one a browser makes."))
    try:
        webhook_urls.checked(endpoint)
    except webhook_urls.UnsafeUrl as exc:
        raise BadSubscription(str(exc)) from None
    p256dh, auth = _key(data["keys"].get("p256dh"), 65), _key(data["keys"].get("auth"), 16)
    with transaction.atomic():
        device, _created = PushSubscription.objects.update_or_create(
            endpoint=endpoint,
            defaults={"user": user, "p256dh": p256dh, "auth": auth, "device": device_name(user_agent)},
        )
        User.objects.filter(pk=user.pk).update(has_push_devices=True)
    return device


def remove(*, user: User, device_id: int) -> bool:
    with transaction.atomic():
        removed, _ = PushSubscription.objects.filter(user=user, pk=device_id).delete()
        _recount(user.pk)
    return bool(removed)


def forget(device: PushSubscription) -> None:
    """A device its push service no longer knows (404, 410)."""
    with transaction.atomic():
        device.delete()
        _recount(device.user_id)


def _recount(user_id: int) -> None:
    has = PushSubscription.objects.filter(user_id=user_id).exists()
    User.objects.filter(pk=user_id).update(has_push_devices=has)


_BROWSERS = (("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"), ("Safari/", "Safari"))
_SYSTEMS = (("Android", "Android"), ("iPhone", "iPhone"), ("iPad", "iPad"), ("Windows", "Windows"),
            ("Mac OS X", "macOS"), ("CrOS", "ChromeOS"), ("Linux", "Linux"))  # fmt: skip


def device_name(user_agent: str) -> str:
    """The browser and system a user agent names, e.g. "Firefox on Android", to tell devices apart."""
    browser = next((name for mark, name in _BROWSERS if mark in user_agent), "")
    system = next((name for mark, name in _SYSTEMS if mark in user_agent), "")
    return " · ".join(part for part in (browser, system) if part)[:100]
