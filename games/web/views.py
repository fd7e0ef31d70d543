"""Thin views: read a form, call a service or a selector, render or redirect.
A refusal is raised as a `GameError` and answered by `web_refusals`: the page
again with its message and a 4xx status, or a 404."""

import json
from functools import wraps
from urllib.parse import quote, urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.cache import cache
from django.http import Http404, HttpResponse, HttpResponseRedirect, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import add_never_cache_headers
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import inputs, leaderboards, refusals, selectors, services
from games.engine.cards import card_label
from games.errors import GameError, GameNotFound
from games.models import Game, Move, Pool
from games.table_extras import table_extras
from games.viewmodels.chat import chat_for, notes_for
from games.viewmodels.rating_chart import chart
from games.viewmodels.replay import replay_frame
from games.viewmodels.resignation import open_resignation, resignation_for
from games.viewmodels.table import table_for
from games.viewmodels.votes import vote_box
from games.web import fragments
from games.web import refused as web_refusals
from games.web.csrf_stand_in import STAND_IN, with_own_token
from games.web.forms import FindGameForm, GameCreateForm, InviteForm, MoveForm, ResignForm
from games.web.fragments import SECONDS
from games.web.visitor_pages import for_visitors


def _one_game(view):
    """A view of one game. An id no game can have is a 404 before any query
    (SQLite cannot even compare a 20-digit number; the URL takes any digits);
    a refusal the view raises is shown on the game's page. No answer is ever
    stored: the back button must not bring back a table that looks playable
    after the game moved on."""

    @wraps(view)
    def checked(request, game_id: int, *args, **kwargs):
        if not inputs.is_game_id(game_id):
            raise Http404(gettext("There is no such game."))
        try:
            response = view(request, game_id, *args, **kwargs)
        except GameError as exc:
            response = web_refusals.refusal_response(exc, lambda error: _game_page(request, game_id, error=error))
        add_never_cache_headers(response)
        return response

    return checked


def _visitors_sign_in_first(view):
    """A game page a visitor may not see asks them to sign in and brings them
    back: its players follow links from their e-mails. The answer is the same
    whether or not such a game exists, so it tells a visitor nothing."""

    @wraps(view)
    def checked(request, game_id: int, *args, **kwargs):
        try:
            return view(request, game_id, *args, **kwargs)
        except GameNotFound:
            if request.user.is_authenticated:
                raise
            return redirect_to_login(request.get_full_path())

    return checked


def _answer(request) -> str | None:
    """'accept' or 'decline' from an invitation form; anything else is None."""
    answer = request.POST.get("answer")
    return answer if answer in ("accept", "decline") else None


def _done(request, game_id: int, message: str):
    messages.success(request, message)
    return redirect("game", game_id=game_id)


def _seated(request, seat) -> HttpResponse:
    """After taking a seat: the last one deals the cards (an auto-start game)."""
    dealt = seat.game.status == Game.Status.ACTIVE
    return _done(
        request,
        seat.game_id,
        gettext("You took the last seat: the cards are dealt.") if dealt else gettext("You have a seat."),
    )


@for_visitors
def home(request):
    if not request.user.is_authenticated:
        games = selectors.public_games_in_play(limit=5)
        context = {"games_in_play": games, "games_key": fragments.rows_key("games", games), "fragment_seconds": SECONDS}
        return render(request, "home.html", context)
    mine = selectors.my_games(user=request.user)
    context = {"rows": mine.rows, "rows_key": fragments.rows_key("my-games", mine.read), "fragment_seconds": SECONDS}
    context["my_moves"] = sum(row.urgency == 0 for row in mine.rows)  # the header's count, without its query
    whole = _whole_page_key(request, ("my-games", context["rows_key"]), context["my_moves"])
    if whole is None:
        return render(request, "games/my_games.html", context)
    store = fragments.FragmentStore([], whole=whole)
    if (kept := _kept_page(request, store)) is not None:
        return kept
    response = _keep_page(request, store, whole, "games/my_games.html", context)
    store.save()
    return response


@login_required
@require_GET
def welcome(request):
    """The first visit, after sign-up: play a friend, or join an open game."""
    return render(request, "games/welcome.html", {"games": selectors.open_games(user=request.user)[:5]})


