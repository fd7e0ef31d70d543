"""The Message-ID of an e-mail about a game names the game and the version it
showed, so that a reply (In-Reply-To) says which position its player saw: a
play chosen on a board that has changed since is refused, as the web refuses
a form from a page the game has moved on from."""

import re
from email.utils import make_msgid

from django.core.mail.utils import DNS_NAME

_SEEN = re.compile(r"\.g(\d{1,12})v(\d{1,12})@")


def for_game(game_id: int, version: int) -> str:
    return make_msgid(idstring=f"g{game_id}v{version}", domain=str(DNS_NAME))


def version_seen(in_reply_to: str, game_id: int) -> int | None:
    """The version of `game_id` that the e-mail replied to showed, if it was one of the site's about that game."""
    found = _SEEN.search(in_reply_to)
    return int(found[2]) if found and int(found[1]) == game_id else None
