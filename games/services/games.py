"""A game's creation (with its invitations) and its start: the cut for the
deal, the shuffle, the deal and the first turn's clock."""

import random

from django.db import transaction
from django.utils import timezone

from games import engine, notify
from games.errors import InvalidSettings, NotAllowed, WrongStatus
from games.models import Game, Hand, Seat
from games.services._common import locked_game, require_status, seats_of, secure_rng
from games.services.deadlines import deadlines_start
from games.services.invitations import invitation_create
from games.services.seating import seats_renumber

A_MINUTE, THIRTY_DAYS = 60, 30 * 24 * 3600


def game_create(
    *,
    creator,
    players: int,
    teams: int,
    draw_mode: str = Game.DrawMode.AUTOMATIC,
    turn_seconds: int = 2 * 24 * 3600,
    draw_window_seconds: int = 12 * 3600,
    missed_turn_policy: str = Game.MissedTurnPolicy.SKIP,
    concede_after: int = 3,
    is_public: bool = False,
    invitees: list[str] = (),
) -> Game:
    """A new game in which the creator takes the first seat, with its
    invitations (usernames or e-mail addresses): all of it, or none."""
    try:
        engine.check_setup(players, teams)
    except engine.SetupError as exc:
        raise InvalidSettings.passing_on(exc) from None
    if draw_mode not in Game.DrawMode.values:
        raise InvalidSettings("draw_mode_unknown")
    if missed_turn_policy not in Game.MissedTurnPolicy.values:
        raise InvalidSettings("missed_turn_policy_unknown")
    if not A_MINUTE <= turn_seconds <= THIRTY_DAYS:
        raise InvalidSettings("turn_time_out_of_range")
    if not A_MINUTE <= draw_window_seconds <= THIRTY_DAYS:
        raise InvalidSettings("draw_window_out_of_range")
    if not 1 <= concede_after <= 20:
        raise InvalidSettings("concede_after_out_of_range")
    with transaction.atomic():
        game = Game.objects.create(
            created_by=creator,
            players=players,
            teams=teams,
            draw_mode=draw_mode,
            turn_seconds=turn_seconds,
            draw_window_seconds=draw_window_seconds,
            missed_turn_policy=missed_turn_policy,
            concede_after=concede_after,
            is_public=is_public,
        )
        Seat.objects.create(game=game, position=0, user=creator, name=creator.username)
        for invitee in invitees:
            invitation_create(game_id=game.pk, inviter=creator, invitee=invitee)
    return game


def game_start(*, game_id: int, user, rng: random.Random | None = None) -> Game:
    """Cut for the deal, shuffle, deal and open the first turn. Any seated
    player may start once every seat is filled."""
    rng = rng or secure_rng()
    with transaction.atomic():
        game = locked_game(game_id)
        require_status(game, Game.Status.FORMING, action="start")
        seats = seats_of(game)
        if not any(seat.user_id == user.pk for seat in seats):
            raise NotAllowed("players_only_start")
        if len(seats) < game.players:
            raise WrongStatus("seats_empty", empty=game.players - len(seats))
        cut = engine.cut_for_deal(game.players, rng)
        game.cut = {
            "rounds": [{seats[player].name: card for player, card in round_.items()} for round_ in cut.rounds],
            "dealer": seats[cut.dealer].name,
        }
        seats_renumber([seats[table_position] for table_position in cut.seat_order(game.players)])
        seats.sort(key=lambda seat: seat.position)
        state = engine.deal(
            players=game.players, teams=game.teams, draw_mode=game.draw_mode, deck=engine.shuffled_deck(rng)
        )
        Hand.objects.bulk_create(Hand(seat=seat, cards=state.hands[seat.position]) for seat in seats)
        now = timezone.now()
        game.state = engine.state_to_json(state)
        game.status, game.started_at, game.version, game.turn_position = Game.Status.ACTIVE, now, 0, state.turn
        deadlines_start(game=game, now=now)
        game.save()
        notify.game_started(game=game, seats=seats, starter=user, now=now)
        return game
