"""{% site_header %}: the site's header on every page (games.web.header)."""

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from games.web.csrf_stand_in import with_own_token
from games.web.header import header_html

register = template.Library()


@register.simple_tag(takes_context=True)
def site_header(context) -> SafeString:
    user, moves = context.get("user"), context.get("my_moves", 0)
    username = user.username if user is not None and user.is_authenticated else None
    html = header_html(get_language(), username, (moves() if callable(moves) else moves) if username else 0)
    return mark_safe(with_own_token(html, lambda: context.get("csrf_token")))
