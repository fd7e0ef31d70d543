"""Outside the table, too, you notice it is your turn: the tab title starts
with the count of games waiting for your move and "Your turn", and the header
shows the count (#23 item 2)."""

import random
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import services
from games.models import Game
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db


def title(html: str) -> str:
    return re.search(r"<title>(.*?)</title>", html, re.S).group(1).strip()


def header(html: str) -> str:
    return html.split("</header>")[0]


def another_game(users, seed: int = 1) -> Game:
    """Another game of the same players (the seeded cut says who plays first)."""
    game = services.game_create(creator=users[0], players=2, teams=2, start_mode=Game.StartMode.MANUAL)
    invitation = services.invitation_create(game_id=game.pk, inviter=users[0], invitee=users[1].username)
    services.invitation_accept(invitation_id=invitation.pk, user=users[1])
    return services.game_start(game_id=game.pk, user=users[0], rng=random.Random(seed))


def test_the_tab_title_says_your_turn_with_the_count(client, started_game):
    game, users = started_game(2, 2)
    seed = 1
    while (second := another_game(users, seed)).seats.get(position=second.turn_position).user != users[0]:
        seed += 1  # the cut chose the other player to start: a game of theirs, and another
    others = seed - 1  # the games the cut gave to users[1]
    client.force_login(users[0])  # to play first in `game` (seat 0) and in `second`
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    assert title(html).startswith(f"(2) Your turn · Game {game.pk}")
    client.force_login(users[1])
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    assert title(html).startswith(f"({others}) Game {game.pk}" if others else f"Game {game.pk}")


def test_the_title_changes_when_the_turn_comes(client, started_game):
    game, users = started_game(2, 2)
    client.force_login(users[1])
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    assert title(html).startswith(f"Game {game.pk}")
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    assert title(html).startswith(f"(1) Your turn · Game {game.pk}")


def test_the_header_counts_the_games_waiting_for_you(client, started_game):
    game, users = started_game(2, 2)
    client.force_login(users[0])
    for page in (reverse("home"), reverse("rules"), reverse("game", args=[game.pk])):
        shown = header(client.get(page).content.decode())
        assert 'class="move-count">1<' in shown and "game waits for your move" in shown, page
    client.force_login(users[1])
    assert "move-count" not in header(client.get(reverse("rules")).content.decode())


def test_my_games_counts_without_a_query_of_its_own(client, started_game):
    _game, users = started_game(2, 2)
    client.force_login(users[0])
    with CaptureQueriesContext(connection) as queries:
        html = client.get(reverse("home")).content.decode()
    assert 'class="move-count">1<' in header(html)
    assert not any("COUNT(" in q["sql"].upper() for q in queries.captured_queries)


@pytest.mark.parametrize("language", ["cs", "it", "hu"])
def test_the_count_in_every_language(client, started_game, language):
    _game, users = started_game(2, 2)
    users[0].language = language
    users[0].save(update_fields=["language"])
    client.force_login(users[0])
    response = client.get(reverse("game_new"))
    assert response.status_code == 200 and 'class="move-count">1<' in header(response.content.decode())
