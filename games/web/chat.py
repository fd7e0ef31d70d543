"""The web door of the table chat and of reports: post a message, mute or
unmute a player for oneself, report a game or a message. Refusals are
answered as everywhere else (web_refusals): the page again with the
message and a 4xx, nothing changed."""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from games import inputs, refusals, selectors, services
from games.errors import GameError, GameNotFound
from games.models import Report
from games.services.reports import TEXT_MAX_LENGTH
from games.web import refused as web_refusals

ECHO_LENGTH = 1200  # how much of a refused text the page gives back to edit


def _game_door(view):
    """A chat or report view of one game: an impossible id is a 404, and the
    answer is never stored."""

    @wraps(view)
    def checked(request, game_id: int, *args, **kwargs):
        if not inputs.is_game_id(game_id):
            raise Http404(gettext("There is no such game."))
        response = view(request, game_id, *args, **kwargs)
        add_never_cache_headers(response)
        return response

    return checked


def _back_to_chat(game_id: int, note: str | None = None, request=None) -> HttpResponseRedirect:
    if note:
        messages.success(request, note)
    response = HttpResponseRedirect(reverse("game", args=[game_id]) + "#chat")
    response.status_code = 303  # reloading must not post again
    return response


def _text(request, name: str = "text") -> str:
    value = request.POST.get(name, "")
    return value if isinstance(value, str) else ""


@login_required
@require_POST
@_game_door
def chat_post(request, game_id: int):
    text = _text(request)
    try:
        services.chat_post(game_id=game_id, user=request.user, text=text)
    except GameError as exc:

        def page(error):
            game, _, mine = selectors.game_for_viewer(game_id=game_id, user=request.user)
            context = {"game": game, "error": error, "text": text[:ECHO_LENGTH], "may_post": mine is not None}
            return render(request, "games/chat_refused.html", context)

        return web_refusals.refusal_response(exc, page)
    return _back_to_chat(game_id)


def _visible_or_404(game_id: int, user) -> None:
    try:
        selectors.game_for_viewer(game_id=game_id, user=user)
    except GameNotFound as exc:
        raise Http404(str(exc)) from None


def _player_id(request) -> int:
    user_id = inputs.read_int(request.POST.get("user"))
    if user_id is None:
        raise Http404(gettext("There is no such player."))
    return user_id


@login_required
@require_POST
@_game_door
def chat_mute(request, game_id: int):
    _visible_or_404(game_id, request.user)
    try:
        mute = services.chat_mute(user=request.user, muted_id=_player_id(request))
    except GameError as exc:
        return web_refusals.refusal_response(exc, lambda error: _refused(request, game_id, error))
    return _back_to_chat(
        game_id, gettext("You no longer see what %(name)s writes.") % {"name": mute.muted.username}, request
    )


@login_required
@require_POST
@_game_door
def chat_unmute(request, game_id: int):
    _visible_or_404(game_id, request.user)
    services.chat_unmute(user=request.user, muted_id=_player_id(request))
    return _back_to_chat(game_id, gettext("You see that player's messages again."), request)


def _refused(request, game_id: int, error: GameError):
    game, _, _ = selectors.game_for_viewer(game_id=game_id, user=request.user)
    return render(request, "games/chat_refused.html", {"game": game, "error": error, "may_post": False})


@login_required
@_game_door
def game_report(request, game_id: int):
    """The report form (GET, ?message= for a chat message) and its sending (POST)."""
    source = request.POST if request.method == "POST" else request.GET
    raw_message = source.get("message")
    message_id = inputs.read_int(raw_message) if raw_message else None
    reason, text = request.POST.get("reason", ""), _text(request)

    def page(error=None):
        game, _, _ = selectors.game_for_viewer(game_id=game_id, user=request.user)
        message = None
        if raw_message is not None:
            message = selectors.shown_message(game=game, message_id=message_id)
            if message is None:
                raise Http404(gettext("There is no such message in this game."))
        context = {
            "game": game,
            "message": message,
            "reasons": Report.Reason.choices,
            "reason": reason,
            "text": text[:ECHO_LENGTH],
            "error": error,
            "limit": TEXT_MAX_LENGTH,
        }
        return render(request, "games/report.html", context)

    try:
        if request.method != "POST":
            return page()
        if raw_message is not None and message_id is None:
            raise refusals.NO_SUCH_MESSAGE()
        services.report_create(game_id=game_id, reporter=request.user, reason=reason, text=text, message_id=message_id)
    except GameError as exc:
        return web_refusals.refusal_response(exc, page)
    return _back_to_chat(game_id, gettext("Thank you: the moderators will look at your report."), request)
