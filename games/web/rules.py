"""The "How to play" page: one template per language
(templates/rules/how_to_play.<code>.html), chosen by the active language
(LocaleMiddleware, the account's setting or translation.override); any other
language reads the English page."""

from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from games.web.rules_diagrams import lost_draw, player_counts, rules_diagrams

RULES_LANGUAGES = ("en", "cs", "it", "hu")


def rules_language() -> str:
    """The page's language for the active one: `cs-cz` reads the Czech page, `de` the English."""
    code = (get_language() or "en").lower().split("-")[0]
    return code if code in RULES_LANGUAGES else "en"


@require_safe
def rules(request):
    language = rules_language()
    context = {
        "rules_language": language,
        "diagrams": rules_diagrams(),
        "lost_draw": lost_draw(),
        "player_counts": player_counts(),
    }
    return render(request, f"rules/how_to_play.{language}.html", context)
