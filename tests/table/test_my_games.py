"""My games, a line per game that tells what it is: a forming game names the
other players (one "·" between parts), no team while the deal may change it,
"Lost" unlike "Won", and the last move (#23 item 5)."""

import re

import pytest
from django.urls import reverse

from games import services
from games.models import Game
from tests.factories import UserFactory
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db


def rows(client) -> dict[int, str]:
    html = client.get(reverse("home")).content.decode()
    found = re.findall(r'<li class="game-row[^"]*">(.*?)</li>', html, re.S)
    return {int(re.search(r"/games/(\d+)/", row).group(1)): row for row in found}


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def test_a_forming_game_names_who_is_invited_and_no_team(client):
    me, bob = UserFactory(), UserFactory()
    game = services.game_create(creator=me, players=2, teams=2, invitees=[bob.username])
    client.force_login(me)
    line = text(rows(client)[game.pk])
    assert bob.username in line
    assert "· ·" not in line and "you play" not in line


def test_a_forming_game_with_nobody_else_yet(client):
    me = UserFactory()
    game = services.game_create(creator=me, players=3, teams=3)
    client.force_login(me)
    line = text(rows(client)[game.pk])
    assert "· ·" not in line and not re.search(r"·\s*·", line)


def test_lost_is_not_styled_as_won(client, started_game):
    game, users = started_game(2, 2)
    services.game_adjudicate(
        game_id=game.pk, moderator=UserFactory(is_staff=True, is_superuser=True), winner="blue", reason="x"
    )
    client.force_login(users[0])
    won = rows(client)[game.pk]
    client.force_login(users[1])
    lost = rows(client)[game.pk]
    assert "Won" in won and "Lost" in lost
    badge = re.compile(r'class="(badge[^"]*)"[^>]*>\s*(?:Won|Lost)')
    assert badge.search(won).group(1) != badge.search(lost).group(1)


def test_the_last_move_is_shown(client, started_game):
    game, users = started_game(2, 2)
    move = first_play(game, 0)
    services.move_submit(game_id=game.pk, user=users[0], move=move, expected_version=0)
    client.force_login(users[1])
    line = text(rows(client)[game.pk])
    _card, cell = move.split()
    assert f"{users[0].username} played" in line and cell in line
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE


def test_a_username_keeps_its_case_in_the_summary_line(client, started_game):
    game, users = started_game(2, 2)
    move = first_play(game, 0)
    services.move_submit(game_id=game.pk, user=users[0], move=move, expected_version=0)
    client.force_login(users[1])
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    news = text(html.split('id="news">')[1].split("</p>")[0])
    assert news.split(maxsplit=1)[1].startswith(f"{users[0].username} played")  # after the team's chip
