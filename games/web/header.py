"""What the site's header shows on every page: how many games wait for the
viewer's move (the tab title starts with it too)."""

from functools import cache

from games import selectors


def my_moves(request) -> dict:
    """A context processor. A view that already knows the count (My games)
    passes `my_moves` itself; otherwise it is one query, run only when a page
    shows it and once however often it does (the template calls a callable
    and gets a plain number, which a plural formula can take)."""
    user = getattr(request, "user", None)  # an error page may come before the auth middleware ran
    if user is None or not user.is_authenticated:
        return {"my_moves": 0}
    return {"my_moves": cache(lambda: selectors.my_move_count(user=user))}
