"""The line above the board stays one glance in a 4-player game: the two
newest moves and how many more (#23 item 6)."""

import random
import re

import pytest
from django.urls import reverse

from tests.gameplay import play_a_move

pytestmark = pytest.mark.django_db


def test_a_four_player_summary_line_is_short(client, started_game):
    game, users = started_game(4, 2)
    rng = random.Random(3)
    for _ in range(4):  # seat 0 plays, then the three others
        play_a_move(game, users, rng, avoid=("resign",))
        game.refresh_from_db()
    client.force_login(users[0])
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    news = re.sub(r"<[^>]+>", "", html.split('id="news">')[1].split("</p>")[0])
    parts = news.split(" · ")
    assert parts[-1] == "your turn" and "and 1 more move" in parts
    assert len(parts) == 4  # two moves, "and 1 more move", "your turn"
