"""Reply addresses: play+<token>@INBOUND_DOMAIN. The token (120 bits) names
one player of one game, and only its SHA-256 is stored. It works while the
game is in play, the player still holds their seat, and nobody revoked it
(the player asks for new addresses in the settings). An e-mail's token is
derived from the site's secret and its outbox row, so a retry of that e-mail
carries the same address and writes nothing; an answer to a reply gets a
random one. Tokens of games over (or revoked) are pruned after
INBOUND_RETENTION_DAYS."""

import base64
import hashlib
import hmac
import re
import secrets
from datetime import datetime, timedelta
from email.utils import getaddresses
from urllib.parse import urlsplit

from django.conf import settings
from django.utils import timezone

from games import refusals
from games.errors import GameError
from games.models import Game, ReplyToken, Seat

PREFIX = "play"
# base32 of 15 random bytes, lower case: safe in any local part, any case folding.
_TOKEN = re.compile(r"[a-z2-7]{24}")


def inbound_domain() -> str:
    return settings.INBOUND_DOMAIN or urlsplit(settings.SITE_URL).hostname or "localhost"


def digest_of(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _encoded(secret: bytes) -> str:
    return base64.b32encode(secret[:15]).decode().lower()


def for_emails(notifications: list) -> list[str]:
    """The token of each outbox row (its recipient, in its game), in that
    order: the same one each time the e-mail is built, stored the first time.
    One query for them all (a batch of e-mails)."""
    key = settings.SECRET_KEY.encode()
    tokens = [
        _encoded(hmac.digest(key, f"reply-address:{notification.pk}".encode(), "sha256"))
        for notification in notifications
    ]
    rows = [
        ReplyToken(digest=digest_of(token), user=notification.recipient, game_id=notification.game_id)
        for token, notification in zip(tokens, notifications, strict=True)
    ]
    ReplyToken.objects.bulk_create(rows, ignore_conflicts=True)  # built before: stored already
    return tokens


def issue(*, user, game: Game) -> str:
    """A new random token (an answer to a reply, which no outbox row carries)."""
    token = _encoded(secrets.token_bytes(15))
    ReplyToken.objects.create(digest=digest_of(token), user=user, game=game)
    return token


def address(token: str) -> str:
    return f"{PREFIX}+{token}@{inbound_domain()}"


def reply_address(*, user, game: Game) -> str:
    return address(issue(user=user, game=game))


def token_in(addresses: list[str]) -> str | None:
    """The token of the first play+<token>@INBOUND_DOMAIN among header values
    (To, Cc, Delivered-To…) or bare envelope addresses; None if there is none."""
    domain = inbound_domain().lower()
    for _name, addr in getaddresses(addresses):
        local, _, host = addr.strip().lower().rpartition("@")
        head, plus, token = local.partition("+")
        if host == domain and head == PREFIX and plus and _TOKEN.fullmatch(token):
            return token
    return None


def find(token: str | None) -> ReplyToken | None:
    """The stored token, alive or not; None for one the site never issued."""
    if token is None:
        return None
    return ReplyToken.objects.select_related("user", "game").filter(digest=digest_of(token)).first()


def why_dead(row: ReplyToken) -> GameError | None:
    """Why a stored token no longer works (a refusal), or None if it does."""
    if row.revoked_at is not None:
        return refusals.TOKEN_REVOKED()
    if row.game.status != Game.Status.ACTIVE:
        return refusals.TOKEN_GAME_OVER()
    if not Seat.objects.filter(game_id=row.game_id, user_id=row.user_id).exists():
        return refusals.TOKEN_SEAT_GIVEN_UP()
    return None


def prune(now: datetime | None = None) -> int:
    """Forget the tokens that can never work again (their game is over, or
    they were revoked) and are older than INBOUND_RETENTION_DAYS."""
    before = (now or timezone.now()) - timedelta(days=settings.INBOUND_RETENTION_DAYS)
    dead = ReplyToken.objects.filter(created_at__lt=before).exclude(
        game__status=Game.Status.ACTIVE, revoked_at__isnull=True
    )
    return dead.delete()[0]


def revoke_all(*, user) -> int:
    """Every reply address of this player stops working ("new reply addresses")."""
    return ReplyToken.objects.filter(user=user, revoked_at__isnull=True).update(revoked_at=timezone.now())