@login_required
def game_new(request):
    form = GameCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            game = services.game_create(creator=request.user, **form.cleaned_data)
        except GameError as exc:
            return web_refusals.refusal_response(exc, lambda error: _refused_new_game(request, form, error))
        starts = (
            gettext("Your game is ready. It starts once every seat is taken.")
            if game.start_mode == Game.StartMode.AUTO
            else gettext("Your game is ready. Press Start once every seat is taken.")
        )
        messages.success(request, starts)
        return redirect("game", game_id=game.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "games/new.html", {"form": form}, status=status)


def _refused_new_game(request, form: GameCreateForm, error: GameError):
    form.add_error(None, str(error))
    return render(request, "games/new.html", {"form": form})


@require_GET
@for_visitors
def open_games(request):
    return open_games_page(request)


def open_games_page(request, *, find_form: FindGameForm | None = None, error: GameError | None = None):
    """The open games, and "Find me a game" (with the refusal of a search that failed)."""
    games, in_play = selectors.open_games(user=request.user), selectors.public_games_in_play()
    context = {"games": games, "in_play": in_play, "fragment_seconds": SECONDS, "error": error}
    context["open_seats"] = selectors.open_seats(user=request.user)
    context |= {"games_key": fragments.rows_key("games", games), "in_play_key": fragments.rows_key("games", in_play)}
    return render(request, "games/open.html", {**context, "find_form": find_form or FindGameForm()})


def _game_page(request, game_id: int, *, error: GameError | None = None, move_text: str = ""):
    """The page of a game as this viewer may see it: forming, or the table;
    `error` is a refusal to show on it (web_refusals sets the status)."""
    game, seats, mine, reader = selectors.table_for_viewer(game_id=game_id, user=request.user)
    context = {"game": game, "seats": seats, "my_seat": mine, "error": error, "move_text": move_text}
    context["my_moves"] = reader.my_moves  # the header's count, without its query
    if game.status == Game.Status.FORMING or game.state is None:
        invitations = selectors.waiting_invitations(game=game) if mine else []
        my_invitation = None
        if mine is None and request.user.is_authenticated:
            my_invitation = selectors.invitation_of(game_id=game.pk, user=request.user)
        open_teams = [game.team_name_of(p) for p in range(len(seats), game.players)]
        context.update(
            invite_form=InviteForm(), invitations=invitations, my_invitation=my_invitation, open_seats=open_teams
        )
        return render(request, "games/forming.html", context)
    if mine is not None:
        services.seat_seen(game_id=game.pk, user=request.user, seat=mine)  # at the table: no turn e-mail
    card, show_all = inputs.read_card(request.GET.get("card")), _shows_all(request)
    page_keys = fragments.table_page_keys(
        game=game, mine=mine, user=request.user, muted=reader.mutes, card=card, show_all=show_all
    )
    whole = _whole_page_key(request, sorted(page_keys.values()), reader.my_moves) if error is None else None
    store = fragments.FragmentStore(page_keys.values(), whole=whole)
    if (kept := _kept_page(request, store)) is not None:  # before the context: most reloads end here
        return kept
    # The view-model, for the fragments that show it (the page's own part and the history),
    # built only when one of them is not in the cache: before rendering, so that the
    # templates read it directly rather than through a lazy object's every attribute.
    table = None
    if not store.has_all(page_keys["page"], page_keys["history"]):
        table = table_for(game=game, seats=seats, my_seat=mine, selected_card=card, show_all=show_all)
    # What the page shows besides the table, each read only when its fragment is
    # not in the cache, and only when it has something (extras counts them, once).
    extras = SimpleLazyObject(lambda: table_extras(game))
    context.update(
        table=table,
        chat=SimpleLazyObject(
            lambda: chat_for(
                game=game,
                viewer=request.user,
                my_seat=mine,
                may_have_muted=bool(reader.mutes[0]),
                may_have_messages=extras.chat_shown,
            )
        ),
        notes=SimpleLazyObject(lambda: notes_for(game=game) if extras.moderator_notes else []),
        resignation=SimpleLazyObject(lambda: _team_resignation(game, seats, mine)),
        # the game's change to the viewer's rating, on the game-over panel (a game's end rates it once)
        rating_change=SimpleLazyObject(lambda: leaderboards.change_in(game, request.user) if mine else None),
        votes=SimpleLazyObject(
            lambda: vote_box(game=game, seats=seats, my_seat=mine, now=timezone.now(), votes_cast=extras.votes_cast)
        ),
        page_keys=page_keys,
        fragment_store=store,
        fragment_seconds=SECONDS,
        may_download=selectors.may_download_record(game=game),
        poll_seconds=settings.TABLE_POLL_SECONDS,
        my_turn_now=_my_turn_now(game, mine),
    )
    if whole:
        response = _keep_page(request, store, whole, "games/table.html", context)
    else:
        response = render(request, "games/table.html", context)
    store.save()
    return response


