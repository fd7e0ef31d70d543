"""{% fragment key %}…{% endfragment %}: Django's {% cache %} for a fragment
with forms in it. A cached copy is shared by every request of one viewer
(its key says whose, see games.web.fragments), each with its own CSRF token
(games.web.csrf_stand_in). What a fragment shows that the view computes only on
a miss (a lazy view-model) is never computed on a hit. The view hands the
page's fragments to the template as `fragment_store` (games.web.fragments):
read together before rendering, written together after."""

from django import template
from django.utils.safestring import mark_safe

from games.web.csrf_stand_in import STAND_IN, with_own_token

register = template.Library()


class FragmentNode(template.Node):
    def __init__(self, nodelist, key):
        self.nodelist, self.key = nodelist, key

    def render(self, context):
        store, key = context["fragment_store"], self.key.resolve(context)
        html = store.get(key)
        if html is None:
            with context.push(csrf_token=STAND_IN):
                html = self.nodelist.render(context)
            store.put(key, html)
        return mark_safe(with_own_token(html, lambda: context.get("csrf_token")))


@register.tag
def fragment(parser, token):
    bits = token.split_contents()
    if len(bits) != 2:
        raise template.TemplateSyntaxError("{% fragment key %} takes one key")
    nodelist = parser.parse(("endfragment",))
    parser.delete_first_token()
    return FragmentNode(nodelist, parser.compile_filter(bits[1]))
