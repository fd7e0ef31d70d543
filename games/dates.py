"""Dates and times in the reader's language, from CLDR (Babel) rather than
Django's English-shaped formats with translated names ("čt 3 Pro", "Martedì 1
Dicembre"): each language orders, abbreviates and cases them its own way.

A kind names what the date is for; each language's pattern for it is CLDR's
(the skeleton named beside it), with the weekday written out in Hungarian,
whose CLDR abbreviations are single letters ("K" for kedd), and none in a
Czech deadline. A language CLDR
has no patterns here for gets Django's own date filter, in English order.
The time zone's abbreviation ("UTC", "CET") is Django's, as everywhere else."""

from datetime import datetime
from functools import lru_cache

from babel.dates import format_datetime
from django.utils import dateformat, translation

# kind: {language: CLDR pattern}; the English fallback is a Django format.
PATTERNS = {
    # a day ("cancelled on 1 December"): MMMMd
    "day": {"en": "d MMMM", "cs": "d. MMMM", "it": "d MMMM", "hu": "MMMM d."},
    # a deadline in a sentence: MMMMEEEEd and Hm, then the zone
    "deadline": {
        "en": "EEEE d MMMM, HH:mm",
        "cs": "d. MMMM H:mm",  # no weekday: "do" wants its genitive ("do čtvrtka"), CLDR has none
        "it": "EEEE d MMMM, HH:mm",
        "hu": "MMMM d., EEEE H:mm",
    },
    # a deadline in a list or a line: MMMEd and Hm, then the zone
    "short": {"en": "EEE d MMM, HH:mm", "cs": "d. M. H:mm", "it": "EEE d MMM, HH:mm", "hu": "MMM d., EEEE H:mm"},
    # a day in a line ("Tue 1 Dec"): MMMEd
    "weekday": {"en": "EEE d MMM", "cs": "EEE d. M.", "it": "EEE d MMM", "hu": "MMM d., EEEE"},
    # when a message or a move was made: MMMd and Hm
    "stamp": {"en": "d MMM HH:mm", "cs": "d. M. H:mm", "it": "d MMM HH:mm", "hu": "MMM d. H:mm"},
    # a date with its year: yMMMd
    "date": {"en": "d MMM y", "cs": "d. M. y", "it": "d MMM y", "hu": "y. MMM d."},
}
ZONED = {"deadline", "short"}
FALLBACK = {
    "day": "j F",
    "deadline": "l j F, H:i",
    "short": "D j M, H:i",
    "weekday": "D j M",
    "stamp": "j M H:i",
    "date": "j M Y",
}
BABEL_LOCALE = {"en": "en_GB"}  # the site's English is British: "Tuesday 1 December"


def when(value: datetime, kind: str) -> str:
    """`value` (already in the reader's time zone) as `kind` says, in the active language."""
    language = (translation.get_language() or "en").split("-")[0]
    # Keyed by the zone's name too: equal datetimes in two zones are written differently.
    return _written(value, str(value.tzinfo), kind, language)


@lru_cache(maxsize=2048)  # a deadline is written for every page and e-mail that shows it: CLDR's formatting is slow
def _written(value: datetime, zone: str, kind: str, language: str) -> str:
    pattern = PATTERNS[kind].get(language)
    if pattern is None:
        text = dateformat.format(value, FALLBACK[kind])
    else:
        if language == "it" and value.day == 1:
            pattern = pattern.replace("d ", "d'º' ", 1)  # "il 1º dicembre"
        text = format_datetime(value, pattern, tzinfo=value.tzinfo, locale=BABEL_LOCALE.get(language, language))
    if kind in ZONED:
        text += " " + dateformat.format(value, "T")
    return text