def _whole_page_key(request, shown, my_moves: int) -> str | None:
    """The key of a reader's whole page (fragments.whole_page_key): none
    for a page with messages to show (shown once, never kept)."""
    if len(messages.get_messages(request)):  # counted, not read: the page shows them
        return None
    return fragments.whole_page_key(shown, user=request.user, path=request.get_full_path(), my_moves=my_moves)


def _kept_page(request, store: fragments.FragmentStore) -> HttpResponse | None:
    """The reader's whole page kept in `store`, with this request's own CSRF token."""
    kept = store.kept
    return None if kept is None else HttpResponse(with_own_token(kept, lambda: get_token(request)))


def _keep_page(request, store: fragments.FragmentStore, key: str, template: str, context: dict) -> HttpResponse:
    """The page rendered and kept in `store` under `key`: the kept copy holds a
    stand-in where a CSRF token goes, every response its own."""
    response = render(request, template, {**context, "csrf_token": STAND_IN})
    html = response.content.decode(response.charset)
    store.put(key, html)
    response.content = with_own_token(html, lambda: get_token(request))
    return response


def _team_resignation(game: Game, seats, mine):
    """The team's open resignation, for its members' banner (read only on a cache miss)."""
    if mine is None or game.status != Game.Status.ACTIVE or game.players == game.teams:
        return None
    return open_resignation(game=game, seats=seats, my_seat=mine, now=timezone.now())


def _my_turn_now(game: Game, mine) -> bool:
    """For the tab title, from the game's row alone (the table's view-model is
    built only when its fragment is missing): the viewer's turn or open draw."""
    active = game.status == Game.Status.ACTIVE and mine is not None
    return active and (game.turn_position == mine.position or mine.draw_deadline is not None)


def _shows_all(request) -> bool:
    """Where my cards go: ?show=all turns it on and ?show=one off, and the
    session remembers the choice for every table (a display preference, so a
    link may set it)."""
    show = request.GET.get("show")
    if show in ("all", "one") and request.user.is_authenticated:
        request.session["show_all"] = show == "all"
    return request.session.get("show_all", False)


@require_GET
@_one_game
@_visitors_sign_in_first
def game_detail(request, game_id: int):
    return _game_page(request, game_id)


@require_GET
@_one_game
def game_refresh(request, game_id: int):
    """The waiting table's "Refresh" link, for browsers without JavaScript: a
    link to the page's own address and #table would only scroll to the table,
    so the link comes here and is sent on to load the page anew."""
    return _to_table(game_id)


@require_GET
@_one_game
def game_version(request, game_id: int):
    """What a waiting table asks now and then: has the game moved on? A
    player whose table asks is at the table, as if they had reloaded it."""
    version, mine = selectors.game_version(game_id=game_id, user=request.user)
    if mine is not None:
        services.seat_seen(game_id=game_id, user=request.user, seat=mine)
    return JsonResponse(version)


@login_required
@require_POST
@_one_game
def game_move(request, game_id: int):
    form = MoveForm(request.POST)
    if not form.is_valid():
        raise _move_form_problem(form)
    move = form.cleaned_data["move"]
    try:
        result = services.move_submit(
            game_id=game_id, user=request.user, move=move, expected_version=form.cleaned_data["version"]
        )
    except GameError as exc:  # the page repeats the move as sent
        return web_refusals.refusal_response(
            exc, lambda error: _game_page(request, game_id, error=error, move_text=move)
        )
    turned_in = _dead_card_exchange(result)
    if turned_in:
        messages.success(request, turned_in)
    return _to_table(game_id)


