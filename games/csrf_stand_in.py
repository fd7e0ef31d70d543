"""A stand-in for the CSRF token in HTML that is cached and shared between
requests (a fragment of one viewer's page, a visitor's whole page): each
request must post its own token, so the shared copy holds a stand-in where
each token goes, and every response puts its own in. The stand-in is a whole
`<input>`, which no escaped text of a player's (a chat message) can contain."""

from django.template import Context
from django.template.defaulttags import CsrfTokenNode

STAND_IN = "csrf-token-stand-in"
STAND_IN_INPUT = CsrfTokenNode().render(Context({"csrf_token": STAND_IN}))


def token_input(token: str) -> str:
    """What {% csrf_token %} renders for `token`."""
    return CsrfTokenNode().render(Context({"csrf_token": token}))
