"""What the models compute themselves."""

import pytest

from games.models import Game, Seat


@pytest.mark.parametrize(
    ("teams", "names"),
    [(2, ["blue", "green", "blue", "green", "blue", "green"]), (3, ["blue", "green", "red", "blue", "green", "red"])],
)
def test_seats_alternate_teams_whether_taken_or_open(teams, names):
    game = Game(players=6, teams=teams)
    assert [game.team_name_of(position) for position in range(6)] == names
    assert [Seat(game=game, position=position).team_name for position in range(6)] == names
    assert game.team_names == names[:teams]
