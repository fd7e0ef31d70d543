"""Thin views: read a form, call a service or a selector, render or redirect.
A refusal re-renders the page with its message and a 4xx status."""

import json
from functools import wraps

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from games import inputs, selectors, services
from games.errors import GameError, GameNotFound
from games.forms import GameCreateForm, InviteForm, MoveForm
from games.models import Game, Invitation
from games.viewmodels.replay import replay_frame
from games.viewmodels.table import table_for

NO_ANSWER = "Answer the invitation with accept or decline."


def _one_game(view):
    """A view of one game: an id no game can have is a 404 before any query
    (SQLite cannot even compare a 20-digit number; the URL takes any digits)."""

    @wraps(view)
    def checked(request, game_id: int, *args, **kwargs):
        if not inputs.is_game_id(game_id):
            raise Http404("There is no such game.")
        return view(request, game_id, *args, **kwargs)

    return checked


def _answer(request) -> str | None:
    """'accept' or 'decline' from an invitation form; anything else is None."""
    answer = request.POST.get("answer")
    return answer if answer in ("accept", "decline") else None


def home(request):
    if not request.user.is_authenticated:
        return render(request, "home.html", {"games_in_play": selectors.public_games_in_play(limit=5)})
    rows = selectors.my_games(user=request.user)
    return render(request, "games/my_games.html", {"rows": rows})


@login_required
def game_new(request):
    form = GameCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            game = services.game_create(creator=request.user, **form.cleaned_data)
        except GameError as exc:
            form.add_error(None, str(exc))
            return render(request, "games/new.html", {"form": form}, status=exc.status_code)
        messages.success(request, "Your game is ready. It starts once every seat is taken.")
        return redirect("game", game_id=game.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "games/new.html", {"form": form}, status=status)


@require_GET
def open_games(request):
    return render(
        request,
        "games/open.html",
        {"games": selectors.open_games(user=request.user), "in_play": selectors.public_games_in_play()},
    )


def _game_page(request, game_id: int, *, error: GameError | None = None, move_text: str = ""):
    """The page of a game as this viewer may see it: forming, or the table."""
    try:
        game, seats, mine = selectors.game_for_viewer(game_id=game_id, user=request.user)
    except GameNotFound:
        raise Http404("There is no such game.") from None
    status = error.status_code if error else 200
    context = {"game": game, "seats": seats, "my_seat": mine, "error": error, "move_text": move_text}
    if game.status == Game.Status.FORMING or game.state is None:
        invitations = game.invitations.filter(status=Invitation.Status.PENDING).select_related("user") if mine else []
        my_invitation = None
        if mine is None and request.user.is_authenticated:
            my_invitation = game.invitations.filter(user=request.user, status=Invitation.Status.PENDING).first()
        open_teams = [game.team_names[p % game.teams] for p in range(len(seats), game.players)]
        context.update(
            invite_form=InviteForm(), invitations=invitations, my_invitation=my_invitation, open_seats=open_teams
        )
        return render(request, "games/forming.html", context, status=status)
    if mine is None and not request.user.is_authenticated:
        return redirect(f"{reverse('account_login')}?next={request.path}")
    card = inputs.read_card(request.GET.get("card"))
    table = table_for(game=game, seats=seats, my_seat=mine, selected_card=card)
    context.update(table=table, may_download=selectors.may_download_record(game=game))
    return render(request, "games/table.html", context, status=status)


@require_GET
@_one_game
def game_detail(request, game_id: int):
    return _game_page(request, game_id)


@login_required
@require_POST
@_one_game
def game_move(request, game_id: int):
    form = MoveForm(request.POST)
    if not form.is_valid():
        return _game_page(request, game_id, error=GameError(_move_form_problem(form)))
    try:
        services.move_submit(
            game_id=game_id,
            user=request.user,
            move=form.cleaned_data["move"],
            expected_version=form.cleaned_data["version"],
        )
    except GameNotFound:
        raise Http404("There is no such game.") from None
    except GameError as exc:
        return _game_page(request, game_id, error=exc, move_text=form.cleaned_data["move"])
    response = HttpResponseRedirect(reverse("game", args=[game_id]) + "#table")
    response.status_code = 303  # See Other: reloading the table must not post the move again
    return response


def _move_form_problem(form: MoveForm) -> str:
    """Why a move form was refused: a move too long is named as such."""
    if form.data.get("move") and "move" in form.errors:
        return form.errors["move"][0]
    return "That form was incomplete: choose a move again from the table below."


@login_required
@require_GET
@_one_game
def game_resign(request, game_id: int):
    """A confirmation page: resigning cannot be undone."""
    try:
        game, _, mine = selectors.game_for_viewer(game_id=game_id, user=request.user)
    except GameNotFound:
        raise Http404 from None
    if mine is None or game.status != Game.Status.ACTIVE:
        return _game_page(request, game_id, error=GameError("You cannot resign from this game."))
    return render(request, "games/resign.html", {"game": game, "my_seat": mine})


@login_required
@require_GET
@_one_game
def game_draw(request, game_id: int):
    """Where the draw-window e-mail leads: one more click takes the draw."""
    try:
        game, _, mine = selectors.game_for_viewer(game_id=game_id, user=request.user)
    except GameNotFound:
        raise Http404 from None
    if mine is None or game.status != Game.Status.ACTIVE or mine.draw_deadline is None:
        return _game_page(request, game_id, error=GameError("You have no draw to take in this game now."))
    return render(request, "games/draw.html", {"game": game, "my_seat": mine})


