"""Where a refusal becomes an answer. Services, selectors and views refuse by
raising a `GameError` (games/errors.py); the web answers every one here: a
game that does not exist for the viewer is a 404, any other refusal the page
again, fresh, with the message and the refusal's status. A door that is not
a page (a reply to an e-mail, a JSON client) uses `exc.as_dict()` instead."""

from collections.abc import Callable

from django.http import Http404, HttpResponse

from games.errors import GameError, GameNotFound


def refusal_response(exc: GameError, page: Callable[[GameError], HttpResponse]) -> HttpResponse:
    """`page(exc)` renders the page the request came from, showing the message;
    it answers with the refusal's status. A hidden game is a plain 404, as if it
    had never existed, even when it was hidden between the refusal and the page."""
    if isinstance(exc, GameNotFound):
        raise Http404(str(exc)) from None
    try:
        response = page(exc)
    except GameNotFound as gone:
        raise Http404(str(gone)) from None
    if response.status_code == 200:  # a page that sends the viewer elsewhere (to sign in) keeps its redirect
        response.status_code = exc.status_code
    return response
