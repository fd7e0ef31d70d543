"""The signed token in every e-mail's unsubscribe link: which kind of e-mail
to stop, for an account or for a bare address (an invitation to a stranger).
Links never expire."""

from django.core import signing

UNSUBSCRIBE_SALT = "emails.unsubscribe"  # what every link already sent was signed with


def unsubscribe_token(*, kind: str, user=None, email: str = "") -> str:
    payload = {"k": kind, "u": user.pk} if user is not None else {"k": kind, "e": email}
    return signing.dumps(payload, salt=UNSUBSCRIBE_SALT)


def read_unsubscribe_token(token: str) -> dict:
    """The payload of a genuine token; raises signing.BadSignature otherwise."""
    payload = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    if not _issued_shape(payload):
        raise signing.BadSignature("Not an unsubscribe token of this release.")
    return payload


def _issued_shape(payload) -> bool:
    """Since links never expire, a signed one may carry a payload of another
    format; only the shape `unsubscribe_token` makes may be acted on."""
    if not isinstance(payload, dict) or not isinstance(payload.get("k"), str):
        return False
    if "u" in payload:
        return type(payload["u"]) is int  # not bool, nor a string the query would choke on
    return isinstance(payload.get("e"), str)
