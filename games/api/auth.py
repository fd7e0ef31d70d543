"""Who a request is: the personal access token in `Authorization: Bearer …`
(never a session, so no CSRF), refused with its own code when it is missing,
unknown, revoked or expired, or its owner is suspended. A known token is
rate limited, marks its last use, and makes the answer speak its owner's
language."""

from datetime import timedelta
from functools import wraps

from django.conf import settings
from django.utils import timezone, translation
from ninja.security import HttpBearer

from accounts.api_tokens import token_for
from accounts.models import ApiToken
from accounts.ratelimits import Limit, take
from games import refusals
from games.suspension_rule import require_not_suspended

# A token's last use is written at most this often: not a write per request.
LAST_USED_EVERY = timedelta(minutes=1)


class Bearer(HttpBearer):
    """ninja's bearer scheme (so the schema documents it); a request without
    one is refused as api_token_missing (games/api/urls.py)."""

    def authenticate(self, request, token: str) -> ApiToken:
        return authenticated(request, token)


def authenticated(request, secret: str) -> ApiToken:
    """The request's token, or a refusal."""
    token = token_for(secret)
    if token is None:
        raise refusals.API_TOKEN_UNKNOWN()
    if token.user.language:  # every refusal from here on in the owner's language
        translation.activate(token.user.language)
    now = timezone.now()
    if token.revoked_at is not None:
        raise refusals.API_TOKEN_REVOKED()
    if token.expires_at is not None and token.expires_at <= now:
        raise refusals.API_TOKEN_EXPIRED()
    require_not_suspended(token.user)
    wait = take(f"api:{token.pk}", Limit(settings.API_REQUESTS_PER_MINUTE, timedelta(minutes=1)), now=now)
    if wait is not None:
        raise refusals.API_RATE_LIMITED(seconds=max(1, int(wait.total_seconds() + 0.999)))
    if token.last_used_at is None or now - token.last_used_at > LAST_USED_EVERY:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    request.user = token.user  # the services' user; the session is never read
    return token


def needs(scope: str):
    """An endpoint that the token's scopes must include `scope` for."""

    def decorate(view):
        @wraps(view)
        def checked(request, *args, **kwargs):
            if scope not in request.auth.scopes:
                raise refusals.API_SCOPE_MISSING(scope=scope)
            return view(request, *args, **kwargs)

        return checked

    return decorate
