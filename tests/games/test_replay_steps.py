"""The replay of a big table steps by play and by round (#33): a draw is no
position of its own to step to, and a round ends when every seat has played."""

import pytest

from games.models import Seat
from games.viewmodels.replay import replay_frame

pytestmark = pytest.mark.django_db


def test_the_replay_steps_by_play_and_by_round(big_table):
    game, _users = big_table(6, 3, "tabletop", rounds=2)
    seats = list(Seat.objects.filter(game=game).select_related("user").order_by("position"))
    moves = list(game.moves.order_by("seq"))
    plays = [m.seq for m in moves if m.text != "draw"]
    latest = replay_frame(game=game, seats=seats, at=None)
    assert moves[-1].text == "draw" and latest.at == len(moves)
    assert latest.previous_play == plays[-1] and latest.round == 2
    end_of_first = plays[6] - 1  # seat 0's second play opens round 2
    assert latest.previous_round == end_of_first
    first = replay_frame(game=game, seats=seats, at=end_of_first)
    assert first.round == 1 and first.next_round == len(moves) and first.previous_round == 0
    assert replay_frame(game=game, seats=seats, at=0).next_play == plays[0]
    history = latest.table.history  # oldest first, each draw told with its play
    assert [line.seq for line in history] == plays
    assert [line.round for line in history if line.round] == [1, 2]
    assert all(line.team for line in history)
