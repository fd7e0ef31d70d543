"""A stand-in for the CSRF token in HTML that is cached and shared between
requests (a fragment of one viewer's page, a visitor's whole page): each
request must post its own token, so the shared copy holds a stand-in where
each token goes, and every response puts its own in. The stand-in is a whole
`<input>`, which no escaped text of a player's (a chat message) can contain."""

from collections.abc import Callable

from django.template import Context
from django.template.defaulttags import CsrfTokenNode

STAND_IN = "csrf-token-stand-in"
STAND_IN_INPUT = CsrfTokenNode().render(Context({"csrf_token": STAND_IN}))


def with_own_token(html: str, token: Callable[[], str]) -> str:
    """`html` with this request's token where the stand-in is; `token` is
    asked only then (asking sets the CSRF cookie)."""
    if STAND_IN_INPUT not in html:
        return html
    return html.replace(STAND_IN_INPUT, CsrfTokenNode().render(Context({"csrf_token": token()})))