def _dead_card_exchange(result) -> str | None:
    """What a dead card was exchanged for: the hand changes in a place the
    player is not looking (the new card comes last), and the move ends no turn."""
    seat = result.move.seat
    turned_in = [event["card"] for event in result.events if event["type"] == "dead_card_turned_in"]
    drew = any(event["type"] == "card_drawn" and event["seat"] == seat for event in result.events)
    if not turned_in or not drew:
        return None
    drawn = result.state.hands[seat][-1]  # a draw adds the card at the hand's end
    return gettext("You turned in the dead {card} and drew {drawn}.").format(
        card=card_label(turned_in[0]), drawn=card_label(drawn)
    )


def _move_form_problem(form: MoveForm) -> GameError:
    """Why a move form was refused: a move too long is named as such."""
    if form.data.get("move") and "move" in form.errors:
        return refusals.FORM_INVALID(text=str(form.errors["move"][0]))
    return refusals.MOVE_FORM_INCOMPLETE()


@login_required
@require_http_methods(["GET", "POST"])
@_one_game
def game_resign(request, game_id: int):
    """Resigning cannot be undone: a confirmation page, or in a team game the
    team's proposal (agree, decline). The POST is the confirmed resignation."""
    if request.method == "POST":
        form = ResignForm(request.POST)
        if not form.is_valid():
            raise refusals.MOVE_FORM_INCOMPLETE()
        done = services.resign(
            game_id=game_id, user=request.user, door=Move.Door.WEB, expected_version=form.cleaned_data["version"]
        )
        if not done.resigned:
            messages.success(request, gettext("Your teammates are asked: your team resigns once all of you agree."))
        return _to_table(game_id)
    game, seats, mine = selectors.game_for_viewer(game_id=game_id, user=request.user)
    if mine is None or game.status != Game.Status.ACTIVE:
        raise refusals.CANNOT_RESIGN()
    resignation = resignation_for(game=game, seats=seats, my_seat=mine, now=timezone.now())
    return render(request, "games/resign.html", {"game": game, "my_seat": mine, "resignation": resignation})


@login_required
@require_POST
@_one_game
def game_resign_decline(request, game_id: int):
    """A teammate declines the team's resignation, or its proposer withdraws it."""
    proposal = services.resign_decline(game_id=game_id, user=request.user)
    if proposal.status == proposal.Status.WITHDRAWN:
        messages.success(request, gettext("You withdrew the proposal: your team plays on."))
    else:
        messages.success(request, gettext("You declined: your team plays on."))
    return _to_table(game_id)


def _to_table(game_id: int) -> HttpResponseRedirect:
    response = HttpResponseRedirect(reverse("game", args=[game_id]) + "#table")
    response.status_code = 303  # See Other: reloading the table must not post again
    return response


@login_required
@require_GET
@_one_game
def game_draw(request, game_id: int):
    """Where the draw-window e-mail leads: one more click takes the draw."""
    game, _, mine = selectors.game_for_viewer(game_id=game_id, user=request.user)
    if mine is None or game.status != Game.Status.ACTIVE or mine.draw_deadline is None:
        raise refusals.NO_DRAW_NOW()
    return render(request, "games/draw.html", {"game": game, "my_seat": mine})


@login_required
@require_POST
@_one_game
def game_join(request, game_id: int):
    return _seated(request, services.seat_join(game_id=game_id, user=request.user))


@login_required
@require_POST
@_one_game
def game_take_over(request, game_id: int):
    position = (inputs.read_int(request.POST.get("seat", ""), low=1, high=12) or 0) - 1
    services.seat_take_over(game_id=game_id, user=request.user, position=position)
    return _done(request, game_id, gettext("The seat is yours, with its cards."))


@login_required
@require_POST
@_one_game
def game_keep_seat(request, game_id: int):
    services.seat_keep(game_id=game_id, user=request.user)
    return _done(request, game_id, gettext("Welcome back: your seat is no longer offered."))


