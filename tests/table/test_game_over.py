"""The end of a game: who won and how, the links onward, and a rematch of
the same players with their seats rotated, joined by each with one click
(#23 item 4)."""

import re

import pytest
from django.urls import reverse

from games import services
from games.errors import GameError
from games.models import Game
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def over(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.split('class="game-over"')[1].split("</section>")[0]))


@pytest.fixture
def finished(started_game):
    game, users = started_game(2, 2)
    services.game_adjudicate(
        game_id=game.pk, moderator=UserFactory(is_superuser=True, is_staff=True), winner="green", reason="x"
    )
    return Game.objects.get(pk=game.pk), users


def test_the_panel_says_how_it_was_won(client, finished):
    game, users = finished
    client.force_login(users[0])
    text = over(client.get(reverse("game", args=[game.pk])).content.decode())
    assert f"Green ({users[1].username}) wins by a moderator's decision." in text
    assert "Rematch" in text and "New game" in text and "Replay it" in text


def test_a_game_lost_on_time(client, started_game):
    game, users = started_game(2, 2, missed_turn_policy="concede", concede_after=1)
    services.deadline_enforce(game_id=game.pk, now=Game.objects.get(pk=game.pk).turn_deadline)
    client.force_login(users[1])
    text = over(client.get(reverse("game", args=[game.pk])).content.decode())
    assert f"Green ({users[1].username}) wins on time" in text


def test_a_rematch_seats_the_same_players_rotated(client, started_game):
    game, users = started_game(4, 2)
    services.game_adjudicate(
        game_id=game.pk, moderator=UserFactory(is_superuser=True, is_staff=True), winner="blue", reason="x"
    )
    before = {seat.user_id: seat.position for seat in game.seats.all()}
    client.force_login(users[2])
    response = client.post(reverse("game_rematch", args=[game.pk]))
    rematch = Game.objects.get(rematch_of=game)
    assert response.status_code == 302 and response["Location"] == reverse("game", args=[rematch.pk])
    assert rematch.status == Game.Status.FORMING and rematch.players == 4 and rematch.teams == 2
    assert {i.user_id for i in rematch.invitations.all()} == {u.pk for u in users} - {users[2].pk}
    for user in (users[0], users[1], users[3]):  # each with one click on the old table
        client.force_login(user)
        page = over(client.get(reverse("game", args=[game.pk])).content.decode())
        assert "Accept the rematch" in page
        client.post(reverse("game_rematch", args=[game.pk]))
    rematch.refresh_from_db()
    assert rematch.status == Game.Status.ACTIVE
    after = {seat.user_id: seat.position for seat in rematch.seats.all()}
    # the circle turned by one place (the cut then chooses who deals): each player's left-hand neighbour is kept
    ring = [u for u, _ in sorted(before.items(), key=lambda item: item[1])]
    new_ring = [u for u, _ in sorted(after.items(), key=lambda item: item[1])]
    start = new_ring.index(ring[0])
    assert new_ring[start:] + new_ring[:start] == ring
    assert Game.objects.filter(rematch_of=game).count() == 1
    client.force_login(users[0])
    assert "Go to the rematch" in over(client.get(reverse("game", args=[game.pk])).content.decode())


def test_the_teams_change_in_a_rematch_of_two(client, finished):
    """Two players: the seats rotated, the other player sits first (before the cut)."""
    game, users = finished
    client.force_login(users[1])
    client.post(reverse("game_rematch", args=[game.pk]))
    rematch = Game.objects.get(rematch_of=game)
    client.force_login(users[0])
    client.post(reverse("game_rematch", args=[game.pk]))
    assert Game.objects.get(pk=rematch.pk).status == Game.Status.ACTIVE


def test_only_players_ask_for_a_rematch_of_a_finished_game(client, finished, started_game):
    game, _users = finished
    with pytest.raises(GameError) as refused:
        services.game_rematch(game_id=game.pk, user=UserFactory())
    assert refused.value.code == "players_only_rematch"
    running, players = started_game(2, 2)
    with pytest.raises(GameError) as refused:
        services.game_rematch(game_id=running.pk, user=players[0])
    assert refused.value.code == "wrong_status"


def test_a_rematch_against_a_bot_deals_at_once_with_the_bot_and_the_same_settings(client):
    """The bot takes its seat again (it is invited by no one), so the rematch starts at the click."""
    player = UserFactory()
    game = services.game_create(
        creator=player, players=2, teams=2, bots=1, bot_level=2, rated=False, vacation_allowed=False
    )
    services.resign(game_id=game.pk, user=player, door="web")
    client.force_login(player)
    response = client.post(reverse("game_rematch", args=[game.pk]))
    rematch = Game.objects.get(rematch_of=game)
    assert response.status_code == 302 and response["Location"] == reverse("game", args=[rematch.pk])
    assert rematch.status == Game.Status.ACTIVE and not rematch.invitations.exists()
    assert [(seat.user, seat.bot_level) for seat in rematch.seats.order_by("user")] in (
        [(player, None), (None, 2)],
        [(None, 2), (player, None)],
    )
    assert (rematch.rated, rematch.vacation_allowed) == (False, False)


def test_a_player_a_bot_stood_in_for_is_invited_to_the_rematch(started_game):
    game, users = started_game(2, 2, missed_turn_policy="bot", concede_after=1)
    absent = game.seats.get(position=game.turn_position)
    services.deadline_enforce(game_id=game.pk, now=game.turn_deadline)
    assert game.seats.get(pk=absent.pk).bot_level is not None  # the bot holds the absent player's seat
    services.game_adjudicate(
        game_id=game.pk, moderator=UserFactory(is_superuser=True, is_staff=True), winner="blue", reason="x"
    )
    present = next(user for user in users if user.pk != absent.user_id)
    rematch = services.game_rematch(game_id=game.pk, user=present)
    assert rematch.status == Game.Status.FORMING and not rematch.seats.filter(bot_level__isnull=False).exists()
    assert list(rematch.invitations.values_list("user", flat=True)) == [absent.user_id]
