"""What moderators do to a game (in the admin): the table-talk penalty,
abort, adjudicate, replace a player, extend a deadline, pause and resume.
Each takes a reason, runs in one transaction on the locked game and leaves
an audit row (services/audit.py) that the players see as a public note."""

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone

from games import engine, refusals
from games.errors import IllegalMoveError
from games.mail import notify
from games.models import BOT_MARK, Game, ModerationAction, Move, Seat
from games.services._common import invitations_lapse, seats_of
from games.services.audit import moderator_action
from games.services.bot_wake import bots_wake
from games.services.bots import seat_to_bot, stand_in_name
from games.services.deadlines import clocks_restart, clocks_stop, deadlines_stop, next_deadline, turn_extend
from games.services.moves import MoveResult, record_input
from games.suspension_rule import active_suspensions

Kind = ModerationAction.Kind
RUNNING = (Game.Status.ACTIVE, Game.Status.PAUSED)
MAX_EXTENSION_MINUTES = 30 * 24 * 60


def _players(seats: list[Seat]) -> list:
    return [seat.user for seat in seats if seat.user is not None]


def penalty_apply(*, game_id: int, moderator, team: str, reason: str, private: bool = False) -> MoveResult:
    """The table-talk penalty, applied by a moderator to a team."""
    with moderator_action(
        moderator=moderator,
        action="penalize",
        kind=Kind.PENALTY,
        reason=reason,
        private=private,
        game_id=game_id,
        statuses=(Game.Status.ACTIVE,),
    ) as (game, note):
        try:
            text = engine.parse_move(f"penalize {team}").text
        except engine.MoveSyntaxError as exc:
            raise IllegalMoveError.passing_on(exc) from None
        result = record_input(
            game=game,
            seats=seats_of(game),
            state=engine.state_from_json(game.state),
            position=None,
            text=text,
            actor=Move.Actor.MODERATOR,
            door=Move.Door.ADMIN,
            user=moderator,
        )
        note.changes = {"team": text.split()[1], "move": result.move.seq}
        note.tell = _players(seats_of(game))  # the team owes a card; its opponents see why
        return result


def game_abort(*, game_id: int, moderator, reason: str, private: bool = False) -> Game:
    """End a forming, active or paused game without a result; nothing is due in it any more."""
    with moderator_action(
        moderator=moderator,
        action="abort",
        kind=Kind.ABORT,
        reason=reason,
        private=private,
        game_id=game_id,
        statuses=(Game.Status.FORMING, *RUNNING),
    ) as (game, note):
        was = game.status
        game.status, game.finished_at = Game.Status.ABORTED, timezone.now()
        game.abort_reason = "" if private else reason.strip()[:200]
        deadlines_stop(game=game)
        game.save(update_fields=["status", "abort_reason", "finished_at", "turn_deadline", "next_deadline"])
        invitations_lapse(game)
        note.changes = {"status": [was, game.status]}
        note.tell = _players(seats_of(game))
        return game


def game_adjudicate(*, game_id: int, moderator, winner: str, reason: str, private: bool = False) -> Game:
    """End a game with the result a moderator decides: a team (by name) wins, or "" for a draw.
    The move log stays as played; the result is the game's, not the engine's."""
    with moderator_action(
        moderator=moderator,
        action="adjudicate",
        kind=Kind.ADJUDICATE,
        reason=reason,
        private=private,
        game_id=game_id,
        statuses=RUNNING,
    ) as (game, note):
        if winner and winner not in game.team_names:
            raise refusals.WINNER_UNKNOWN(teams=", ".join(game.team_names))
        game.status, game.finished_at = Game.Status.FINISHED, timezone.now()
        game.winner, game.result_reason = winner, "adjudicated"
        deadlines_stop(game=game)
        game.save(update_fields=["status", "finished_at", "winner", "result_reason", "turn_deadline", "next_deadline"])
        note.changes = {"winner": winner or None}
        note.tell = _players(seats_of(game))
        return game


