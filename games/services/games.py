"""A game's creation (with its invitations), its start by the Start button,
and the cancellation of one nobody filled in time."""

import random

from django.db import transaction
from django.utils import timezone

from games import engine, events, refusals
from games.bots import LEVELS
from games.errors import InvalidInput
from games.mail import notify
from games.models import Game, Seat, forming_limit
from games.services._common import changing, invitations_lapse, seats_of, secure_rng
from games.services.bots import bot_name
from games.services.dealing import game_deal, start_if_full
from games.services.invitations import invitation_create
from games.suspension_rule import require_not_suspended

A_MINUTE, AN_HOUR, THIRTY_DAYS, SIXTY_DAYS = 60, 3600, 30 * 24 * 3600, 60 * 24 * 3600


def game_create(
    *,
    creator,
    players: int,
    teams: int,
    draw_mode: str = Game.DrawMode.AUTOMATIC,
    turn_seconds: int = 2 * 24 * 3600,
    clock_kind: str = Game.ClockKind.DAYS_PER_MOVE,
    bank_initial_seconds: int = 3 * 24 * 3600,
    bank_increment_seconds: int = 24 * 3600,
    bank_cap_seconds: int = 7 * 24 * 3600,
    weekends_off: bool = False,
    vacation_allowed: bool = True,
    draw_window_seconds: int = 12 * 3600,
    missed_turn_policy: str = Game.MissedTurnPolicy.SKIP,
    concede_after: int = 3,
    is_public: bool = False,
    start_mode: str = Game.StartMode.AUTO,
    rated: bool = True,
    invitees: list[str] = (),
    bots: int = 0,
    bot_level: int = 1,
    rematch_of: Game | None = None,
) -> Game:
    """A new game in which the creator takes the first seat, `bots` bots of
    `bot_level` the next ones, with its
    invitations (usernames or e-mail addresses): all of it, or none; the
    rematch of a finished game when `rematch_of` (games.rematch). It
    starts by itself when full only if asked (the new-game form asks by
    default): a caller that does not say keeps the Start button."""
    require_not_suspended(creator)
    try:
        engine.check_setup(players, teams)
    except engine.SetupError as exc:
        raise InvalidInput.passing_on(exc) from None
    if draw_mode not in Game.DrawMode.values:
        raise refusals.DRAW_MODE_UNKNOWN()
    if missed_turn_policy not in Game.MissedTurnPolicy.values:
        raise refusals.MISSED_TURN_POLICY_UNKNOWN()
    if not A_MINUTE <= turn_seconds <= THIRTY_DAYS:
        raise refusals.TURN_TIME_OUT_OF_RANGE()
    if clock_kind not in Game.ClockKind.values:
        raise refusals.CLOCK_KIND_UNKNOWN()
    if not (
        AN_HOUR <= bank_initial_seconds <= THIRTY_DAYS
        and 0 <= bank_increment_seconds <= THIRTY_DAYS
        and bank_initial_seconds <= bank_cap_seconds <= SIXTY_DAYS
    ):
        raise refusals.TIME_BANK_OUT_OF_RANGE()
    if not A_MINUTE <= draw_window_seconds <= THIRTY_DAYS:
        raise refusals.DRAW_WINDOW_OUT_OF_RANGE()
    if not 1 <= concede_after <= 20:
        raise refusals.CONCEDE_AFTER_OUT_OF_RANGE()
    if start_mode not in Game.StartMode.values:
        raise refusals.START_MODE_UNKNOWN()
    if not 0 <= bots < players:
        raise refusals.BOT_SEATS_OUT_OF_RANGE()
    if bot_level not in LEVELS:
        raise refusals.BOT_LEVEL_UNKNOWN()
    with transaction.atomic():
        game = Game.objects.create(
            created_by=creator,
            players=players,
            teams=teams,
            draw_mode=draw_mode,
            turn_seconds=turn_seconds,
            clock_kind=clock_kind,
            bank_initial_seconds=bank_initial_seconds,
            bank_increment_seconds=bank_increment_seconds,
            bank_cap_seconds=bank_cap_seconds,
            weekends_off=bool(weekends_off),
            vacation_allowed=bool(vacation_allowed),
            draw_window_seconds=draw_window_seconds,
            missed_turn_policy=missed_turn_policy,
            concede_after=concede_after,
            is_public=is_public,
            start_mode=start_mode,
            rated=bool(rated),
            rematch_of=rematch_of,
        )
        Seat.objects.create(game=game, position=0, user=creator, name=creator.username)
        for number in range(1, bots + 1):
            Seat.objects.create(game=game, position=number, name=bot_name(number), bot_level=bot_level)
        for invitee in invitees:
            invitation_create(game_id=game.pk, inviter=creator, invitee=invitee)
        if bots:  # bots alone may fill it
            start_if_full(game=game, user=creator)
        events.to_webhooks(game.pk)
    return game


def game_against_bot(*, user) -> Game:
    """ "Play a bot now": a two-player game against a level-1 bot, dealt at once."""
    return game_create(creator=user, players=2, teams=2, bots=1, bot_level=1, start_mode=Game.StartMode.AUTO)


def game_start(*, game_id: int, user, rng: random.Random | None = None) -> Game:
    """The Start button: any seated player may start once every seat is filled."""
    with changing(game_id, action="start", statuses=(Game.Status.FORMING,)) as game:
        seats = seats_of(game)
        if not any(seat.user_id == user.pk for seat in seats):
            raise refusals.PLAYERS_ONLY_START()
        if len(seats) < game.players:
            raise refusals.SEATS_EMPTY(empty=game.players - len(seats))
        return game_deal(game=game, seats=seats, starter=user, rng=rng or secure_rng())


def game_cancel_unfilled(*, game_id: int) -> bool:
    """Cancel a forming game that waited longer than FORMING_GAME_DAYS for
    players, telling its players and those still invited. False (and nothing
    done) when the game is no longer forming or no longer stale."""
    with changing(game_id) as game:
        now = timezone.now()
        if not Game.objects.stale_forming(now).filter(pk=game.pk).exists():
            return False
        days = forming_limit().days
        game.status, game.finished_at = Game.Status.ABORTED, now
        game.abort_reason = f"Cancelled: the seats were not all taken within {days} days."
        game.save(update_fields=["status", "abort_reason", "finished_at"])
        notify.game_cancelled(game=game, seats=seats_of(game), now=now)  # reads the pending invitations
        invitations_lapse(game)
        return True
