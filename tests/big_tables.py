"""Big tables (#33): a game of 12 in 3 teams of 4 played at the tabletop
(every play followed by its draw, one draw lost) and one of 6 in 3 teams of
2 with automatic draws, played through the services up to seat 0's turn.
The page's, the e-mail's and the browser's tests share them, and so do
screenshots (`big_table` below)."""

import random

import pytest

from games import engine, services
from games.models import Game
from tests.gameplay import state_of

LOSES_A_DRAW = 3  # the seat that waits too long to draw in the last round


def _placing(moves: list[str]) -> list[str]:
    """Plays that put a card on a cell or take a chip, not two-eyed jacks (they
    would fill the board at random), then anything but resigning."""
    plays = [m for m in moves if " " in m and not m.startswith(("pass", "dead", "penalty", "JC", "JD"))]
    return plays or [m for m in moves if m != "resign"]


def play_rounds(game: Game, users, *, rounds: int, seed: int = 7) -> Game:
    """Every seat plays `rounds` times, seat 0 first, so that seat 0 is to
    play again at the end. At the tabletop each play is followed by its
    draw, except LOSES_A_DRAW's in the last round: the next player's play
    loses it."""
    rng = random.Random(seed)
    tabletop = game.draw_mode == Game.DrawMode.TABLETOP
    for round_number in range(rounds):
        for seat in range(game.players):
            state = state_of(game)
            assert state.turn == seat, (state.turn, seat)
            move = rng.choice(_placing(engine.legal_moves(state, seat)))
            services.move_submit(game_id=game.pk, user=users[seat], move=move, expected_version=game.version)
            game.refresh_from_db()
            keeps_it = round_number == rounds - 1 and seat == LOSES_A_DRAW
            if tabletop and not keeps_it and "draw" in engine.legal_moves(state_of(game), seat):
                services.move_submit(game_id=game.pk, user=users[seat], move="draw", expected_version=game.version)
                game.refresh_from_db()
    return game


@pytest.fixture
def big_table(started_game):
    """make(players, teams, draw_mode, rounds) -> (game, users by seat), seat 0 to play."""

    def make(players=12, teams=3, draw_mode="tabletop", rounds=1):
        game, users = started_game(players, teams, draw_mode=draw_mode, is_public=True)  # spectators may look
        return play_rounds(game, users, rounds=rounds), users

    return make
