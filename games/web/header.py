"""What the site's header shows on every page: how many games wait for the
viewer's move (the tab title starts with it too)."""

from django.utils.functional import SimpleLazyObject

from games import selectors


def my_moves(request) -> dict:
    """A context processor. A view that already knows the count (My games)
    passes `my_moves` itself; otherwise it is one query, run only when a page
    shows it."""
    return {"my_moves": SimpleLazyObject(lambda: selectors.my_move_count(user=request.user))}
