"""The table's largest parts, built in Python (issue #31): {% board table %},
the board of a table or a replayed position ({% board table form_enabled=True %}
makes its target cells the submit buttons of the form around it),
{% seats table %}, its players, and {% history table %}, its list of moves."""

from django import template

from games.web.board_html import board_html
from games.web.history_html import history_html
from games.web.seats_html import seats_html

register = template.Library()


@register.simple_tag
def board(table, form_enabled: bool = False) -> str:
    return board_html(table.rows, form_enabled=form_enabled)


@register.simple_tag(takes_context=True)
def seats(context, table) -> str:
    return seats_html(
        seats=table.seats,
        teams=table.teams,
        draw_pile=table.view["draw_pile"],
        game_id=table.game.pk,
        csrf_token=context.get("csrf_token"),
    )


@register.simple_tag
def history(table) -> str:
    return history_html(table.history)
