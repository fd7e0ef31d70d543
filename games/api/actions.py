"""Moves over the API. With an `Idempotency-Key` a move is played at most
once: the key is claimed in the same transaction as the move (a unique row),
so the same key sent again, even at the same moment, gets the first answer
and plays nothing; a refused move stores nothing, and its retry is judged
anew. A move chosen at an older version is refused 409 with the version now.
Resigning takes two calls: the first answers a confirmation, signed and
valid only while the game stays at the version it was given at."""

import hashlib
import re

from django.core import signing
from django.db import IntegrityError, transaction

from accounts.models import ApiAnswer
from games import engine, refusals, selectors, services
from games.api.shown import game_as_seen, move_as_data
from games.errors import GameError
from games.models import Game, Move

KEY = re.compile(r"[\x21-\x7e]{1,200}")
RESIGN_SALT = "games.api.resign"
RESIGN_SECONDS = 600


def _play(request, game_id: int, text: str, version: int) -> dict:
    try:
        result = services.move_submit(
            game_id=game_id, user=request.user, move=text, expected_version=version, door=Move.Door.API
        )
    except GameError as exc:
        if exc.code == refusals.STALE_VERSION.code:  # the client needs the version now to look again
            exc.params = {**exc.params, "version": Game.objects.values_list("version", flat=True).get(pk=game_id)}
        raise
    game, seats, mine = selectors.game_for_viewer(game_id=game_id, user=request.user)
    return {"move": move_as_data(result.move), "game": game_as_seen(game, seats, mine)}


def _text_of(action) -> str:
    """An action's notation, once its other fields agree with it."""
    try:
        said = engine.parse_move(action.text).as_action()
    except engine.MoveSyntaxError:
        return action.text  # the move's own refusal says what is wrong with it
    parts = (("card", action.card), ("cell", action.cell))  # each may be left out
    if said["kind"] != action.kind or any(sent and said.get(key) != sent.upper() for key, sent in parts):
        raise refusals.API_ACTION_INCONSISTENT()
    return action.text


def submit(request, game_id: int, body, key: str | None) -> dict:
    if (body.text is None) == (body.action is None):
        raise refusals.API_ACTION_MISSING()
    text = body.text if body.text is not None else _text_of(body.action)
    selectors.game_for_viewer(game_id=game_id, user=request.user)  # a game one may not see is no game
    if key is None:
        return _play(request, game_id, text, body.version)
    if not KEY.fullmatch(key):
        raise refusals.API_IDEMPOTENCY_KEY_INVALID()
    fingerprint = hashlib.sha256(f"{game_id}\n{text}\n{body.version}".encode("utf-8", "surrogatepass")).hexdigest()
    try:
        with transaction.atomic():
            answer = ApiAnswer.objects.create(user=request.user, key=key, fingerprint=fingerprint)
            body = _play(request, game_id, text, body.version)  # a refusal rolls the claim back too
            answer.status, answer.body = 200, body
            answer.save(update_fields=["status", "body"])
            return body
    except IntegrityError:  # the key was claimed: by a request that has committed its answer
        stored = ApiAnswer.objects.get(user=request.user, key=key)
        if stored.fingerprint != fingerprint:
            raise refusals.API_IDEMPOTENCY_KEY_REUSED() from None
        return stored.body


def resign(request, game_id: int, confirm: str | None) -> dict:
    game, _, mine = selectors.game_for_viewer(game_id=game_id, user=request.user)
    if mine is None or game.status != Game.Status.ACTIVE:
        raise refusals.CANNOT_RESIGN()
    signer = signing.TimestampSigner(salt=RESIGN_SALT)
    if confirm is None:
        return {"confirm": signer.sign(f"{game.pk}:{request.user.pk}:{game.version}"), "seconds": RESIGN_SECONDS}
    try:
        game_pk, user_pk, version = map(int, signer.unsign(confirm, max_age=RESIGN_SECONDS).split(":"))
    except (signing.BadSignature, ValueError):
        raise refusals.API_RESIGN_UNCONFIRMED() from None
    if (game_pk, user_pk) != (game.pk, request.user.pk) or version != game.version:
        raise refusals.API_RESIGN_UNCONFIRMED()
    done = services.resign(game_id=game_id, user=request.user, door=Move.Door.API, expected_version=version)
    game, seats, mine = selectors.game_for_viewer(game_id=game_id, user=request.user)
    answer = {"resigned": done.resigned, "waiting_for": list(done.waiting_for)}
    if done.resigned:
        answer["move"] = move_as_data(done.result.move)
    return {**answer, "game": game_as_seen(game, seats, mine)}
