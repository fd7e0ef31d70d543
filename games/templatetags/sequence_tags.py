from functools import cache

from django import template
from django.utils.html import format_html
from django.utils.translation import get_language, ngettext

from games import words
from games.engine.cards import card_label, is_red
from games.words import card_name

register = template.Library()


def _units(count: int) -> list[tuple[int, str]]:
    return [
        (7 * 86400, ngettext("%(count)d week", "%(count)d weeks", count)),
        (86400, ngettext("%(count)d day", "%(count)d days", count)),
        (3600, ngettext("%(count)d hour", "%(count)d hours", count)),
        (60, ngettext("%(count)d minute", "%(count)d minutes", count)),
    ]


@register.filter
def duration(seconds: int) -> str:
    """3600 -> '1 hour', 172800 -> '2 days', in the active language."""
    for size in (7 * 86400, 86400, 3600, 60):
        if seconds >= size and seconds % size == 0:
            count = seconds // size
            return dict(_units(count))[size] % {"count": count}
    return ngettext("%(count)d second", "%(count)d seconds", seconds) % {"count": seconds}


@register.simple_tag
def card(code: str, extra_class: str = "") -> str:
    """A card as people see and hear it: {% card c %}, or {% card c as shown %}
    to put it in a translated sentence (the markup is safe: it stays unescaped)."""
    return _card(code, extra_class, get_language())


@cache
def _card(code: str, extra_class: str, language: str | None) -> str:
    """Each card's markup once per class and language: a table page shows some
    20 (the hand's sentences, the seats' discards), each as costly as a small
    template (#31)."""
    return format_html(
        '<span class="playing-card{} {}" title="{}">{}<span class="visually-hidden">, {}</span></span>',
        " red" if is_red(code) else "",
        extra_class,
        card_name(code),
        card_label(code),
        card_name(code),
    )


@register.simple_tag
def chip(team: str | None) -> str:
    """A team's chip before a name: its colour and shape, and its name for a screen reader."""
    return _chip(team, get_language()) if team else ""


@cache
def _chip(team: str, language: str | None) -> str:
    """Each chip once per language: a table page shows some 30 (its history)."""
    return format_html(
        '<span class="chip chip-{} name-chip" role="img" aria-label="{}">{}</span>',
        team,
        words.team(team),
        team[0].upper(),
    )
