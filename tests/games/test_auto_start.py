"""A game starts by itself when its last seat is taken (unless its creator
chose to press Start): in the transaction that takes the seat."""

import pytest
from django.urls import reverse

from games import services
from games.errors import Conflict
from games.models import Game, Notification
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db
Kind = Notification.Kind
AUTO, MANUAL = Game.StartMode.AUTO, Game.StartMode.MANUAL


def invited_game(players=3, start_mode=AUTO):
    users = UserFactory.create_batch(players)
    invitees = [user.username for user in users[1:]]
    teams = players if players < 4 else 2
    game = services.game_create(
        creator=users[0], players=players, teams=teams, start_mode=start_mode, invitees=invitees
    )
    return game, users


def accept(game, user):
    return services.invitation_accept(invitation_id=game.invitations.get(user=user).pk, user=user)


def started_to(game) -> set:
    return set(Notification.objects.filter(game=game, kind=Kind.GAME_STARTED).values_list("recipient", flat=True))


def test_accepting_the_last_invitation_starts_the_game_and_tells_everyone_else():
    game, users = invited_game(3)
    accept(game, users[1])
    game.refresh_from_db()
    assert game.status == Game.Status.FORMING
    accept(game, users[2])
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.started_at is not None and game.cut["dealer"]
    seats = list(game.seats.select_related("hand", "user").order_by("position"))
    assert all(len(seat.hand.cards) == 6 for seat in seats)  # 3 players: 6 cards each
    assert started_to(game) == {users[0].pk, users[1].pk}  # the one who took the last seat sees the table
    first = seats[game.turn_position].user
    assert Notification.objects.filter(game=game, kind=Kind.YOUR_TURN).get().recipient == first


def test_the_signed_link_that_takes_the_last_seat_starts_the_game(client):
    host, guest = UserFactory.create_batch(2)
    game = services.game_create(creator=host, players=2, teams=2, start_mode=AUTO, invitees=[guest.email])
    client.login(username=guest.username, password=PASSWORD)
    token = services.invitation_token(game.invitations.get())
    response = client.post(reverse("invitation", args=[token]), {"answer": "accept"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and started_to(game) == {host.pk}


def test_joining_the_last_open_seat_of_a_public_game_starts_it():
    host, first, last = UserFactory.create_batch(3)
    game = services.game_create(creator=host, players=3, teams=3, start_mode=AUTO, is_public=True)
    services.seat_join(game_id=game.pk, user=first)
    game.refresh_from_db()
    assert game.status == Game.Status.FORMING
    services.seat_join(game_id=game.pk, user=last)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and started_to(game) == {host.pk, first.pk}


def test_in_manual_mode_the_full_game_waits_for_the_start_button(client):
    game, users = invited_game(2, start_mode=MANUAL)
    accept(game, users[1])
    game.refresh_from_db()
    assert game.status == Game.Status.FORMING and not started_to(game)
    client.login(username=users[1].username, password=PASSWORD)
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    assert "Start the game" in page and "when a player presses Start" in page
    client.post(reverse("game_start", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and started_to(game) == {users[0].pk}


def test_in_auto_mode_the_forming_page_has_no_start_button_and_says_when_it_starts(client):
    game, users = invited_game(4)
    client.login(username=users[0].username, password=PASSWORD)
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    assert "Start the game" not in page
    assert "Starts when all 4 seats are taken" in page
    assert f"cancelled on {game.cancels_at:%-d %B}" in page


def test_an_auto_game_cannot_be_started_by_hand_before_it_is_full():
    game, users = invited_game(3)
    accept(game, users[1])
    with pytest.raises(Conflict):
        services.game_start(game_id=game.pk, user=users[0])


def test_the_new_game_form_offers_both_start_modes_auto_by_default(client):
    host = UserFactory()
    client.login(username=host.username, password=PASSWORD)
    page = client.get(reverse("game_new")).content.decode()
    assert 'value="manual"' in page and "arrange the seats" in page
    form = {
        "players": 2, "teams": 2, "draw_mode": "automatic", "turn_seconds": 3600, "draw_window_seconds": 3600,
        "missed_turn_policy": "skip", "concede_after": 3,
    }  # fmt: skip
    client.post(reverse("game_new"), form)
    client.post(reverse("game_new"), {**form, "start_mode": "manual"})
    assert list(Game.objects.order_by("pk").values_list("start_mode", flat=True)) == [AUTO, MANUAL]
