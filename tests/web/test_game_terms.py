"""The terms of a game that its title line leaves out (the tabletop draw's
window, what missed turns cost, vacations, ratings) are stated on its table
and in its waiting room, in the reader's language."""

import pytest
from django.urls import reverse

from games import services, tasks
from games.models import Game, Move
from tests.factories import UserFactory
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db


def terms(client, game) -> str:
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    start = page.index('<p class="game-terms')
    return " ".join(page[start : page.index("</p>", start)].split())


def test_the_table_states_the_draw_window_and_what_missed_turns_cost(client, started_game):
    game, users = started_game(
        2,
        2,
        draw_mode=Game.DrawMode.TABLETOP,
        draw_window_seconds=2 * 3600,
        missed_turn_policy=Game.MissedTurnPolicy.CONCEDE,
        concede_after=4,
        vacation_allowed=False,
    )
    client.force_login(users[1])
    text = terms(client, game)
    assert "after playing, you have 2 hours to draw" in text
    assert "4 missed turns in a row concede the game." in text
    assert "Vacations do not stop the clock in this game." in text
    assert "This game counts for the ratings." in text


@pytest.mark.parametrize(
    ("policy", "after", "sentence"),
    [
        (Game.MissedTurnPolicy.SKIP, 3, "A missed turn is skipped."),
        (Game.MissedTurnPolicy.OPEN_SEAT, 1, "after 1 missed turn in a row, the seat is offered to anyone."),
        (Game.MissedTurnPolicy.BOT, 2, "after 2 missed turns in a row, a bot takes the seat."),
    ],
)
def test_each_missed_turn_policy_in_the_waiting_room(client, policy, after, sentence):
    host = UserFactory()
    game = services.game_create(creator=host, players=2, teams=2, missed_turn_policy=policy, concede_after=after)
    client.force_login(host)
    text = terms(client, game)
    assert sentence in text and "tabletop" not in text.lower()
    assert "A player on vacation stops their clock in this game." in text


def test_a_game_with_a_bot_does_not_count_for_the_ratings(client):
    host = UserFactory()
    game = services.game_create(creator=host, players=3, teams=3, bots=1, rated=True)
    client.force_login(host)
    assert "This game does not count for the ratings." in terms(client, game)


def test_in_czech_with_its_plural(client, started_game):
    game, users = started_game(2, 2, missed_turn_policy=Game.MissedTurnPolicy.CONCEDE, concede_after=3)
    users[0].language = "cs"
    users[0].save()
    client.force_login(users[0])
    assert "3 vynechané tahy za sebou znamenají prohru." in terms(client, game)  # the player's language


def test_the_waiting_room_names_each_seats_team_with_its_noun(client):
    host = UserFactory(language="cs")
    game = services.game_create(creator=host, players=2, teams=2)
    client.force_login(host)
    page = client.get(reverse("game", args=[game.pk])).content.decode()  # in the host's language
    assert "(modrý tým)" in page  # not "(modrý)", an adjective left hanging


def test_a_game_a_bot_once_stood_in_for_does_not_count_for_the_ratings(client, started_game):
    """Its player took the seat back, but a bot made moves: the rating will not count it, nor do its terms."""
    game, users = started_game(2, 2, missed_turn_policy=Game.MissedTurnPolicy.BOT, concede_after=1)
    client.force_login(users[0])
    assert "This game counts for the ratings." in terms(client, game)
    absent, present = users[game.turn_position], users[1 - game.turn_position]
    services.deadline_enforce(game_id=game.pk, now=game.turn_deadline)  # a bot takes the absent player's seat
    game.refresh_from_db()
    move = first_play(game, game.turn_position)
    services.move_submit(game_id=game.pk, user=present, move=move, expected_version=game.version)
    assert tasks.bot_move(game.pk, Game.objects.get(pk=game.pk).version) is not None
    services.seat_take_back(game_id=game.pk, user=absent)
    assert Move.objects.filter(game=game, door=Move.Door.BOT).exists()
    assert "This game does not count for the ratings." in terms(client, game)
