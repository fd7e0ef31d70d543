"""The chat and the moderator notes under a table or a replay, read by the
includes that show them, so that the pages' views need not know of them."""

from django import template

from games.viewmodels.chat import chat_for, notes_for

register = template.Library()


@register.simple_tag(takes_context=True)
def table_chat(context):
    return chat_for(game=context["game"], viewer=context["request"].user, my_seat=context.get("my_seat"))


@register.simple_tag(takes_context=True)
def moderator_notes(context):
    return notes_for(game=context["game"])
