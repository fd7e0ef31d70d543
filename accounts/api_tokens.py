"""Personal access tokens for the JSON API: made here (the token is shown
once and only its SHA-256 is stored), found by the API's door (games/api/auth.py)."""

import hashlib
import secrets
from datetime import datetime, timedelta

from django.utils import timezone

from accounts.models import ApiAnswer, ApiToken

PREFIX = "seq_"


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_create(*, user, name: str, scopes: list[str], expires_at: datetime | None = None) -> tuple[ApiToken, str]:
    """A new token and its secret, which nothing keeps: show it once."""
    secret = PREFIX + secrets.token_urlsafe(32)
    record = ApiToken.objects.create(
        user=user,
        name=name,
        key_hash=digest(secret),
        scopes=[scope for scope in ApiToken.SCOPES if scope in scopes],
        expires_at=expires_at,
    )
    return record, secret


def token_for(secret: str) -> ApiToken | None:
    return ApiToken.objects.select_related("user").filter(key_hash=digest(secret)).first()


# A client retries a request within minutes; a day covers it (as payment APIs keep their keys).
ANSWERS_KEPT = timedelta(days=1)


def answers_prune(now: datetime | None = None) -> int:
    """Forget the Idempotency-Key answers older than ANSWERS_KEPT."""
    return ApiAnswer.objects.filter(created_at__lt=(now or timezone.now()) - ANSWERS_KEPT).delete()[0]