@login_required
@require_POST
@_one_game
def game_vote(request, game_id: int):
    """A vote at a stalled table: to pause, to skip the absent player, or to resume the players' pause."""
    kind = request.POST.get("vote")
    if kind == "pause":
        done = services.vote_pause(game_id=game_id, user=request.user)
        said = gettext("Every player agreed: the game is paused.") if done else gettext("Your vote to pause counts.")
    elif kind == "skip":
        done = services.vote_skip(game_id=game_id, user=request.user)
        said = gettext("The absent player's turn is skipped.") if done else gettext("Your vote to skip counts.")
    elif kind == "resume":
        services.vote_resume(game_id=game_id, user=request.user)
        said = gettext("The clocks run again.")
    else:
        raise refusals.VOTE_UNKNOWN()
    return _done(request, game_id, said)


@login_required
@require_POST
@_one_game
def game_leave(request, game_id: int):
    services.seat_leave(game_id=game_id, user=request.user)
    return _done(request, game_id, gettext("You left the game."))


@login_required
@require_POST
@_one_game
def game_take_back(request, game_id: int):
    services.seat_take_back(game_id=game_id, user=request.user)
    return _done(request, game_id, gettext("You have your seat back."))


@login_required
@require_POST
def game_against_bot(request):
    """ "Play a bot now": a two-player game against a level-1 bot, dealt at once."""
    try:
        game = services.game_against_bot(user=request.user)
    except GameError as exc:  # a suspended player
        messages.error(request, str(exc))
        return redirect("home")
    return redirect("game", game_id=game.pk)


@login_required
@require_POST
@_one_game
def game_start(request, game_id: int):
    services.game_start(game_id=game_id, user=request.user)
    return _done(request, game_id, gettext("The cards are dealt."))


@login_required
@require_POST
@_one_game
def game_rematch(request, game_id: int):
    """The first to ask makes the rematch and invites the others; each of them joins it with the same button."""
    rematch = services.game_rematch(game_id=game_id, user=request.user)
    if rematch.status == Game.Status.ACTIVE:
        return _done(request, rematch.pk, gettext("Every player is back: the cards are dealt."))
    return _done(request, rematch.pk, gettext("The rematch waits for the other players."))


@login_required
@require_POST
@_one_game
def game_invite(request, game_id: int):
    form = InviteForm(request.POST)
    if not form.is_valid():
        raise refusals.FORM_INVALID(text=str(form.errors["invitee"][0]))
    invitee = form.cleaned_data["invitee"]
    services.invitation_create(game_id=game_id, inviter=request.user, invitee=invitee)
    return _done(request, game_id, gettext("%(invitee)s is invited.") % {"invitee": invitee})


@login_required
@require_POST
@_one_game
def game_arrange(request, game_id: int):
    """Move one seat a place earlier in the turn order (and so to the other team)."""
    _, seats, _ = selectors.game_for_viewer(game_id=game_id, user=request.user)
    order = [seat.pk for seat in seats]
    seat_id = inputs.read_int(request.POST.get("seat"))
    if seat_id not in order:
        raise refusals.CHOOSE_SEAT()
    index = order.index(seat_id)
    order.insert(max(index - 1, 0), order.pop(index))
    services.seats_arrange(game_id=game_id, user=request.user, seat_order=order)
    return _done(request, game_id, gettext("Seats rearranged."))


@login_required
@require_POST
@_one_game
def game_answer_invitation(request, game_id: int):
    """Accept or decline an invitation sent to one's username or address."""
    invite = selectors.invitation_of(game_id=game_id, user=request.user)
    if invite is None:
        raise refusals.NO_OPEN_INVITATION()
    answer = _answer(request)
    if answer is None:
        raise refusals.ANSWER_ACCEPT_OR_DECLINE()
    if answer == "decline":
        services.invitation_decline(invitation_id=invite.pk, user=request.user)
        return _done(request, game_id, gettext("Invitation declined."))
    return _seated(request, services.invitation_accept(invitation_id=invite.pk, user=request.user))


