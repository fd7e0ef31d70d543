"""The start of a game: the cut for the deal, the shuffle, the deal and the
first turn's clock. Called inside the transaction that holds the game row,
by the Start button (games.game_start) or by the taking of the last seat."""

import random

from django.utils import timezone

from games import engine
from games.mail import notify
from games.models import Game, Hand, Seat
from games.services._common import invitations_lapse, seats_of, secure_rng
from games.services.bot_wake import bots_wake
from games.services.deadlines import deadlines_start


def game_deal(*, game: Game, seats: list[Seat], starter, rng: random.Random) -> Game:
    """Deal a locked, full, forming game and open its first turn; everyone
    but `starter` (who is looking at the table) is told."""
    if game.rematch_of_id is not None:
        seats = rotated_from(game.rematch_of_id, seats)
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
    deadlines_start(game=game, seats=seats, now=now)
    game.save()
    invitations_lapse(game)  # the seats are taken: those still invited are not kept waiting
    notify.game_started(game=game, seats=seats, starter=starter, now=now)
    bots_wake(game=game, seats=seats, state=state)
    return game


def rotated_from(game_id: int, seats: list[Seat]) -> list[Seat]:
    """A rematch's seats in the order of the game it follows, rotated by one
    (its second seat first), so that the cut starts from another circle; a
    player who was not in that game keeps their place at the end."""
    before = dict(Seat.objects.filter(game_id=game_id).values_list("user_id", "position"))

    def place(seat: Seat) -> tuple[int, int]:
        position = before.get(seat.user_id)
        return (0, (position - 1) % len(before)) if position is not None else (1, seat.position)

    order = sorted(seats, key=place)
    seats_renumber(order)
    return order


def start_if_full(*, game: Game, user) -> None:
    """A game that starts by itself does so when `user` took its last seat."""
    if game.start_mode != Game.StartMode.AUTO:
        return
    seats = seats_of(game)
    if len(seats) == game.players:
        game_deal(game=game, seats=seats, starter=user, rng=secure_rng())


def seats_renumber(seats: list[Seat]) -> None:
    """Give the seats positions 0, 1, … in the order listed."""
    for seat in seats:  # out of the way of the unique (game, position) first
        seat.position += 100
    Seat.objects.bulk_update(seats, ["position"])
    for position, seat in enumerate(seats):
        seat.position = position
    Seat.objects.bulk_update(seats, ["position"])
