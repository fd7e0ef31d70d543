"""What the site's header shows on every page: how many games wait for the
viewer's move (the tab title starts with it too), and the header itself."""

from functools import cache, lru_cache

from django.template.loader import render_to_string

from games import selectors
from games.web.csrf_stand_in import STAND_IN

HEADERS_KEPT = 512  # per process: a few KB each


def my_moves(request) -> dict:
    """A context processor. A view that already knows the count (My games)
    passes `my_moves` itself; otherwise it is one query, run only when a page
    shows it and once however often it does (the template calls a callable
    and gets a plain number, which a plural formula can take)."""
    user = getattr(request, "user", None)  # an error page may come before the auth middleware ran
    if user is None or not user.is_authenticated:
        return {"my_moves": 0}
    return {"my_moves": cache(lambda: selectors.my_move_count(user=user))}


@lru_cache(maxsize=HEADERS_KEPT)
def header_html(language: str, username: str | None, my_moves: int) -> str:
    """The header in `language` for a reader (None: a visitor) with `my_moves`
    games waiting: all it shows, so a reader's pages share one copy, kept in
    the process (the navigation's templates were a tenth of a table page's
    first view, bench/RESULTS.md stop 42). Its sign-out form holds the CSRF
    stand-in: each page puts its own token in."""
    context = {"username": username, "my_moves": my_moves, "csrf_token": STAND_IN}
    return render_to_string("_header.html", context)
