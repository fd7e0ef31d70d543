"""The chat under a table, read by the include that shows it, so that the
table's view need not know of it."""

from django import template

from games.viewmodels.chat import chat_for

register = template.Library()


@register.simple_tag(takes_context=True)
def table_chat(context):
    return chat_for(game=context["game"], viewer=context["request"].user, my_seat=context.get("my_seat"))
