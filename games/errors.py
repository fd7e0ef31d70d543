"""The refusals a service can give; a refusal means nothing was changed.

Each carries a stable `code` and JSON-able `params` for programs (the JSON
and e-mail doors), its sentence in the active language as str(), and the
HTTP status that fits as `status_code`. The sentences live in
games/refusal_text.py.

    raise NotAllowed("not_a_player")
    raise IllegalMoveError.passing_on(exc)  # an engine refusal, its code and params kept
    exc.as_dict()  # {"status": 422, "code": "cell_occupied", "params": {"cell": "D6", …}, "message": "D6 already…"}
"""

import re

from games.engine import Refused
from games.refusal_text import sentence

_CODE = re.compile(r"[a-z][a-z0-9_]*")


class GameError(Exception):
    """Base of every refusal: nothing was changed."""

    status_code = 400

    def __init__(self, code: str, /, **params):
        if not _CODE.fullmatch(code):
            raise ValueError(f"A refusal takes a code, not a sentence: {code!r}")
        super().__init__(code, params)
        self.code, self.params = code, params

    @classmethod
    def from_form(cls, message: str) -> "GameError":
        """A form field's own error (its words are the form's), shown as a refusal."""
        return cls("form_invalid", text=str(message))

    @classmethod
    def passing_on(cls, refusal: Refused) -> "GameError":
        """The engine's refusal as this kind of refusal, with the engine's code and params."""
        return cls(refusal.code, **refusal.params)

    def __str__(self) -> str:
        return sentence(self.code, self.params)

    def as_dict(self) -> dict:
        """The refusal as data, for a door that is not a page (an e-mail reply, a JSON client)."""
        return {"status": self.status_code, "code": self.code, "params": self.params, "message": str(self)}


class GameNotFound(GameError):
    status_code = 404


class NotAllowed(GameError):
    """The user may not do this to this game (not a player, not the creator…)."""

    status_code = 403


class InvalidSettings(GameError):
    pass


class WrongStatus(GameError):
    """Not possible at this stage of the game (already started, over, aborted…)."""

    status_code = 409


class NotYourTurn(GameError):
    status_code = 409


class StaleVersion(GameError):
    """The player saw an older position than the current one."""

    status_code = 409


class IllegalMoveError(GameError):
    """The move is refused: by the rules (the engine's code and params) or
    because the text is no move at all."""

    status_code = 422


class InvalidInvitation(GameError):
    status_code = 404


class TooManyInvitations(GameError):
    """A game has as many invitations waiting for an answer as it may: its
    open seats and a few more, so that nobody can mail strangers through it."""

    status_code = 409


class InvitationRateLimited(GameError):
    """The inviter sent as many invitations in the last 24 hours as anyone may."""

    status_code = 429


class SiteOnlyInput(IllegalMoveError):
    """A lost draw, a skipped turn or a table-talk penalty, sent through a
    player's door: the site records these itself (the deadline sweep, a
    moderator in the admin)."""


class ChatRateLimited(GameError):
    """A player wrote as many chat messages in the last minute as anyone may."""

    status_code = 429


class ReportRateLimited(GameError):
    """A player sent as many reports in the last day as anyone may."""

    status_code = 429
