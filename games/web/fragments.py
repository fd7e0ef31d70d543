"""Keys of cached pages and fragments: a visitor's whole public page, the
lists of games, the table page's own part (its board, seats and history) and
its chat. A fragment is rendered again only when something it shows has
changed: a game's revision (bumped by every change, services._common), the
rows of a list as read, the viewer, and the language and time zone it is
shown in. Nothing keys on the time: a page shows the moment a clock runs
out, never how long is left (static/js/countdown.js says that in the browser),
and what a page shows that changes with time alone moves the revision when
it does (the deadline sweep: services.deadlines.shown_changes)."""

import hashlib
import pickle

from django.core.cache import cache
from django.utils import timezone, translation

SECONDS = 300  # a key nobody asks for again leaves the cache after this


def _key(*shown) -> str:
    parts = (translation.get_language(), timezone.get_current_timezone_name(), *shown)
    return hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest()


def visitor_page_key(request) -> str:
    """A visitor's whole public page (games.web.visitor_pages): the same for every
    visitor who asks for this address, in this language and time zone."""
    return "visitor-page:" + _key(request.get_host(), request.get_full_path())


def rows_key(name: str, rows) -> str:
    """A list's key: its rows as read (the values read, or frozen dataclasses
    made of them, each game's with its revision), so whatever a row shows is
    part of the key without anyone listing it."""
    # Pickled, not repr'd: a repr of 40 games' values took 0.28 ms, their pickle 0.08 (#31).
    # Equal bytes are equal rows; equal rows pickle alike, as their values come alike from one query.
    return _key(name, hashlib.blake2b(pickle.dumps(rows, protocol=5), digest_size=16).digest())


def replay_key(game, at: int | None) -> str:
    """A replayed position, as of the game's revision (a replaced player's name changes it too)."""
    return "replay:" + _key(game.pk, game.revision, at)


def table_page_keys(*, game, mine, user, muted: list[int], card: str | None, show_all: bool) -> dict:
    """The keys of the table page's own part (banner, board, hand, seats),
    of its chat, of its history (after the chat: the same for every viewer
    of a revision, so the mover's page makes it for the next one) and of the
    game's terms and cut under it (the same for everyone too).
    Every change to a game bumps its revision (services._common.changing),
    so the page is the game's revision as this viewer sees it: their seat
    (or a spectator or visitor), the card they chose and "where my cards go".
    The chat is the revision as this reader sees it: whom they muted, and
    whether they may write."""
    if mine is not None:
        viewer = ("seat", mine.pk, mine.user_id)
    else:
        viewer = "spectator" if user.is_authenticated else "visitor"  # a visitor is asked to sign up
    return {
        "page": _key("table-page", game.pk, game.revision, viewer, card, show_all),
        "chat": _key("table-chat", game.pk, game.revision, user.pk, muted, mine is not None),
        "history": _key("table-history", game.pk, game.revision),
        "terms": _key("table-terms", game.pk, game.revision),
    }


class FragmentStore:
    """One page's {% fragment %}s (games.templatetags.fragment_tags), read from
    the cache in one round trip before the page renders and the missing ones
    written in one after: a table page has four fragments, and on the first
    view after a move all four miss (eight round trips to the cache otherwise).
    `whole`: the key of the reader's whole page (whole_page_key), read before
    them and alone: a reload finds it (`kept`) and reads none of the fragments,
    which are as large again; a page not kept reads them in a second trip."""

    def __init__(self, keys, *, whole: str | None = None):
        self._keys = {key: "fragment:" + key for key in keys}
        self.kept = None
        if whole is not None:
            self._keys[whole] = "fragment:" + whole
            self.kept = cache.get(self._keys[whole])
        self._found = {}
        if self.kept is None and keys:
            self._found = cache.get_many([self._keys[key] for key in keys])
        self._rendered: dict[str, str] = {}

    def get(self, key: str) -> str | None:
        return self._found.get(self._keys[key])

    def has_all(self, *keys: str) -> bool:
        return all(self._keys[key] in self._found for key in keys)

    def put(self, key: str, html: str) -> None:
        self._rendered[self._keys[key]] = html

    def save(self) -> None:
        if self._rendered:
            cache.set_many(self._rendered, SECONDS)


def whole_page_key(shown, *, user, path: str, my_moves: int) -> str:
    """A reader's whole page as a reload finds it (#31): `shown`,
    the key of what the page's body shows (a table's fragment keys, My
    games' rows), and what the page shows around it: the reader's row as
    read (their name, language, settings: whatever the header and footer
    show of it), the address (the footer's language form comes back to it)
    and the header's count of their games waiting for them. Not the time
    they last signed in: no page shows it, and every sign-in writes it."""
    reader = None
    if user.is_authenticated:
        reader = [getattr(user, f.attname) for f in user._meta.concrete_fields if f.attname != "last_login"]
    return _key("whole-page", shown, reader, path, my_moves)
