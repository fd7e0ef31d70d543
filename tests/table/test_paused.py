"""A paused game is a state of its own: the table, My games, the poll and
the turn e-mail say "Paused", and no card is offered as playable (#23 item 1)."""

import pytest
from django.urls import reverse

from games import services
from games.mail import emails
from games.models import Notification

pytestmark = pytest.mark.django_db


@pytest.fixture
def paused(started_game, moderator):
    game, users = started_game(2, 2)
    services.game_pause(game_id=game.pk, moderator=moderator, reason="a dispute")
    return game, users


def test_the_table_says_paused_not_your_turn(client, paused):
    game, users = paused
    client.force_login(users[0])  # whose turn it was
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    banner = html.split('id="table"')[1].split("</div>")[0]
    assert "Paused" in banner and "A moderator paused the game" in banner
    assert "Your turn" not in banner and "Choose a card" not in html
    assert "votes-panel" not in html  # nothing to vote on: only a moderator resumes it


def test_paused_by_its_players_the_table_says_so(client, started_game):
    game, users = started_game(2, 2)
    for user in users:
        client.force_login(user)
        client.post(reverse("game_vote", args=[game.pk]), {"vote": "pause"})
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    banner = html.split('id="table"')[1].split("</div>")[0]
    assert "Its players paused the game" in banner and "moderator" not in banner


def test_no_card_is_offered_while_paused(client, paused):
    game, users = paused
    client.force_login(users[0])
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    hand = html.split('id="hand"')[1].split("</ul>")[0]
    assert "?card=" not in hand  # no card is a link to its targets
    card = game.__class__.objects.get(pk=game.pk).state["hands"][0][0]
    html = client.get(reverse("game", args=[game.pk]), {"card": card}).content.decode()
    assert "cannot be played now" not in html


def test_my_games_labels_it_paused(client, paused):
    game, users = paused
    for user in users:
        client.force_login(user)
        html = client.get(reverse("home")).content.decode()
        row = html.split(f'href="{reverse("game", args=[game.pk])}"')[1].split("</li>")[0]
        assert "Paused" in row and "Waiting for" not in row


def test_the_poll_carries_the_status(client, paused):
    game, users = paused
    client.force_login(users[1])
    assert client.get(reverse("game_version", args=[game.pk])).json()["status"] == "paused"


def test_a_paused_table_still_polls_for_the_resume(client, paused):
    game, users = paused
    client.force_login(users[0])
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    assert 'id="table-poll"' in html and 'data-status="paused"' in html


def test_a_turn_email_sent_during_the_pause_says_so(started_game, moderator):
    game, _users = started_game(2, 2)
    notification = Notification.objects.get(game=game, kind=Notification.Kind.YOUR_TURN)
    services.game_pause(game_id=game.pk, moderator=moderator, reason="a dispute")
    message = emails.build(notification)
    assert message is not None
    assert "paused" in message.subject.lower() and "paused" in message.body.lower()
    assert "Reply with your move" not in message.body
    assert "paused" in message.alternatives[0].content.lower()