def invitation(request, token: str):
    """The page an invitation link opens: who invites, and (signed in) take the seat or decline."""
    invite = None

    def page(error: GameError | None = None):
        back = _back_to_invitation(request, invite) if invite else ""
        context = {"invitation": invite, "token": token, "error": error, "back": back}
        if invite and request.user.is_authenticated:  # an answer offered only to whom it is open
            context["seated"] = invite.game.seats.filter(user=request.user).exists()
            context["for_someone_else"] = invite.for_someone_else(request.user)
        return render(request, "games/invitation.html", context)

    try:
        invite = services.invitation_from_token(token)
        if request.method != "POST":
            return page()
        answer = _answer(request)
        if answer is None:
            raise refusals.ANSWER_ACCEPT_OR_DECLINE()
        signed_in = request.user if request.user.is_authenticated else None
        if answer == "decline":  # the e-mail offers it to someone without an account too
            services.invitation_decline(invitation_id=invite.pk, user=signed_in)
            messages.success(request, gettext("Invitation declined."))
            return redirect("home")
        if signed_in is None:
            return page()
        return _seated(request, services.invitation_accept(invitation_id=invite.pk, user=request.user))
    except GameError as exc:
        return web_refusals.refusal_response(exc, page)


def _back_to_invitation(request, invite) -> str:
    """What follows ?next= in the page's "Sign up" and "sign in" links (one
    value: the sentence holding both links, translations and all, has one
    place for it): this page, and an address nobody has claimed yet for
    the sign-up form's e-mail field (allauth fills it from ?email=)."""
    back = quote(request.path)
    if invite.email and invite.user_id is None:
        back += "&" + urlencode({"email": invite.email})
    return back


@require_GET
@_one_game
@_visitors_sign_in_first
@for_visitors
def game_replay(request, game_id: int):
    """The position after move ?at= (the latest when it is not a number).
    A cached position needs only a glance at the game; a position not in the
    cache is rebuilt from the log: the same for every viewer until the game
    moves on."""
    asked = inputs.read_int(request.GET.get("at"))
    glance = selectors.replay_glance(game_id=game_id, user=request.user)
    body = cache.get(fragments.replay_key(glance, _replayed_move(asked, glance))) if glance else None
    if body is not None:
        return render(request, "games/replay.html", {"game": glance, "body": body, "notes": notes_for(game=glance)})
    game, seats, _ = selectors.game_for_viewer(game_id=game_id, user=request.user)
    at = _replayed_move(asked, game)
    frame = replay_frame(game=game, seats=seats, at=at)
    context = {"game": game, "frame": frame, "table": frame.table}
    body = render_to_string("games/_replay.html", context, request=request)
    cache.set(fragments.replay_key(game, at), body, SECONDS)  # the key of what was rendered
    return render(request, "games/replay.html", {"game": game, "body": body, "notes": notes_for(game=game)})


def _replayed_move(asked: int | None, game: Game) -> int | None:
    """One key per position, however asked: None is the latest."""
    return None if asked is None else max(0, min(asked, game.version))


@require_GET
@_one_game
def game_record(request, game_id: int):
    game, _, _ = selectors.game_for_viewer(game_id=game_id, user=request.user)
    if not selectors.may_download_record(game=game):
        raise refusals.RECORD_NOT_PUBLISHED_YET()  # shown on the game's page, in the reader's language
    document = services.game_export(game=game)
    response = HttpResponse(json.dumps(document, indent=1, ensure_ascii=False), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="sequence-game-{game.pk}.record.json"'
    return response


@require_GET
@for_visitors
def profile(request, username: str):
    if not inputs.fits(username, max_length=inputs.USERNAME_MAX_LENGTH):
        raise Http404(gettext("There is no such player."))  # PostgreSQL refuses to compare a NUL
    player = selectors.player_named(username)
    if player is None:
        raise Http404(gettext("There is no such player."))
    rows = selectors.finished_games_of(player=player, viewer=request.user)
    summary = {outcome: sum(1 for row in rows if row.outcome == outcome) for outcome in ("won", "lost", "drawn")}
    context = {
        "player": player,
        "ratings": [(Pool(row.pool).label, row, chart(row.history)) for row in leaderboards.ratings_of(player)],
        "rows": rows,
        "summary": summary,
        "rows_key": fragments.rows_key(f"profile:{player.username}", rows),
    }
    return render(request, "games/profile.html", {**context, "fragment_seconds": SECONDS})
