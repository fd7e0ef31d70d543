"""The e-mails' board and chips, written in Python (games.mail.board_html):
{% board_rows %} is the rows of the context's table, what changed since the
reader's last play framed when the context has the turn e-mail's recap;
{{ team|chip }} a team's chip."""

from django import template

from games.mail import board_html

register = template.Library()


@register.simple_tag(takes_context=True)
def board_rows(context):
    return board_html.board_rows(context["table"].rows, context.get("recap"))


@register.filter
def chip(team):
    return board_html.chip(team)
