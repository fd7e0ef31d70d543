"""Reply addresses: play+<token>@INBOUND_DOMAIN. The token is random (120
bits), only its SHA-256 is stored, and it names one player of one game. It
works while the game is in play, the player still holds their seat, and
nobody revoked it (the player asks for new addresses in the settings)."""

import base64
import hashlib
import re
import secrets
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
    return getattr(settings, "INBOUND_DOMAIN", "") or urlsplit(settings.SITE_URL).hostname or "localhost"


def digest_of(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def issue_many(players: list[tuple]) -> list[str]:
    """A new token for each (user, game), in that order: each e-mail carries
    its own. One query for them all (a batch of e-mails)."""
    tokens = [base64.b32encode(secrets.token_bytes(15)).decode().lower() for _ in players]
    rows = [
        ReplyToken(digest=digest_of(token), user=user, game=game)
        for token, (user, game) in zip(tokens, players, strict=True)
    ]
    ReplyToken.objects.bulk_create(rows)
    return tokens


def issue(*, user, game: Game) -> str:
    return issue_many([(user, game)])[0]


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


def revoke_all(*, user) -> int:
    """Every reply address of this player stops working ("new reply addresses")."""
    return ReplyToken.objects.filter(user=user, revoked_at__isnull=True).update(revoked_at=timezone.now())
