"""At a table where nobody but the viewer votes (against bots), pausing is
one button, without a count of votes; with other players, the vote and its count."""

import pytest
from django.urls import reverse

from games import services
from games.models import Game
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_alone_with_a_bot_one_button_pauses(client):
    user = UserFactory()
    game = services.game_against_bot(user=user)
    client.force_login(user)
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    assert "Pause the game</button>" in page and "so far" not in page
    response = client.post(reverse("game_vote", args=[game.pk]), {"vote": "pause"})
    assert response.status_code in (302, 303)
    game.refresh_from_db()
    assert game.status == Game.Status.PAUSED


def test_with_other_players_it_is_a_vote_with_its_count(client, started_game):
    game, users = started_game(2, 2)
    client.force_login(users[0])
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    assert "Vote to pause the game</button>" in page and "0 of 2 so far" in page
