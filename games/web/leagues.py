"""The leagues' pages: every league with its season now, and a league's
season with each division's table; signing up and withdrawing."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from games import inputs, league_tables, services
from games.errors import GameError
from games.models import Game, League, Season, SeasonEntry
from games.web import refused as web_refusals


@require_GET
def league_list(request):
    leagues = League.objects.order_by("name").prefetch_related("seasons")
    shown = [(league, league.seasons.order_by("-number").first()) for league in leagues]
    return render(request, "games/leagues.html", {"leagues": shown})


@require_GET
def league_detail(request, slug: str):
    return _league_page(request, slug)


def _league_page(request, slug: str, *, error: GameError | None = None):
    league = get_object_or_404(League, slug=slug)
    number = inputs.read_int(request.GET.get("season"), low=1, high=10**4)
    seasons = league.seasons.order_by("-number")
    season = (seasons.filter(number=number) if number else seasons).first()
    if number and season is None:
        raise Http404(gettext("There is no such season."))
    divisions, mine = [], None
    if season is not None:
        numbers = sorted(set(season.entries.exclude(division=None).values_list("division", flat=True)))
        divisions = [(n, league_tables.standings(season, n), _games(season, n)) for n in numbers]
        if request.user.is_authenticated:
            mine = SeasonEntry.objects.filter(season=season, user=request.user).first()
    context = {
        "league": league,
        "season": season,
        "seasons": list(seasons.values_list("number", flat=True)),
        "divisions": divisions,
        "signed_up": season.entries.count() if season else 0,
        "mine": mine,
        "error": error,
    }
    return render(request, "games/league.html", context)


def _games(season: Season, division: int) -> list[Game]:
    return list(
        Game.objects.filter(league_game__season=season, league_game__division=division)
        .prefetch_related("seats")
        .order_by("pk")
    )


@login_required
@require_POST
def season_signup(request, slug: str, season_id: int):
    said = gettext("You are signed up: the season starts on its day, with every game at once.")
    return _entry_change(
        request, slug, season_id, lambda: services.season_signup(season_id=season_id, user=request.user), said
    )


@login_required
@require_POST
def season_leave(request, slug: str, season_id: int):
    said = gettext("You are no longer signed up for this season.")
    return _entry_change(
        request, slug, season_id, lambda: services.season_leave(season_id=season_id, user=request.user), said
    )


def _entry_change(request, slug: str, season_id: int, change, said: str):
    """Sign up or withdraw: back to the league with what happened, or its page with the refusal.
    The season is one of that league's (its address names both): another league's is no season here."""
    if not Season.objects.filter(pk=season_id, league__slug=slug).exists():
        raise Http404(gettext("There is no such season."))
    try:
        change()
    except GameError as exc:
        return web_refusals.refusal_response(exc, lambda error: _league_page(request, slug, error=error))
    messages.success(request, said)
    return redirect("league", slug=slug)
