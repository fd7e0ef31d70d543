from django import template

from games.engine.cards import card_label, card_name, is_red

register = template.Library()


@register.filter
def duration(seconds: int) -> str:
    """3600 -> '1 hour', 172800 -> '2 days'."""
    for size, unit in ((7 * 86400, "week"), (86400, "day"), (3600, "hour"), (60, "minute")):
        if seconds >= size and seconds % size == 0:
            count = seconds // size
            return f"{count} {unit}{'s' if count != 1 else ''}"
    return f"{seconds} seconds"


@register.inclusion_tag("games/_card.html")
def card(code: str, extra_class: str = ""):
    return {"text": card_label(code), "name": card_name(code), "red": is_red(code), "extra_class": extra_class}
