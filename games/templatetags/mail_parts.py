"""The e-mails' shared parts, written in Python (games.mail.parts), for the
templates of each kind: {% recap_text %}, {% board_html %}, … read what they
need from the e-mail's context; {% hand_text moves %} lists `moves` under the
hand (none: the hand alone); {{ team|chip }} is a team's chip."""

from django import template

from games.mail import board_html, parts

register = template.Library()

for name in (
    "reply_line_text",
    "reply_line_html",
    "until_text",
    "away_text",
    "away_html",
    "recap_text",
    "recap_html",
    "chat_text",
    "chat_html",
    "board_text",
    "board_html",
    "moves_html",
    "footer_text",
    "page_top_html",
    "page_middle_html",
    "page_bottom_html",
):
    register.simple_tag(getattr(parts, name), takes_context=True, name=name)
register.simple_tag(parts.hand_text, takes_context=True, name="hand_text")
register.filter("chip", board_html.chip)
