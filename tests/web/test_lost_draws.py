"""Tabletop mode: a lost draw is told to everyone (the seat list, the history)
and explained to its loser; the open draw window says what closes it."""

import zoneinfo

import pytest
from django.urls import reverse

from games import services
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db


def page(client, user, game):
    client.force_login(user)
    return client.get(reverse("game", args=[game.pk])).content.decode()


@pytest.fixture
def tabletop(started_game):
    game, users = started_game(2, 2, seed=3, draw_mode="tabletop", draw_window_seconds=3600, turn_seconds=86400)
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    game.refresh_from_db()
    game.names = {seat.position: seat.name for seat in game.seats.all()}
    return game, users


def test_the_draw_window_names_the_next_player_and_the_deadline_in_my_time_zone(client, tabletop):
    game, users = tabletop
    users[0].time_zone = "Asia/Tokyo"
    users[0].save()
    deadline = game.seats.get(position=0).draw_deadline.astimezone(zoneinfo.ZoneInfo("Asia/Tokyo"))
    html = page(client, users[0], game)
    assert f"Your draw window closes when {game.names[1]} completes their turn, or at" in html
    assert f"{deadline:%H:%M} JST" in html and "at the latest" in html


def test_the_draw_window_names_the_next_player_while_their_own_draw_is_open(client, started_game):
    """Ann plays and does not draw; Bob plays (the turn passes on to Cleo) and
    has yet to draw: Bob's draw, not Cleo's turn, is what closes Ann's window."""
    game, users = started_game(3, 3, seed=3, draw_mode="tabletop", draw_window_seconds=3600, turn_seconds=86400)
    names = {seat.position: seat.name for seat in game.seats.all()}
    for seat in (0, 1):
        game.refresh_from_db()
        services.move_submit(
            game_id=game.pk, user=users[seat], move=first_play(game, seat), expected_version=game.version
        )
    game.refresh_from_db()
    assert f"Your draw window closes when {names[1]} completes their turn" in page(client, users[0], game)
    assert f"Your draw window closes when {names[2]} completes their turn" in page(client, users[1], game)


def test_a_lost_draw_is_shown_to_everyone_and_explained_to_its_loser(client, tabletop, django_user_model):
    game, users = tabletop
    services.move_submit(game_id=game.pk, user=users[1], move=first_play(game, 1), expected_version=game.version)
    game.refresh_from_db()
    services.move_submit(game_id=game.pk, user=users[1], move="draw", expected_version=game.version)
    game.refresh_from_db()
    ann, bob = game.names[0], game.names[1]
    for user in users:
        html = page(client, user, game)
        assert f"{ann} lost a draw: now 6 cards" in html  # the history
        row = html.split('id="seats-title"')[1].split(f'<span class="seat-name">{ann}</span>')[1].split("</tr>")[0]
        assert "lost a draw" in row and "6 cards" in row  # ann's row of the seats
    mine = page(client, users[0], game)
    assert f"You lost a draw: {bob} completed their turn before you drew." in mine
    assert "you lost a draw" in mine.lower()  # the line above the board
    assert "You lost a draw:" not in page(client, users[1], game)


def test_the_notice_of_a_lost_draw_is_gone_once_its_loser_has_played_again(client, tabletop):
    """#33: the notice is about what happened since the loser last acted, so it
    does not sit in their banner for rounds after they saw it and played."""
    game, users = tabletop

    def play(seat, *, draw=True):
        services.move_submit(
            game_id=game.pk, user=users[seat], move=first_play(game, seat), expected_version=game.version
        )
        game.refresh_from_db()
        if draw:
            services.move_submit(game_id=game.pk, user=users[seat], move="draw", expected_version=game.version)
            game.refresh_from_db()

    play(1)  # ann (seat 0) never drew: bob's turn closed her window
    assert "You lost a draw:" in page(client, users[0], game)  # her turn: she is told
    play(0, draw=False)
    assert "You lost a draw:" not in page(client, users[0], game)


def test_my_games_gives_the_open_draws_deadline_and_names_it_so(client, tabletop):
    game, users = tabletop  # seat 0 has played: its draw is open, the turn is seat 1's
    client.force_login(users[0])
    row = client.get("/").content.decode().split(f'href="/games/{game.pk}/"', 1)[1].split("</li>", 1)[0]
    assert "Your move" in row and "Your draw window closes at" in row and "Your time runs out" not in row
    client.force_login(users[1])
    row = client.get("/").content.decode().split(f'href="/games/{game.pk}/"', 1)[1].split("</li>", 1)[0]
    assert "Your time runs out at" in row  # seat 1's turn, a day long: its own deadline
