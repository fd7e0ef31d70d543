"""Bots in seats. A bot moves through the players' checks (moves.seat_input)
under its own door, `bot`, from the task games.bot_move; it sees only its
seat's `engine.player_view`. A bot takes a seat when the game is made (the
creator's bots), when a player times out under the "replace by a bot"
policy, or when a moderator puts one there; a player a bot stands in for
takes the seat back from the table."""

import logging

from django.db import DatabaseError
from django.utils import timezone

from games import bots, engine, refusals
from games.errors import GameError
from games.models import BOT_MARK, Game, Move, Seat
from games.services._common import changing, moving, secure_rng
from games.services.bot_wake import bot_to_act, bots_wake
from games.services.moves import MoveResult, seat_input
from games.services.resignations import proposals_settle

log = logging.getLogger(__name__)
# The search's cap on one move (level 2), within the "at most 1 s".
SEARCH_SECONDS = 1.0
STAND_IN_LEVEL = 1  # the level of a bot that stands in for an absent player


def bot_name(number: int) -> str:
    """The name of the creator's `number`-th bot (1, 2, …), unique in its game."""
    return f"{BOT_MARK} Bot {number}"


def stand_in_name(username: str) -> str:
    return f"{BOT_MARK} {username}"


def bot_turn(*, game_id: int, version: int) -> Move | None:
    """The move of the bot that has one to make in the game at `version`
    (None: there is none, or the game has moved on). The choice is made
    without the lock, from what the game was at `version`; the move is then
    entered against that version, so a second run for it is refused as stale."""
    game = Game.objects.filter(pk=game_id, version=version, status=Game.Status.ACTIVE).first()
    if game is None:
        return None
    seats = list(Seat.objects.filter(game=game).order_by("position"))
    state = engine.state_from_json(game.state)
    position = bot_to_act(state, seats)
    if position is None:
        return None
    view = engine.player_view(state, position)
    legal = engine.legal_actions(state, position)
    action = bots.choose(view, legal, secure_rng(), seats[position].bot_level, seconds=SEARCH_SECONDS)
    if action is None:
        return None
    result = bot_submit(game_id=game_id, position=position, move=action["text"], expected_version=version)
    _draw_at_once(result, position)
    return result.move


def _draw_at_once(played: MoveResult, position: int) -> None:
    """A bot takes its tabletop draw as soon as its play opens the window, as
    a player would: left to the next task (after the humane delay), a next
    player who plays and draws within it would close the window on the bot."""
    game = played.game
    if game.status != Game.Status.ACTIVE or "draw" not in engine.legal_moves(played.state, position):
        return
    try:
        bot_submit(game_id=game.pk, position=position, move="draw", expected_version=game.version)
    except GameError as exc:  # someone moved first: their move queued the bot's draw
        log.info("game %s: the bot's draw after its play was refused: %s", game.pk, exc.code)
    except DatabaseError:  # the play is made; the task its play queued takes the draw
        log.warning("game %s: the bot's draw after its play failed; its queued task takes it", game.pk, exc_info=True)


def bot_submit(*, game_id: int, position: int, move: str, expected_version: int) -> MoveResult:
    """A bot's move for the seat at `position`, checked as a player's is."""
    with moving(game_id) as (game, seats):
        if not 0 <= position < len(seats) or not seats[position].is_bot:
            raise refusals.NOT_A_PLAYER()
        return seat_input(
            game=game,
            seats=seats,
            seat=seats[position],
            move=move,
            expected_version=expected_version,
            door=Move.Door.BOT,
            user=None,
        )


def seat_to_bot(*, game: Game, seats: list[Seat], seat: Seat, level: int = STAND_IN_LEVEL) -> None:
    """A bot of `level` takes `seat` and its hand, in a locked game; a player
    who held it keeps it as theirs to take back."""
    if level not in bots.LEVELS:
        raise refusals.BOT_LEVEL_UNKNOWN()
    seat.bot_level, seat.missed_turns = level, 0
    if seat.user is not None:
        seat.name = stand_in_name(seat.user.username)
    seat.save(update_fields=["bot_level", "missed_turns", "name"])
    seat.stored_clock = (seat.missed_turns, *seat.stored_clock[1:])
    proposals_settle(game=game, seats=seats, now=timezone.now())  # a bot agrees to nothing: one fewer to ask
    bots_wake(game=game, seats=seats, state=engine.state_from_json(game.state))


def seat_take_back(*, game_id: int, user) -> Seat:
    """The player a bot stands in for takes their seat, and its hand, back."""
    with changing(game_id, action="take_back", statuses=(Game.Status.ACTIVE, Game.Status.PAUSED)) as game:
        seat = Seat.objects.filter(game=game, user=user, bot_level__isnull=False).first()
        if seat is None:
            raise refusals.NO_SEAT_TO_TAKE_BACK()
        seat.bot_level, seat.name, seat.last_seen_at = None, user.username, timezone.now()
        seat.save(update_fields=["bot_level", "name", "last_seen_at"])
        return seat
