"""The replay of a big table steps by play and by round (#33): a draw is no
position of its own to step to, and a round ends when every seat has played."""

import re

import pytest
from django.urls import reverse

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


def test_a_step_by_play_or_round_is_offered_only_where_no_other_link_goes(client, big_table):
    game, users = big_table(6, 3, "tabletop", rounds=2)
    client.force_login(users[0])
    total = game.moves.count()
    seen_steps = set()
    for at in range(total + 1):
        page = client.get(reverse("game_replay", args=[game.pk]), {"at": at}).content.decode()
        nav = page.split('id="replay-nav"', 1)[1].split("</nav>", 1)[0]
        targets = re.findall(r'href="\?at=(\d+)"', nav)
        steps = re.findall(r'href="\?at=(\d+)" class="(by-play|by-round)"', nav)
        assert all(targets.count(target) == 1 for target, _ in steps), (at, targets)  # no step doubles a link
        seen_steps.update(kind for _, kind in steps)
    assert seen_steps == {"by-play", "by-round"}  # each kept where it goes further than a move
