"""The chat as a chat: newest at the bottom, what a muted player wrote folded
("2 messages from a muted player") rather than "No messages yet.", and how
many messages are new since your last move (#23 item 3)."""

import re

import pytest
from django.urls import reverse

from games import services
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db


def chat_of(html: str) -> str:
    return html.split('id="chat"')[1].split("</section>")[0]


def test_muted_messages_are_folded_not_hidden(client, started_game):
    game, users = started_game(2, 2)
    services.chat_post(game_id=game.pk, user=users[1], text="zebra-one")
    services.chat_post(game_id=game.pk, user=users[1], text="zebra-two")
    services.chat_mute(user=users[0], muted_id=users[1].pk)
    client.force_login(users[0])
    chat = chat_of(client.get(reverse("game", args=[game.pk])).content.decode())
    assert "No messages yet" not in chat
    assert "2 messages from a muted player" in chat
    assert "zebra-" not in chat


def test_a_folded_run_sits_where_it_was_written(client, started_game):
    game, users = started_game(2, 2)
    services.chat_post(game_id=game.pk, user=users[1], text="muted one")
    services.chat_post(game_id=game.pk, user=users[0], text="my own words")
    services.chat_mute(user=users[0], muted_id=users[1].pk)
    client.force_login(users[0])
    chat = chat_of(client.get(reverse("game", args=[game.pk])).content.decode())
    assert chat.index("1 message from a muted player") < chat.index("my own words")


def test_newest_at_the_bottom(client, started_game):
    game, users = started_game(2, 2)
    for text in ("oldest", "middle", "newest"):
        services.chat_post(game_id=game.pk, user=users[1], text=text)
    client.force_login(users[0])
    chat = chat_of(client.get(reverse("game", args=[game.pk])).content.decode())
    assert chat.index("oldest") < chat.index("middle") < chat.index("newest")


def test_new_messages_since_your_last_move_are_counted(client, started_game):
    game, users = started_game(2, 2)
    services.chat_post(game_id=game.pk, user=users[1], text="before your move")
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    services.chat_post(game_id=game.pk, user=users[1], text="one")
    services.chat_post(game_id=game.pk, user=users[1], text="two")
    services.chat_post(game_id=game.pk, user=users[0], text="mine does not count")
    client.force_login(users[0])
    chat = chat_of(client.get(reverse("game", args=[game.pk])).content.decode())
    heading = re.sub(r"<[^>]+>", "", chat.split("</h2>")[0])
    assert "2 new" in heading


def test_the_chat_comes_before_the_history(client, started_game):
    """In the page's order (the grid puts it beside the board, a phone under the hand)."""
    game, users = started_game(2, 2)
    client.force_login(users[0])
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    assert html.index('id="chat"') < html.index('id="history-title"')
    assert html.index('id="hand"') < html.index('id="chat"')
