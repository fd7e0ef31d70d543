"""The table's largest parts, built in Python (issue #31): {% board table %},
the board of a table or a replayed position ({% board table form_enabled=True %}
makes its target cells the submit buttons of the form around it), and
{% history table %}, its list of moves."""

from django import template

from games.web.board_html import board_html
from games.web.history_html import history_html

register = template.Library()


@register.simple_tag
def board(table, form_enabled: bool = False) -> str:
    return board_html(table.rows, form_enabled=form_enabled)


@register.simple_tag
def history(table) -> str:
    return history_html(table.history)
