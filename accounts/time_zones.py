"""The time zones a player chooses from: UTC and the tz database's places,
by their current names (CLDR's list of old names, through Babel: Asia/Calcutta
is Asia/Kolkata, US/Eastern is America/New_York), without its entries that name
no place (Factory, localtime, posixrules, Etc/GMT+5). A browser may still
report an old name: `canonical` (and the sign-up page's guess) reads it as
the place it names."""

import json
import zoneinfo

from babel.core import get_global

_AVAILABLE = zoneinfo.available_timezones()
ALIASES = {old: new for old, new in get_global("zone_aliases").items() if new in _AVAILABLE}
PLACES = sorted(
    name for name in _AVAILABLE - ALIASES.keys() if "/" in name and not name.startswith(("Etc/", "SystemV/", "US/"))
)
CHOICES = [("UTC", "UTC"), *((name, name.replace("_", " ")) for name in PLACES)]
ALIASES_JSON = json.dumps({old: new for old, new in ALIASES.items() if "/" in old}, separators=(",", ":"))


def canonical(name: str) -> str:
    return ALIASES.get(name, name)
