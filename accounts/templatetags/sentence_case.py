"""allauth writes its headings and buttons in title case ("Sign Up"); the
site writes sentence case ("Sign up"). Its element templates use this."""

from django import template
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.filter(is_safe=True)
def sentence_case(text: str) -> str:
    """'  Verify Your Email Address\n' -> 'Verify your email address'; markup
    (a rendered slot is safe HTML) keeps its case."""
    words = str(text).strip()
    if "<" in words:
        return text
    cased = words[:1].upper() + words[1:].lower()
    return mark_safe(cased) if isinstance(text, SafeString) else cased
