"""Template filters for the reader's words of games/words.py: {{ seat.team_name|team }}."""

from django import template

from games import words

register = template.Library()


@register.filter
def team(name: str) -> str:
    return words.team(name)
