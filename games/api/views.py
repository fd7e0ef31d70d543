"""What each endpoint reads and returns. Reads go through games.selectors
(who may see which game) and the engine's player_view (what a seat may know:
never another seat's hand, never the draw pile's order); changes through
games.services."""

from django.utils import timezone
from ninja import Header, Query, Router, Schema

from games import refusals, selectors, services
from games.api import actions, events
from games.api.auth import needs
from games.api.schemas import ChatIn, GameIn, InviteIn, MoveIn, ResignIn
from games.api.shown import checked_id, game_as_seen, move_as_data, seconds_left, when
from games.models import Invitation, Move
from games.viewmodels.chat import chat_for

router = Router()


class RefusalOut(Schema):
    """Every refusal: its HTTP status, its stable code, its params and its sentence in the token owner's language."""

    status: int
    code: str
    params: dict
    message: str


# The statuses refusals have (games/errors.py), each answered as a RefusalOut.
ANSWERS = {200: dict, frozenset({400, 401, 403, 404, 409, 422, 429}): RefusalOut}
HISTORY_PAGE = 500


def _visible(request, game_id: int) -> int:
    """A game the caller may not see is no game (404), whatever is asked of it, as on the web: a
    refusal about it (private, not a player, its status) would tell that it exists."""
    game_id = checked_id(game_id)
    if not selectors.visible_games(user=request.user).filter(pk=game_id).exists():
        raise refusals.NO_SUCH_GAME()
    return game_id


def _seen(request, game_id: int) -> dict:
    game, seats, mine = selectors.game_for_viewer(game_id=checked_id(game_id), user=request.user)
    return game_as_seen(game, seats, mine)


@router.get("/me", summary="The token's owner and scopes", response=ANSWERS)
@needs("games:read")
def me(request):
    return {"username": request.user.username, "language": request.user.language, "scopes": request.auth.scopes}


@router.get("/games", summary="My games, most urgent first", response=ANSWERS)
@needs("games:read")
def my_games(request):
    now = timezone.now()
    return {
        "games": [
            {
                "id": row.game.pk,
                "status": row.game.status,
                "revision": row.game.revision,
                "my_seat": row.my_seat.position if row.my_seat else None,
                "my_move": row.urgency == 0,
                "invitation": row.invitation,
                "turn": row.game.turn_position,
                "deadline": when(row.deadline),
                "seconds_left": seconds_left(row.deadline, now),
                "seats": [{"seat": seat.position, "name": seat.name} for seat in row.seats],
            }
            for row in selectors.my_games(user=request.user).rows
        ]
    }


@router.get("/games/open", summary="Public games looking for players", response=ANSWERS)
@needs("games:read")
def open_games(request):
    return {
        "games": [
            {
                "id": game.pk,
                "players": game.players,
                "teams": game.teams,
                "draw_mode": game.draw_mode,
                "seats": [seat.name for seat in game.seat_list],
            }
            for game in selectors.open_games(user=request.user)
        ]
    }


@router.post("/games", summary="Create a game (I take the first seat)", response=ANSWERS)
@needs("games:play")
def game_create(request, body: GameIn):
    game = services.game_create(creator=request.user, **body.model_dump())
    return _seen(request, game.pk)


@router.get("/games/{int:game_id}", summary="A game as my seat (or a spectator) sees it", response=ANSWERS)
@needs("games:read")
def game_detail(request, game_id: int):
    return _seen(request, game_id)


@router.get("/games/{int:game_id}/moves", summary="The history after version `since`", response=ANSWERS)
@needs("games:read")
def game_moves(request, game_id: int, since: int = Query(0, ge=0, le=2**31 - 1)):
    game, _, _ = selectors.game_for_viewer(game_id=checked_id(game_id), user=request.user)
    moves = Move.objects.filter(game=game, seq__gt=since).order_by("seq")[:HISTORY_PAGE]
    return {"version": game.version, "moves": [move_as_data(move) for move in moves]}


