"""What a message must pass before anyone reads its words. Each check
returns a reason (a code for the admin) or None.

- automatic(): auto-replies, bounces (DSNs), list and bulk mail are never
  answered, so that two robots cannot mail each other for ever (RFC 3834);
- authentication_failed(): the receiving MTA's Authentication-Results says
  DKIM, SPF or DMARC failed for the From domain;
- rate_limited(): too many messages for one game (or, naming none, from one
  address), or from everyone, in an hour.
"""

import re
from datetime import timedelta
from email.message import EmailMessage
from email.utils import getaddresses, parseaddr

from django.conf import settings

from accounts.ratelimits import Limit, take
from games.models import InboundMessage

MAX_BYTES = 256 * 1024
_BULK = {"bulk", "junk", "list", "auto_reply"}
_AUTO_HEADERS = ("X-Autoreply", "X-Autorespond", "List-Id", "List-Unsubscribe")
_DAEMONS = re.compile(r"^(mailer-daemon|postmaster|no-?reply|bounces?)([+@-]|$)", re.IGNORECASE)
_VERDICT = re.compile(r"\b(dkim|spf|dmarc)\s*=\s*(fail|permerror|softfail)\b([^;]*)", re.IGNORECASE)
_DOMAIN_IN = re.compile(r"(?:header\.from|header\.d|header\.i|smtp\.mailfrom)\s*=\s*([^\s;()]+)", re.IGNORECASE)


def header(message: EmailMessage, name: str) -> str:
    """A header's first value as text; a malformed one is '' (never an
    exception). NUL characters are dropped: PostgreSQL refuses them in text."""
    try:
        value = message.get(name)
    except Exception:  # the email package's parser of a broken header
        return ""
    return "" if value is None else str(value).replace("\x00", "")


def header_values(message: EmailMessage, name: str) -> list[str]:
    """Every value of a header as text; a malformed one is left out (the
    email package's parser raises on some, e.g. `Cc: 0@`)."""
    try:
        values = message.get_all(name) or []
    except Exception:
        return []
    shown = []
    for value in values:
        try:
            shown.append(str(value).replace("\x00", ""))
        except Exception:
            continue
    return shown


def sender(message: EmailMessage) -> str:
    """The one address the message is from, as written: '' when it names
    none or several (in one From header or in two: the MTA's verdicts may be
    about another one), or writes the address itself in encoded words (it
    would read as another address once decoded). A name may be encoded."""
    written = [str(value) for name, value in message.raw_items() if name.lower() == "from"]
    if len(written) != 1:
        return ""
    found = getaddresses([written[0].replace("\x00", "")])
    address = found[0][1] if len(found) == 1 else ""
    return address if "=?" not in address and address.count("@") == 1 else ""


def automatic(message: EmailMessage) -> str | None:
    auto = header(message, "Auto-Submitted").strip().lower()
    if auto and auto != "no":
        return "auto_submitted"
    if header(message, "Precedence").strip().lower() in _BULK:
        return "bulk"
    for name in _AUTO_HEADERS:
        if name in message:
            return "auto_header"
    return_path = header(message, "Return-Path")
    if "Return-Path" in message and parseaddr(return_path)[1] == "":
        return "bounce"
    if message.get_content_type() == "multipart/report":
        return "bounce"
    if _DAEMONS.match(parseaddr(header(message, "From"))[1]):
        return "bounce"
    return None


def authentication_failed(message: EmailMessage, from_domain: str) -> str | None:
    """'dkim', 'spf' or 'dmarc' when a verdict for the From domain (or one
    that names no domain) failed."""
    for value in header_values(message, "Authentication-Results"):
        for method, _result, properties in _VERDICT.findall(value):
            # A domain may be quoted (RFC 8601) or end with the root's dot.
            domains = {_domain(value.rpartition("@")[2]) for value in _DOMAIN_IN.findall(properties)}
            if not domains or _domain(from_domain) in domains:
                return method.lower()
    return None


def _domain(written: str) -> str:
    return written.strip('"').rstrip(".").lower()


def rate_limited(row: InboundMessage) -> str | None:
    """Too many messages in an hour for the row's game (all its players
    together: a fast game is many replies from one address), from its address
    when it names no game, or in all (the site's rate limiter)."""
    hour = timedelta(hours=1)
    if row.game_id is not None:
        if take(f"inbound-game:{row.game_id}", Limit(settings.INBOUND_PER_GAME_PER_HOUR, hour)) is not None:
            return "rate_game"
    elif take(f"inbound-address:{row.sender.lower()}", Limit(settings.INBOUND_PER_ADDRESS_PER_HOUR, hour)) is not None:
        return "rate_address"
    if take("inbound", Limit(settings.INBOUND_PER_HOUR, hour)) is not None:
        return "rate_global"
    return None
