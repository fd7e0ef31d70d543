"""What moderators do to a game in the admin: the table-talk penalty and
aborting it. Only staff may."""

from django.db import transaction
from django.utils import timezone

from games import engine
from games.errors import IllegalMoveError, NotAllowed
from games.models import Game, Move
from games.services._common import invitations_lapse, locked_game, require_status, seats_of
from games.services.deadlines import deadlines_stop
from games.services.moves import MoveResult, record_input


def penalty_apply(*, game_id: int, moderator, team: str) -> MoveResult:
    """The table-talk penalty, applied by a moderator to a team."""
    with transaction.atomic():
        game = locked_game(game_id)
        require_status(game, Game.Status.ACTIVE, action="penalize")
        if not moderator.is_staff:
            raise NotAllowed("moderators_only_penalize")
        try:
            text = engine.parse_move(f"penalize {team}").text
        except engine.MoveSyntaxError as exc:
            raise IllegalMoveError.passing_on(exc) from None
        return record_input(
            game=game,
            seats=seats_of(game),
            state=engine.state_from_json(game.state),
            position=None,
            text=text,
            actor=Move.Actor.MODERATOR,
            door=Move.Door.ADMIN,
            user=moderator,
        )


def game_abort(*, game_id: int, moderator, reason: str) -> Game:
    """End a forming or active game without a result; nothing is due in it any more."""
    with transaction.atomic():
        game = locked_game(game_id)
        require_status(game, Game.Status.FORMING, Game.Status.ACTIVE, action="abort")
        if not moderator.is_staff:
            raise NotAllowed("moderators_only_abort")
        game.status, game.abort_reason, game.finished_at = Game.Status.ABORTED, reason[:200], timezone.now()
        deadlines_stop(game=game)
        game.save(update_fields=["status", "abort_reason", "finished_at", "turn_deadline", "next_deadline"])
        invitations_lapse(game)
        return game
