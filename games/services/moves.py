"""A player's move, and the recorder every input goes through: the
player's (move_submit), the deadline sweep's and a moderator's."""

import logging
from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from games import engine, inputs, refusals
from games.errors import IllegalMoveError
from games.mail import notify
from games.models import Game, Hand, Move, Seat
from games.services import ratings
from games.services._common import clock_of, moving, secure_shuffle
from games.services.bot_wake import bots_wake
from games.services.deadlines import deadlines_update
from games.services.vacations import vacation_over_on_move
from games.teammates import deciders
from sequence_site import db_writes

log = logging.getLogger(__name__)
ON_TURN_MOVES = {engine.moves.PLAY, engine.moves.DEAD, engine.moves.PASS}
# The site's own inputs: deadline_enforce and penalty_apply record them, under
# their own actor and door; no player enters them.
SITE_INPUTS = {engine.moves.LOST, engine.moves.SKIP, engine.moves.PENALIZE}
PLAYER_DOORS = {Move.Door.WEB, Move.Door.EMAIL, Move.Door.API}
# What the recorder writes to the game row besides the version.
_RECORDED_FIELDS = (
    "revision",  # bumped already by changing(), or to be bumped by this UPDATE (_common.moving)
    "state",
    "status",
    "finished_at",
    "winner",
    "result_reason",
    "turn_position",
    "turn_deadline",
    "turn_started_at",
    "turn_allowance_seconds",
    "next_deadline",
)
# The recorder's writes, each written once (every move makes them): the game
# row compared-and-swapped on its version, the move, a hand that changed.
_GAME_RECORDED = db_writes.Update(Game, ("version", *_RECORDED_FIELDS), where=("pk", "version"))
_MOVE_RECORDED = db_writes.Insert(Move)
_HAND_RECORDED = db_writes.Update(Hand, ("cards",), where=("pk",))


@dataclass
class MoveResult:
    game: Game
    move: Move
    events: list[dict]
    state: engine.State


def move_submit(*, game_id: int, user, move: str, expected_version: int, door: str = Move.Door.WEB) -> MoveResult:
    """A player's move, checked against the position they saw, through one of
    the players' doors (web, e-mail, API)."""
    if door not in PLAYER_DOORS:
        raise refusals.PLAYERS_DOORS_ONLY(door=door)
    with moving(game_id) as (game, seats):
        seat = next((s for s in seats if s.user_id == user.pk), None)
        if seat is None:
            raise refusals.NOT_A_PLAYER()
        if seat.suspended:
            raise refusals.SUSPENDED()
        if seat.is_bot:
            raise refusals.SEAT_HELD_BY_BOT()
        result = seat_input(
            game=game, seats=seats, seat=seat, move=move, expected_version=expected_version, door=door, user=user
        )
    vacation_over_on_move(user=user, now=timezone.now())
    return result


def seat_input(
    *, game: Game, seats: list[Seat], seat: Seat, move: str, expected_version: int, door: str, user
) -> MoveResult:
    """What a seat's player, or the bot playing it, typed: checked as every
    door checks it (the version seen, the notation, the site's own inputs,
    whose turn it is), then recorded. `game` is locked by the caller."""
    if expected_version != game.version:
        raise refusals.STALE_VERSION()
    state = engine.state_from_json(game.state)
    parsed = _parse_player_move(move)
    if parsed.kind in SITE_INPUTS:
        raise refusals.SITE_ONLY_INPUT(kind=parsed.kind)
    if parsed.kind in ON_TURN_MOVES and seat.position != state.turn:
        raise refusals.TURN_OF_ANOTHER(player=seats[state.turn].name)
    team = game.team_of(seat.position)
    if parsed.kind == engine.moves.RESIGN and deciders(game, seats, team, timezone.now()) != [seat.position]:
        raise refusals.TEAM_RESIGNS_TOGETHER()  # services.resign puts it to the team
    return record_input(
        game=game,
        seats=seats,
        state=state,
        position=seat.position,
        text=parsed.text,
        actor=Move.Actor.PLAYER,
        door=door,
        user=user,
    )


def _parse_player_move(text: str) -> engine.ParsedMove:
    """What a player typed, as a move. Text outside the notation never reaches
    the parser, and a parser failure of any kind is a refusal, not a 500."""
    if not inputs.is_move_text(text):
        raise refusals.NOT_MOVE_TEXT(limit=inputs.MOVE_MAX_LENGTH)
    try:
        return engine.parse_move(text)
    except engine.MoveSyntaxError as exc:
        raise IllegalMoveError.passing_on(exc) from None
    except Exception:
        log.exception("The move parser failed on %r", text)
        raise refusals.MOVE_UNREADABLE() from None


def record_input(
    *,
    game: Game,
    seats: list[Seat],
    state: engine.State,
    position: int | None,
    text: str,
    actor: str,
    door: str,
    user,
    now: datetime | None = None,
) -> MoveResult:
    """Apply one input (`text` in canonical notation, by the seat at
    `position`, or None for a moderator's) to a locked game through the
    engine, and store everything it changed. Internal to services: callers
    have checked who may enter it."""
    now = now or timezone.now()
    try:
        new_state, events = engine.apply(state, position, text, shuffle=secure_shuffle)
    except engine.IllegalMove as exc:
        raise IllegalMoveError.passing_on(exc) from None
    seq = game.version + 1
    if actor == Move.Actor.PLAYER:  # the player is here: an offered seat is theirs again
        seats[position].missed_turns, seats[position].open_since = 0, None
    game.turn_position = new_state.turn  # before the deadlines: what is due next depends on who plays
    deadlines_update(game=game, seats=seats, old=state, new=new_state, now=now)
    if new_state.result is not None:
        game.status, game.finished_at = Game.Status.FINISHED, now
        game.winner = new_state.result["winner"] or ""
        game.result_reason = new_state.result["reason"]
    game.state = engine.state_to_json(new_state)
    # Compare-and-swap on the version: on a database without row locks
    # (SQLite) this alone keeps two submissions for one turn from both landing.
    if not _GAME_RECORDED.run([seq, *(getattr(game, name) for name in _RECORDED_FIELDS)], (game.pk, game.version)):
        raise refusals.STALE_VERSION()
    game.version = seq
    record = Move(game=game, seq=seq, seat=position, text=text, actor=actor, door=door, entered_by=user, events=events)
    _MOVE_RECORDED.run([record])
    # Only the hands and seats that changed (a play changes one hand, and
    # mostly no seat): a plain UPDATE each costs less than one bulk_update.
    for seat in seats:
        if seat.hand.cards != new_state.hands[seat.position]:
            seat.hand.cards = new_state.hands[seat.position]
            _HAND_RECORDED.run([seat.hand.cards], (seat.pk,))
        # Compared with the stored clock, not the one before this input: a
        # caller may have changed it before (a missed turn's count).
        if clock_of(seat) != seat.stored_clock:
            Seat.objects.filter(pk=seat.pk).update(
                missed_turns=seat.missed_turns,
                draw_deadline=seat.draw_deadline,
                bank_seconds=seat.bank_seconds,
                open_since=seat.open_since,
            )
            seat.stored_clock = clock_of(seat)
    if game.status == Game.Status.FINISHED:
        ratings.rate_finished(game=game, seats=seats)  # before the e-mails, which show the change
    notify.after_input(game=game, seats=seats, old=state, new=new_state, events=events, door=door, now=now)
    bots_wake(game=game, seats=seats, state=new_state)
    return MoveResult(game=game, move=record, events=events, state=new_state)
