"""Wrong passwords slow down the address that typed them, for that account
only: the failures are counted per (client address, account). After
FREE_FAILURES of them, each next try from there waits FIRST_DELAY seconds,
then twice as long after each further failure, up to MAX_DELAY. A stranger
elsewhere never locks the owner out; an owner slowed at their own address
signs in with a one-time code by e-mail (allauth's login by code, which no
password touches). allauth's own per-address limit (ACCOUNT_RATE_LIMITS)
still bounds how fast one address tries accounts."""

import hashlib
import ipaddress
import time

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core.cache import cache

FREE_FAILURES = 5
FIRST_DELAY = 60
MAX_DELAY = 60 * 60
FORGET_AFTER = 24 * 60 * 60  # a day without a failure and the count starts again


def _address(ip: str) -> str:
    """An IPv6 client has a whole /64 to itself: count per /64, as allauth does."""
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        return ip
    if address.version == 6:
        return str(ipaddress.IPv6Network(f"{address}/64", strict=False).network_address)
    return str(address)


def _account(credentials: dict) -> str:
    """The account a log-in names, by username or by e-mail address: either
    way it counts as one. A login that names no account is counted as typed."""
    email, username = credentials.get("email"), credentials.get("username")
    if email:
        user_id = EmailAddress.objects.filter(email__iexact=email).values_list("user_id", flat=True).first()
    else:
        user_id = get_user_model().objects.filter(username__iexact=username or "").values_list("pk", flat=True).first()
    return f"user:{user_id}" if user_id is not None else f"login:{(email or username or '').lower()}"


def _key(ip: str, credentials: dict) -> str:
    digest = hashlib.sha256(f"{_address(ip)}\0{_account(credentials)}".encode()).hexdigest()
    return f"login-failures:{digest}"


def _delay(failures: int) -> int:
    if failures < FREE_FAILURES:
        return 0
    return min(FIRST_DELAY * 2 ** (failures - FREE_FAILURES), MAX_DELAY)


def seconds_to_wait(ip: str, credentials: dict) -> int:
    """0 when this address may try this account's password now."""
    failures, last = cache.get(_key(ip, credentials), (0, 0.0))
    return max(0, int(last + _delay(failures) - time.time() + 0.999))


def failed(ip: str, credentials: dict) -> None:
    key = _key(ip, credentials)
    failures, _last = cache.get(key, (0, 0.0))
    cache.set(key, (failures + 1, time.time()), FORGET_AFTER)


def succeeded(ip: str, credentials: dict) -> None:
    cache.delete(_key(ip, credentials))
