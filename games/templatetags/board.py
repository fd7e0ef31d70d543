"""{% board table %}: the board of a table or a replayed position, built in
Python (games.web.board_html); {% board table form_enabled=True %} makes its
target cells the submit buttons of the form around it."""

from django import template

from games.web.board_html import board_html

register = template.Library()


@register.simple_tag
def board(table, form_enabled: bool = False) -> str:
    return board_html(table.rows, form_enabled=form_enabled)
