"""The request bodies the API takes, checked by pydantic before any service
runs (a body that does not fit is `api_request_invalid`, 400). Numbers are
bounded so that no value reaches the database it cannot store, and taken as
their JSON types only (strict): `true`, `1.0` or `" 2"` is no version."""

from typing import Literal

from ninja import Schema
from pydantic import ConfigDict, Field

from games.bots import LEVELS
from games.inputs import MOVE_MAX_LENGTH
from games.models import ChatMessage

BIG = 2**31 - 1


class ActionIn(Schema):
    """A move as data, as `legal_actions` gives it: its `text` is the notation; its
    `card` and `cell`, when sent, must say the same move (games.api.actions)."""

    model_config = ConfigDict(extra="forbid", strict=True)  # a field this door does not read is refused, not ignored

    kind: str = Field(max_length=20)
    card: str | None = Field(default=None, max_length=3)
    cell: str | None = Field(default=None, max_length=3)
    text: str = Field(max_length=MOVE_MAX_LENGTH)


class MoveIn(Schema):
    """One of `text` ("7H C4") or `action` (an entry of the game's `legal_actions`), and
    the game version it was chosen at."""

    # Said in the schema too, so that a client generated from it knows.
    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "anyOf": [
                {"required": ["text"], "properties": {"text": {"type": "string"}}},
                {"required": ["action"], "properties": {"action": {"type": "object"}}},
            ]
        },
    )

    text: str | None = Field(default=None, max_length=MOVE_MAX_LENGTH)
    action: ActionIn | None = None
    version: int = Field(ge=0, le=BIG)


class ResignIn(Schema):
    """Without `confirm`: the confirmation to send back. With it: the resignation."""

    model_config = ConfigDict(extra="forbid", strict=True)

    confirm: str | None = Field(default=None, max_length=200)


class GameIn(Schema):
    model_config = ConfigDict(extra="forbid", strict=True)

    players: int = Field(ge=2, le=12)
    teams: int = Field(ge=2, le=3)
    draw_mode: Literal["automatic", "tabletop"] = "automatic"
    turn_seconds: int = Field(default=2 * 24 * 3600, ge=0, le=BIG)
    clock_kind: Literal["per_move", "bank"] = "per_move"
    bank_initial_seconds: int = Field(default=3 * 24 * 3600, ge=0, le=BIG)
    bank_increment_seconds: int = Field(default=24 * 3600, ge=0, le=BIG)
    bank_cap_seconds: int = Field(default=7 * 24 * 3600, ge=0, le=BIG)
    weekends_off: bool = False
    vacation_allowed: bool = True
    draw_window_seconds: int = Field(default=12 * 3600, ge=0, le=BIG)
    missed_turn_policy: Literal["skip", "concede", "open_seat", "bot"] = "skip"
    concede_after: int = Field(default=3, ge=0, le=1000)
    is_public: bool = False
    rated: bool = True
    start_mode: Literal["auto", "manual"] = "auto"
    invitees: list[str] = Field(default=[], max_length=20)
    bots: int = Field(
        default=0, ge=0, le=11, description="Bots in the seats after mine (a game of bots starts at once)."
    )
    bot_level: int = Field(default=1, ge=min(LEVELS), le=max(LEVELS), description="0 random, 1 greedy, 2 search.")


class InviteIn(Schema):
    model_config = ConfigDict(extra="forbid", strict=True)

    invitee: str = Field(max_length=400)


class ChatIn(Schema):
    model_config = ConfigDict(extra="forbid", strict=True)

    text: str = Field(max_length=ChatMessage.MAX_LENGTH * 4)  # the service says when it is too long