@router.post("/games/{int:game_id}/actions", summary="Play a move (with an Idempotency-Key)", response=ANSWERS)
@needs("games:play")
def game_action(request, game_id: int, body: MoveIn, idempotency_key: str | None = Header(None)):
    return actions.submit(request, _visible(request, game_id), body, idempotency_key)


@router.post(
    "/games/{int:game_id}/resign", summary="Resign: ask for a confirmation, then send it back", response=ANSWERS
)
@needs("games:play")
def game_resign(request, game_id: int, body: ResignIn | None = None):
    """No body at all asks for the confirmation, as `{}` does."""
    return actions.resign(request, _visible(request, game_id), body.confirm if body else None)


@router.post(
    "/games/{int:game_id}/resign/decline", summary="Decline my team's resignation (or withdraw it)", response=ANSWERS
)
@needs("games:play")
def game_resign_decline(request, game_id: int):
    proposal = services.resign_decline(game_id=_visible(request, game_id), user=request.user)
    return {"status": proposal.status, "game": _seen(request, game_id)}


@router.post("/games/{int:game_id}/join", summary="Take a seat in a public game", response=ANSWERS)
@needs("games:play")
def game_join(request, game_id: int):
    services.seat_join(game_id=_visible(request, game_id), user=request.user)
    return _seen(request, game_id)


@router.post(
    "/games/{int:game_id}/invitations", summary="Invite a player by username or e-mail address", response=ANSWERS
)
@needs("games:play")
def game_invite(request, game_id: int, body: InviteIn):
    invitation = services.invitation_create(
        game_id=_visible(request, game_id), inviter=request.user, invitee=body.invitee
    )
    return {"invitation": invitation.pk, "status": invitation.status}


def _my_invitation(request, game_id: int) -> Invitation:
    invitation = Invitation.objects.filter(
        game_id=checked_id(game_id), user=request.user, status=Invitation.Status.PENDING
    ).first()
    if invitation is None:
        raise refusals.NO_OPEN_INVITATION()
    return invitation


@router.post("/games/{int:game_id}/invitation/accept", summary="Accept my invitation to a game", response=ANSWERS)
@needs("games:play")
def invitation_accept(request, game_id: int):
    services.invitation_accept(invitation_id=_my_invitation(request, game_id).pk, user=request.user)
    return _seen(request, game_id)


@router.post("/games/{int:game_id}/invitation/decline", summary="Decline my invitation to a game", response=ANSWERS)
@needs("games:play")
def invitation_decline(request, game_id: int):
    services.invitation_decline(invitation_id=_my_invitation(request, game_id).pk, user=request.user)
    return {"declined": True}


def _chat(request, game_id: int) -> dict:
    game, _, mine = selectors.game_for_viewer(game_id=checked_id(game_id), user=request.user)
    chat = chat_for(game=game, viewer=request.user, my_seat=mine)
    return {
        "can_post": chat.can_post,
        "messages": [
            {"id": message.pk, "name": message.name, "text": message.text, "at": when(message.created_at)}
            for message in chat.messages
        ],
    }


@router.get("/games/{int:game_id}/chat", summary="The table's chat, oldest first", response=ANSWERS)
@needs("games:read")
def chat_read(request, game_id: int):
    return _chat(request, game_id)


@router.post("/games/{int:game_id}/chat", summary="Write to the table's chat", response=ANSWERS)
@needs("chat:write")
def chat_write(request, game_id: int, body: ChatIn):
    services.chat_post(game_id=_visible(request, game_id), user=request.user, text=body.text)
    return _chat(request, game_id)


@router.get("/events", summary="Wait (at most `wait` seconds) for a change to any of my games", response=ANSWERS)
@needs("games:read")
def events_poll(request, since: str = Query("", max_length=events.CURSOR_MAX), wait: int = Query(0, ge=0, le=30)):
    return events.poll(user=request.user, since=since, wait=wait)
