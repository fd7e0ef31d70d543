"""The leaderboards: one page per format, public, the active players best first."""

from django.conf import settings
from django.http import Http404
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from games import inputs, leaderboards
from games.models import Pool
from games.web import fragments
from games.web.fragments import SECONDS
from games.web.visitor_pages import for_visitors


@require_GET
@for_visitors
def leaderboard(request, pool: str = Pool.DUEL):
    if pool not in Pool.values:
        raise Http404(Pool.DUEL.label)
    page = inputs.read_int(request.GET.get("page"), low=1, high=10**6) or 1
    found = leaderboards.leaderboard(pool=pool, page=page, now=timezone.now())
    context = {
        "pool": pool,
        "pools": Pool.choices,
        "page": found,
        "rows_key": fragments.rows_key(f"leaderboard:{pool}:{found.number}", found.object_list),
        "fragment_seconds": SECONDS,
        "settings_active_days": settings.RATING_ACTIVE_DAYS,
    }
    return render(request, "games/leaderboard.html", context)
