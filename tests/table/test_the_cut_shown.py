"""RULES.md, Setup: "The site shows the cut cards": on the table and at the
replay's deal, each round of the cut (a tie for the lowest is cut again) and
who dealt."""

import re

import pytest
from django.urls import reverse

from games.engine.cards import card_label
from games.models import Game

pytestmark = pytest.mark.django_db


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_table_and_the_replays_deal_show_each_round_of_the_cut(client, started_game):
    game, users = started_game(3, 3)
    rounds = [{"ann": "8S", "bob": "8H", "cleo": "KD"}, {"ann": "TS", "bob": "2C"}]
    Game.objects.filter(pk=game.pk).update(cut={"rounds": rounds, "dealer": "bob"}, revision=game.revision + 1)
    client.force_login(users[0])
    for url in (reverse("game", args=[game.pk]), reverse("game_replay", args=[game.pk]) + "?at=0"):
        page = text(client.get(url).content.decode())
        cut = page.split("The cut for the deal:")[1].split("dealt.")[0]
        assert f"ann {card_label('8S')}" in cut and f"cleo {card_label('KD')}" in cut
        assert "a tie for the lowest, cut again:" in cut and "bob cut the lowest card and" in cut
        assert cut.index("cleo") < cut.index("a tie") < cut.index(card_label("2C"))
