"""The refusals a service can give. Each message is written for the person
who asked; every door (web, e-mail, admin) shows it as it is."""


class GameError(Exception):
    """Base of every refusal: nothing was changed."""

    status_code = 400

    @property
    def message(self) -> str:
        return str(self)


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
    """The rules refuse the move; the message is the engine's."""

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
