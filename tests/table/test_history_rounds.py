"""The table's moves, newest first, are grouped by round, each group headed
by its round's number above its newest move (as the replay heads a round
above its first, oldest first)."""

import random
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from games.viewmodels.history import HistoryLine
from games.web.history_html import round_heads
from tests.gameplay import play_a_move

pytestmark = pytest.mark.django_db


def test_each_round_is_headed_above_its_newest_move(client, started_game):
    game, users = started_game(2, 2)
    rng = random.Random(5)
    for _ in range(5):  # rounds 1 and 2 whole, round 3 begun
        play_a_move(game, users, rng)
        game.refresh_from_db()
    client.force_login(users[0])
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    history = html.split('<ol class="history-list" reversed>')[1].split("</ol>")[0]
    lines = re.findall(
        r'<li value="(\d+)"( class="round-start-above")?>(?:<span class="round-mark">([^<]*)</span>)?', history
    )
    assert [(int(seq), head) for seq, _, head in lines] == [
        (5, "Round 3"),
        (4, "Round 2"),
        (3, ""),
        (2, "Round 1"),
        (1, ""),
    ]


def line(seq: int, round_: int | None = None) -> HistoryLine:
    return HistoryLine(seq=seq, notation="", words="", when=timezone.now(), round=round_)


def test_a_cut_history_heads_its_oldest_group_too():
    """Rounds open at moves 5, 3 and 1; moves 5 to 2 are shown, newest first."""
    lines = [line(5, 3), line(4), line(3, 2), line(2)]
    assert round_heads(lines) == [3, 2, None, 1]