def _forming_action(request, game_id: int, action, success: str):
    try:
        action()
    except GameNotFound:
        raise Http404("There is no such game.") from None
    except GameError as exc:
        return _game_page(request, game_id, error=exc)
    messages.success(request, success)
    return redirect("game", game_id=game_id)


@login_required
@require_POST
@_one_game
def game_join(request, game_id: int):
    return _forming_action(
        request, game_id, lambda: services.seat_join(game_id=game_id, user=request.user), "You have a seat."
    )


@login_required
@require_POST
@_one_game
def game_leave(request, game_id: int):
    return _forming_action(
        request, game_id, lambda: services.seat_leave(game_id=game_id, user=request.user), "You left the game."
    )


@login_required
@require_POST
@_one_game
def game_start(request, game_id: int):
    return _forming_action(
        request, game_id, lambda: services.game_start(game_id=game_id, user=request.user), "The cards are dealt."
    )


@login_required
@require_POST
@_one_game
def game_invite(request, game_id: int):
    form = InviteForm(request.POST)
    if not form.is_valid():
        return _game_page(request, game_id, error=GameError(form.errors["invitee"][0]))
    invitee = form.cleaned_data["invitee"]
    return _forming_action(
        request,
        game_id,
        lambda: services.invitation_create(game_id=game_id, inviter=request.user, invitee=invitee),
        f"{invitee} is invited.",
    )


@login_required
@require_POST
@_one_game
def game_arrange(request, game_id: int):
    """Move one seat a place earlier in the turn order (and so to the other team)."""
    try:
        _, seats, _ = selectors.game_for_viewer(game_id=game_id, user=request.user)
    except GameNotFound:
        raise Http404("There is no such game.") from None
    order = [seat.pk for seat in seats]
    seat_id = inputs.read_int(request.POST.get("seat"))
    if seat_id not in order:
        return _game_page(request, game_id, error=GameError("Choose a seat of this game to move."))
    index = order.index(seat_id)
    order.insert(max(index - 1, 0), order.pop(index))
    return _forming_action(
        request,
        game_id,
        lambda: services.seats_arrange(game_id=game_id, user=request.user, seat_order=order),
        "Seats rearranged.",
    )


@login_required
@require_POST
@_one_game
def game_answer_invitation(request, game_id: int):
    """Accept or decline an invitation sent to one's username or address."""
    invite = Invitation.objects.filter(game_id=game_id, user=request.user, status=Invitation.Status.PENDING).first()
    if invite is None:
        return _game_page(request, game_id, error=GameError("You have no open invitation to this game."))
    answer = _answer(request)
    if answer is None:
        return _game_page(request, game_id, error=GameError(NO_ANSWER))
    if answer == "decline":
        action, done = services.invitation_decline, "Invitation declined."
    else:
        action, done = services.invitation_accept, "You have a seat in the game."
    return _forming_action(request, game_id, lambda: action(invitation_id=invite.pk, user=request.user), done)


def invitation(request, token: str):
    try:
        invite = services.invitation_from_token(token)
    except GameError as exc:
        return render(request, "games/invitation.html", {"error": exc}, status=exc.status_code)
    if not request.user.is_authenticated:
        return render(request, "games/invitation.html", {"invitation": invite, "token": token})
    if request.method == "POST":
        answer = _answer(request)
        if answer is None:
            context = {"invitation": invite, "token": token, "error": NO_ANSWER}
            return render(request, "games/invitation.html", context, status=400)
        decline = answer == "decline"
        try:
            if decline:
                services.invitation_decline(invitation_id=invite.pk, user=request.user)
            else:
                services.invitation_accept(invitation_id=invite.pk, user=request.user)
        except GameError as exc:
            context = {"invitation": invite, "token": token, "error": exc}
            return render(request, "games/invitation.html", context, status=exc.status_code)
        messages.success(request, "Invitation declined." if decline else "You have a seat in the game.")
        return redirect("home" if decline else "game", **({} if decline else {"game_id": invite.game_id}))
    return render(request, "games/invitation.html", {"invitation": invite, "token": token})


@require_GET
@_one_game
def game_replay(request, game_id: int):
    """The position after move ?at= (the latest when it is not a number)."""
    try:
        game, seats, _ = selectors.game_for_viewer(game_id=game_id, user=request.user)
        frame = replay_frame(game=game, seats=seats, at=inputs.read_int(request.GET.get("at")))
    except GameNotFound:
        raise Http404("There is no such game.") from None
    except GameError as exc:
        return _game_page(request, game_id, error=exc)
    return render(request, "games/replay.html", {"game": game, "frame": frame, "table": frame.table})


@require_GET
@_one_game
def game_record(request, game_id: int):
    try:
        game, _, _ = selectors.game_for_viewer(game_id=game_id, user=request.user)
    except GameNotFound:
        raise Http404("There is no such game.") from None
    if not selectors.may_download_record(game=game):
        return HttpResponse(
            "A record holds the order of the deck, so it is published when the game is over.",
            status=403,
            content_type="text/plain; charset=utf-8",
        )
    document = services.game_export(game=game)
    response = HttpResponse(json.dumps(document, indent=1, ensure_ascii=False), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="sequence-game-{game.pk}.record.json"'
    return response


@require_GET
def profile(request, username: str):
    if not inputs.fits(username, max_length=inputs.USERNAME_MAX_LENGTH):
        raise Http404("There is no such player.")  # PostgreSQL refuses to compare a NUL
    player = get_object_or_404(get_user_model(), username=username)
    rows = selectors.finished_games_of(player=player, viewer=request.user)
    summary = {outcome: sum(1 for row in rows if row.outcome == outcome) for outcome in ("won", "lost", "drawn")}
    return render(request, "games/profile.html", {"player": player, "rows": rows, "summary": summary})
