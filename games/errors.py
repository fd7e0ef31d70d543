"""What a refusal is: nothing was changed, and here is why.

Every refusal the site gives is declared once, in games/refusals.py, as a
`Refusal`: a stable code for programs, the sentence people read (translated
lazily) and its kind, whose HTTP status every door uses. A service raises it
by name with the params its sentence needs, checked when it is raised:

    raise refusals.WRONG_STATUS(status=game.status, action="move")
    raise IllegalMoveError.passing_on(exc)  # an engine refusal, its code and params kept
    exc.as_dict()  # {"status": 409, "code": "wrong_status", "params": {…}, "message": "This game is…"}
"""

import re
import string
from collections import defaultdict
from functools import cached_property

from django.utils import translation

from games.engine import Refused
from games.refusal_text import ENGINE, render

_CODE = re.compile(r"[a-z][a-z0-9_]*")
# Filled in by sentence() itself (how moves are written), never by a raiser.
_GIVEN = {"help", "removes"}


class GameError(Exception):
    """Base of every refusal: nothing was changed."""

    status_code = 400

    def __init__(self, code: str, template, params: dict):
        super().__init__(code, params)
        self.code, self.template, self.params = code, template, params

    @classmethod
    def passing_on(cls, refusal: Refused) -> "GameError":
        """The engine's refusal as this kind of refusal, with the engine's code and params."""
        return cls(refusal.code, ENGINE[refusal.code], refusal.params)

    def __str__(self) -> str:
        return render(self.template, self.params)

    def as_dict(self) -> dict:
        """The refusal as data, for a door that is not a page (an e-mail reply, a JSON client)."""
        return {"status": self.status_code, "code": self.code, "params": self.params, "message": str(self)}


class InvalidInput(GameError):
    """What was sent cannot be used as it is (a value out of range, a missing field)."""


class NotSignedIn(GameError):
    """Who is asking is not known (a program's access token is missing or no longer works)."""

    status_code = 401


class NotAllowed(GameError):
    """The user may not do this to this game (not a player, not the creator…)."""

    status_code = 403


class GameNotFound(GameError):
    status_code = 404


class MethodNotAllowed(GameError):
    """The address is there, but does not take this method (a program's GET where a POST belongs)."""

    status_code = 405


class Conflict(GameError):
    """Not possible in the state things are in now (the game started, it is
    another player's turn, the page was older than the game)."""

    status_code = 409


class IllegalMoveError(GameError):
    """The move is refused: by the rules (the engine's code and params) or
    because the text is no move at all."""

    status_code = 422


class RateLimited(GameError):
    """As many of these as anyone may in a while: try again later."""

    status_code = 429


class Refusal:
    """One refusal, declared once: `REFUSAL(**params)` is the exception to raise."""

    def __init__(self, code: str, kind: type[GameError], sentence):
        if not _CODE.fullmatch(code):
            raise ValueError(f"A refusal's code is a lower-case name, not {code!r}")
        if code in ENGINE:
            raise ValueError(f"{code!r} is the engine's code already")
        self.code, self.kind, self.sentence = code, kind, sentence

    @property
    def status(self) -> int:
        return self.kind.status_code

    @cached_property
    def needs(self) -> frozenset[str]:
        """The params its English sentence is filled with, both forms of a plural one."""
        with translation.override(None):  # the source text
            texts = {str(self.sentence % defaultdict(lambda n=number: n)) for number in (1, 2)}
        return frozenset().union(*map(_placeholders, texts)) - _GIVEN

    def __call__(self, **params) -> GameError:
        missing = self.needs - params.keys()
        if missing:
            raise TypeError(f"The refusal {self.code!r} needs {sorted(missing)}")
        return self.kind(self.code, self.sentence, params)

    def __repr__(self) -> str:
        return f"<Refusal {self.code} {self.status}>"


def _placeholders(text: str) -> set[str]:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}
