"""Reading what a request, an e-mail or an API call carries, strictly.

A number is ASCII digits within bounds: int() also takes '٣', '３', ' 7',
'+7' and '1_000', and str.isdigit() says yes to '²', which int() refuses.
A move or a card uses only the characters of the notation: Unicode
look-alikes (ſ, K, İ) fold into ASCII letters under re.IGNORECASE and reach
code that does not expect them. Text must fit the column it is stored in.
Whatever fails is the sender's mistake and is refused with a 4xx."""

import re
import unicodedata

from django.core.exceptions import ValidationError
from django.core.validators import validate_email

from games import refusals
from games.engine.cards import parse_card
from games.errors import InvalidInput
from games.models import Invitation

MAX_ID = 2**63 - 1  # the largest key of a BigAutoField
MOVE_MAX_LENGTH = 80
_MOVE_CHARACTERS = re.compile(r"[A-Za-z0-9 \t\-♠♥♦♣♤♡♢♧]+")
EMAIL_MAX_LENGTH = Invitation._meta.get_field("email").max_length
USERNAME_MAX_LENGTH = 150  # AbstractUser.username


def read_int(text, *, low: int = 0, high: int = MAX_ID) -> int | None:
    """`text` as a whole number from low to high, or None."""
    if not isinstance(text, str) or not 0 < len(text) <= len(str(high)):
        return None
    if not (text.isascii() and text.isdigit()):
        return None
    number = int(text)
    return number if low <= number <= high else None


def is_game_id(number: int) -> bool:
    """Whether a game could have this id (the URL pattern takes any digits)."""
    return 0 < number <= MAX_ID


def is_move_text(text) -> bool:
    return isinstance(text, str) and len(text) <= MOVE_MAX_LENGTH and _MOVE_CHARACTERS.fullmatch(text) is not None


def read_card(text) -> str | None:
    """A card as a link names it (`?card=7H`), canonical, or None."""
    return parse_card(text) if is_move_text(text) else None


def has_control_characters(text: str) -> bool:
    """NUL, CR, LF and the rest: never part of a name, and a way to forge mail headers."""
    return any(unicodedata.category(character) == "Cc" for character in text)


# Embeddings, overrides and isolates (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI):
# with them a message can show its words in another order than they were written.
DIRECTION_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_UNSEEN = {"Zs", "Zl", "Zp", "Cc", "Cf", "Co", "Cn", "Cs"}  # spaces, controls, zero-width and unassigned


def has_direction_controls(text: str) -> bool:
    return not DIRECTION_CONTROLS.isdisjoint(text)


def shows_something(text: str) -> bool:
    """Whether any character of `text` is seen: not only spaces and zero-width characters."""
    return any(unicodedata.category(character) not in _UNSEEN for character in text)


def fits(text: str, *, max_length: int) -> bool:
    """Whether `text` can be looked up in (or stored in) a column of this length."""
    return len(text) <= max_length and not has_control_characters(text)


def shown(text: str, length: int = 40) -> str:
    """`text` cut short enough to quote back in a message."""
    return text if len(text) <= length else text[: length - 1] + "…"


def checked_invitee(text: str) -> str:
    """A username or an e-mail address (anything with an @, as allauth's log-in
    has it) as typed, stripped; InvalidInput says what is wrong with it.
    An address goes into a mail header: a line break there would add headers."""
    if has_control_characters(text):
        raise refusals.INVITEE_CONTROL_CHARACTER()
    text = text.strip()
    if not text:
        raise refusals.INVITEE_MISSING()
    if "@" not in text:
        if len(text) > USERNAME_MAX_LENGTH:
            raise refusals.USERNAME_TOO_LONG(invitee=shown(text), limit=USERNAME_MAX_LENGTH)
        return text
    if len(text) > EMAIL_MAX_LENGTH:
        raise refusals.ADDRESS_TOO_LONG(invitee=shown(text), limit=EMAIL_MAX_LENGTH)
    if not _is_address(text):
        raise refusals.ADDRESS_INVALID(invitee=shown(text))
    return text


def clean_invitee(text: str) -> str:
    """The same for a form: a ValidationError with the refusal's sentence and code."""
    try:
        return checked_invitee(text)
    except InvalidInput as exc:
        raise ValidationError(str(exc), code=exc.code) from None


def _is_address(address: str) -> bool:
    # Django's validator matches its ASCII local part with re.IGNORECASE, which
    # lets 'ſ' and 'K' (long s, Kelvin sign) through as s and k.
    if not address.rpartition("@")[0].isascii():
        return False
    try:
        validate_email(address)
    except ValidationError:
        return False
    return True
