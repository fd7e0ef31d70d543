"""allauth writes its headings and buttons in title case ("Sign Up"), and some
of its translators kept it ("Cambia la tua Password"); the site writes sentence
case in every language it speaks ("Sign up", "Cambia la tua password"). Its
element templates use this."""

import re

from django import template
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

WORD = re.compile(r"\w+")


def _lower_if_capitalized(word: re.Match) -> str:
    """'Password' -> 'password'; 'TOTP', 'WebAuthn' and 'JavaScript' are names: they stay."""
    text = word.group()
    return text.lower() if text[1:].islower() or len(text) == 1 else text


@register.filter(is_safe=True)
def sentence_case(text: str) -> str:
    """'  Verify Your Email Address\n' -> 'Verify your email address',
    'Zadejte Ověřovací Kód' -> 'Zadejte ověřovací kód'; names with more than an
    initial capital keep theirs, and markup (a rendered slot is safe HTML) keeps its case."""
    words = str(text).strip()
    if "<" in words:
        return text
    cased = WORD.sub(_lower_if_capitalized, words)
    cased = cased[:1].upper() + cased[1:]
    return mark_safe(cased) if isinstance(text, SafeString) else cased