def seat_replace(
    *,
    game_id: int,
    moderator,
    position: int,
    reason: str,
    new_user_id: int | None = None,
    bot_level: int | None = None,
    private: bool = False,
) -> Seat:
    """Another user (or, given `bot_level`, a bot of that level) takes over
    the seat at `position`, with its hand; the moves already made keep who
    entered them (Move.entered_by, and the door `bot` for a bot's)."""
    with moderator_action(
        moderator=moderator,
        action="replace_player",
        kind=Kind.REPLACE,
        reason=reason,
        private=private,
        game_id=game_id,
        statuses=RUNNING,
    ) as (game, note):
        seats = seats_of(game)
        if not 0 <= position < len(seats):
            raise refusals.NO_SUCH_SEAT(seat=position + 1)
        seat = seats[position]
        leaving, old_name = seat.user, seat.name
        if bot_level is not None:
            # The seat keeps its player's name, marked: its moves before are the player's, the bot's after (history).
            seat.user, seat.name = None, stand_in_name(old_name.removeprefix(f"{BOT_MARK} "))
            seat.last_seen_at = None
            seat.save(update_fields=["user", "name", "last_seen_at"])
            seat_to_bot(game=game, seats=seats, seat=seat, level=bot_level)
            note.target_user = leaving
            note.changes = {"seat": position, "from": old_name, "to": seat.name, "bot_level": bot_level}
            note.tell = [leaving]
            return seat
        newcomer = get_user_model().objects.filter(pk=new_user_id, is_active=True).first()
        if newcomer is None:
            raise refusals.NO_SUCH_USER()
        if any(other.user_id == newcomer.pk for other in seats):
            raise refusals.INVITEE_SEATED(invitee=newcomer.username)
        if active_suspensions().filter(user=newcomer).exists():
            raise refusals.REPLACEMENT_SUSPENDED(player=newcomer.username)
        seat.user, seat.name, seat.missed_turns, seat.last_seen_at = newcomer, newcomer.username, 0, None
        seat.open_since = None  # no longer offered to anyone
        seat.bot_level = None
        seat.save(update_fields=["user", "name", "missed_turns", "last_seen_at", "open_since", "bot_level"])
        note.target_user = leaving
        note.changes = {"seat": position, "from": old_name, "to": newcomer.username, "to_id": newcomer.pk}
        note.tell = [leaving, newcomer]
        return seat


def deadline_extend(
    *, game_id: int, moderator, minutes: int, reason: str, position: int | None = None, private: bool = False
) -> Game:
    """Give more time: to the turn (position None) or to a seat's open draw window."""
    with moderator_action(
        moderator=moderator,
        action="extend",
        kind=Kind.EXTEND,
        reason=reason,
        private=private,
        game_id=game_id,
        statuses=(Game.Status.ACTIVE,),
    ) as (game, note):
        if not 1 <= minutes <= MAX_EXTENSION_MINUTES:
            raise refusals.EXTENSION_OUT_OF_RANGE()
        seats = seats_of(game)
        more = timedelta(minutes=minutes)
        if position is None:
            if game.turn_deadline is None:
                raise refusals.NO_TURN_DEADLINE()
            # More time on the mover's clock (which may skip a weekend on the way).
            old, seat = game.turn_deadline, seats[game.turn_position]
            turn_extend(game=game, seat=seat, more=more)
            new = game.turn_deadline
        else:
            if not 0 <= position < len(seats) or seats[position].draw_deadline is None:
                raise refusals.NO_DRAW_OPEN(seat=position + 1)
            seat = seats[position]
            old, seat.draw_deadline = seat.draw_deadline, seat.draw_deadline + more
            new = seat.draw_deadline
            seat.save(update_fields=["draw_deadline"])
        game.next_deadline = next_deadline(game, seats, timezone.now())
        game.save(update_fields=["turn_deadline", "turn_allowance_seconds", "next_deadline"])
        notify.emails_follow(game, {old: new})
        note.changes = {"seat": position, "minutes": minutes, "from": old.isoformat(), "to": new.isoformat()}
        note.tell = _players([seat])  # whose time it is
        return game


def game_pause(*, game_id: int, moderator, reason: str, private: bool = False) -> Game:
    """Stop the clocks: nothing is due in a paused game and nobody moves in
    it. The time left on each clock is kept in the audit row for resume."""
    with moderator_action(
        moderator=moderator,
        action="pause",
        kind=Kind.PAUSE,
        reason=reason,
        private=private,
        game_id=game_id,
        statuses=(Game.Status.ACTIVE,),
    ) as (game, note):
        seats = seats_of(game)
        changes = clocks_stop(game=game, seats=seats, now=timezone.now())
        game.status = Game.Status.PAUSED
        game.save(update_fields=["status", "turn_deadline", "next_deadline"])
        note.changes = changes
        note.tell = _players(seats)
        return game


def game_resume(*, game_id: int, moderator, reason: str, private: bool = False) -> Game:
    """Start the clocks again with the time each had left when the game was paused."""
    with moderator_action(
        moderator=moderator,
        action="resume",
        kind=Kind.RESUME,
        reason=reason,
        private=private,
        game_id=game_id,
        statuses=(Game.Status.PAUSED,),
    ) as (game, note):
        paused = ModerationAction.objects.filter(game=game, kind=Kind.PAUSE).order_by("-number").first()
        seats = seats_of(game)
        clocks_restart(
            game=game,
            seats=seats,
            stopped=paused.changes if game.paused_clocks is None else game.paused_clocks,
            now=timezone.now(),
        )
        game.paused_clocks = None
        game.status = Game.Status.ACTIVE
        game.save(
            update_fields=[
                "status",
                "turn_deadline",
                "turn_started_at",
                "turn_allowance_seconds",
                "next_deadline",
                "paused_clocks",
            ]
        )
        bots_wake(game=game, seats=seats, state=engine.state_from_json(game.state))
        note.changes = {"turn_deadline": game.turn_deadline and game.turn_deadline.isoformat()}
        note.tell = _players(seats)
        return game
