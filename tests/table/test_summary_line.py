"""The news above the board stays one glance (#23 item 6, #33): one line,
the newest player's entry with its team chip, and every other player's on
demand (a <details>, no JavaScript needed): one entry per player."""

import random
import re

import pytest
from django.urls import reverse

from tests.gameplay import play_a_move

pytestmark = pytest.mark.django_db


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_a_four_player_news_is_one_line_and_one_entry_a_player(client, started_game):
    game, users = started_game(4, 2)
    rng = random.Random(3)
    for _ in range(4):  # seat 0 plays, then the three others
        play_a_move(game, users, rng, avoid=("resign",))
        game.refresh_from_db()
    client.force_login(users[0])
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    news = html.split('<details class="news" id="news">')[1].split("</details>")[0]
    summary = text(news.split("<summary>")[1].split("</summary>")[0])
    assert summary.startswith("G ") and users[3].username in summary  # the newest: seat 3, green
    assert summary.endswith("all 3")
    entries = re.findall(r"<li>(.*?)</li>", news, re.S)
    assert len(entries) == 3 and all('class="chip' in entry for entry in entries)
    assert [text(entry).split()[1] for entry in entries] == [users[3].username, users[2].username, users[1].username]
