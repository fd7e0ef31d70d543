"""Find me a game: the open games page's form, through services.game_find."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from games import refusals, services
from games.errors import GameError
from games.web import refused as web_refusals
from games.web.forms import FindGameForm
from games.web.views import open_games_page


@login_required
@require_POST
def game_find(request):
    form = FindGameForm(request.POST)
    try:
        if not form.is_valid():
            raise refusals.FORM_INVALID(text=str(next(iter(form.errors.values()))[0]))
        players, teams = form.players_and_teams()
        game = services.game_find(user=request.user, players=players, teams=teams)
    except GameError as exc:
        return web_refusals.refusal_response(exc, lambda error: open_games_page(request, find_form=form, error=error))
    return redirect("game", game_id=game.pk)
