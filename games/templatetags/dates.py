"""{{ game.turn_deadline|when:"deadline" }}: a date in the reader's language (games/dates.py).
{{ seat.away_until|moment:"short" }}: the same inside a <time datetime="…"> element,
to put in a translated sentence; {{ game.turn_deadline|countdown:"short" }}: a
moment a clock runs out, which static/js/countdown.js follows with the time to it
(the page itself never says how long is left: it would change with the minute)."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from games import dates

register = template.Library()


@register.filter(expects_localtime=True)
def when(value, kind: str) -> str:
    return dates.when(value, kind) if value else ""


@register.filter(expects_localtime=True)
def moment(value, kind: str) -> str:
    return _time_element(value, kind, "")


@register.filter(expects_localtime=True)
def countdown(value, kind: str) -> str:
    return _time_element(value, kind, " data-countdown")


def _time_element(value, kind: str, attributes: str) -> str:
    if not value:
        return ""
    written = dates.when(value, kind)
    return format_html('<time datetime="{}"{}>{}</time>', value.isoformat(), mark_safe(attributes), written)
