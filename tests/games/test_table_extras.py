"""games.table_extras counts what a table page built anew reads only when
there is some: the game's moderator notes, the votes since its last move,
the chat messages nobody hid."""

import pytest
from django.utils import timezone

from games import services
from games.models import ChatMessage, Game, ModerationAction
from games.table_extras import TableExtras, table_extras
from tests.factories import UserFactory
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db


def extras(game: Game) -> TableExtras:
    return table_extras(Game.objects.get(pk=game.pk))


def test_a_new_game_has_none():
    game = services.game_against_bot(user=UserFactory())
    assert extras(game) == TableExtras(moderator_notes=0, votes_cast=0, chat_shown=False)


def test_moderator_notes_are_counted(started_game):
    game, _ = started_game(2, 2)
    ModerationAction.objects.create(game=game, number=1, kind=ModerationAction.Kind.PAUSE, reason="a quarrel")
    assert extras(game).moderator_notes == 1


def test_votes_count_until_the_next_move(started_game):
    game, users = started_game(4, 2)
    services.vote_pause(game_id=game.pk, user=users[1])
    assert extras(game).votes_cast == 1
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    assert extras(game).votes_cast == 0


def test_a_hidden_message_is_not_shown(started_game):
    game, users = started_game(2, 2)
    message = services.chat_post(game_id=game.pk, user=users[1], text="good luck")
    assert extras(game).chat_shown is True
    ChatMessage.objects.filter(pk=message.pk).update(hidden_at=timezone.now())
    assert extras(game).chat_shown is False
