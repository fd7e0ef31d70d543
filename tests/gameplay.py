import random

import pytest

from games import engine, services
from games.models import Game
from tests.factories import UserFactory


@pytest.fixture
def started_game(db):
    """A started game between new users: make(players, teams, seed=…, **settings) -> (game, users by seat)."""

    def make(players=2, teams=2, seed=1, **settings):
        users = UserFactory.create_batch(players)
        settings.setdefault("start_mode", Game.StartMode.MANUAL)  # the deal below is seeded: the test's own
        game = services.game_create(creator=users[0], players=players, teams=teams, **settings)
        for user in users[1:]:
            invitation = services.invitation_create(game_id=game.pk, inviter=users[0], invitee=user.username)
            services.invitation_accept(invitation_id=invitation.pk, user=user)
        game = services.game_start(game_id=game.pk, user=users[0], rng=random.Random(seed))
        by_seat = {seat.position: seat.user for seat in game.seats.all()}
        return game, [by_seat[i] for i in range(players)]

    return make


def state_of(game: Game) -> engine.State:
    game.refresh_from_db()
    return engine.state_from_json(game.state)


def first_play(game: Game, seat: int) -> str:
    """The first legal play of `seat` that puts a card on a cell (not a pass)."""
    return next(m for m in engine.legal_moves(state_of(game), seat) if " " in m and not m.startswith("pass"))


def play_a_move(game, users, rng, avoid=("resign",)):
    """The seat to play makes a random legal move through the service."""
    state = state_of(game)
    seat = state.turn
    moves = [m for m in engine.legal_moves(state, seat) if m not in avoid]
    return services.move_submit(
        game_id=game.pk, user=users[seat], move=rng.choice(moves), expected_version=game.version
    )
