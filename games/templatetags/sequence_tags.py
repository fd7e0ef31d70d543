from django import template
from django.template.loader import render_to_string
from django.utils.translation import ngettext

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
    context = {"text": card_label(code), "name": card_name(code), "red": is_red(code), "extra_class": extra_class}
    return render_to_string("games/_card.html", context)
