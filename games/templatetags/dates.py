"""{{ game.turn_deadline|when:"deadline" }}: a date in the reader's language (games/dates.py)."""

from django import template

from games import dates

register = template.Library()


@register.filter(expects_localtime=True)
def when(value, kind: str) -> str:
    return dates.when(value, kind) if value else ""
