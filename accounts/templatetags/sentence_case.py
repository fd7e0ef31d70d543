"""allauth writes its headings and buttons in title case ("Sign Up"), and some
of its translators kept it ("Cambia la tua Password"); the site writes sentence
case in every language it speaks ("Sign up", "Cambia la tua password"). Its
element templates use this."""

import re

from django import template
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

WORD = re.compile(r"\w+", re.UNICODE)


def _lower_unless_acronym(word: re.Match) -> str:
    text = word.group()
    return text if len(text) > 1 and text.isupper() else text.lower()  # "TOTP", "SMS" stay as they are


@register.filter(is_safe=True)
def sentence_case(text: str) -> str:
    """'  Verify Your Email Address\n' -> 'Verify your email address',
    'Zadejte Ověřovací Kód' -> 'Zadejte ověřovací kód'; acronyms keep their
    capitals, and markup (a rendered slot is safe HTML) keeps its case."""
    words = str(text).strip()
    if "<" in words:
        return text
    cased = WORD.sub(_lower_unless_acronym, words)
    cased = cased[:1].upper() + cased[1:]
    return mark_safe(cased) if isinstance(text, SafeString) else cased
