"""The open-seat policy: after too many missed turns in a row a seat is
offered in the lobby; its player is told and keeps it by coming back; a
newcomer who takes it over gets its hand, which nobody else ever sees."""

import pytest
from django.urls import reverse

from games import refusals, selectors, services
from games.errors import GameError
from games.mail import emails
from games.models import Game, Hand, Notification
from tests.factories import UserFactory
from tests.gameplay import first_play, state_of
from tests.web.test_hidden_information import check_page, pages_for

pytestmark = pytest.mark.django_db
OPEN = {"missed_turn_policy": Game.MissedTurnPolicy.OPEN_SEAT, "concede_after": 2, "is_public": True}


def miss(game):
    game.refresh_from_db()
    services.deadline_enforce(game_id=game.pk, now=game.turn_deadline)
    game.refresh_from_db()


def move(game, user):
    game.refresh_from_db()
    seat = game.seats.get(user=user).position
    services.move_submit(game_id=game.pk, user=user, move=first_play(game, seat), expected_version=game.version)
    game.refresh_from_db()


def gone_twice(started_game):
    """A game whose seat 0 missed two turns in a row (seat 1 played between)."""
    game, users = started_game(2, 2, **OPEN)
    miss(game)
    assert game.seats.get(position=0).open_since is None  # one miss is not enough
    move(game, users[1])
    miss(game)
    return game, users


def test_a_seat_is_offered_after_the_missed_turns_and_its_player_is_told(started_game):
    game, users = gone_twice(started_game)
    stranger = UserFactory()
    assert [(s.game_id, s.position) for s in selectors.open_seats(user=stranger)] == [(game.pk, 0)]
    assert selectors.open_seats(user=users[1]) == []  # not to the players of the game
    told = Notification.objects.get(recipient=users[0], kind=Notification.Kind.SEAT_OPENED)
    message = emails.build(told)
    assert "your seat is now offered in the lobby" in message.body


def test_a_newcomer_takes_over_the_hand_and_nobody_else_ever_sees_it(client, started_game):
    game, users = gone_twice(started_game)
    stranger = UserFactory()
    old_hand = list(state_of(game).hands[0])
    client.force_login(stranger)
    assert "Take over this seat" in client.get(reverse("open_games")).content.decode()
    for url, response, _ in pages_for(client, game, []):
        check_page(url, response, own_hand=[], state=state_of(game))  # before: a spectator's pages
    response = client.post(reverse("game_take_over", args=[game.pk]), {"seat": "1"})
    assert response.status_code == 302
    seat = game.seats.get(position=0)
    assert seat.user == stranger and seat.open_since is None and seat.missed_turns == 0
    assert Hand.objects.get(seat=seat).cards == old_hand
    state = state_of(game)
    for viewer, own in ((stranger, old_hand), (users[0], []), (users[1], state.hands[1])):
        client.force_login(viewer)
        for url, response, shows_hand in pages_for(client, game, own):
            check_page(url, response, own_hand=own if shows_hand else [], state=state)
    left = Notification.objects.filter(recipient=users[0], kind=Notification.Kind.SEAT_OPENED, variant=1)
    assert f"{stranger.username} took over your seat" in emails.build(left.get()).body
    move(game, users[1])
    move(game, stranger)  # and plays on for the team


def test_a_player_who_comes_back_keeps_the_seat(started_game):
    game, users = gone_twice(started_game)
    services.seat_keep(game_id=game.pk, user=users[0])
    assert game.seats.get(position=0).open_since is None
    with pytest.raises(GameError) as caught:
        services.seat_take_over(game_id=game.pk, user=UserFactory(), position=0)
    assert caught.value.code == refusals.SEAT_NOT_OPEN.code
    told = Notification.objects.get(recipient=users[0], kind=Notification.Kind.SEAT_OPENED)
    assert emails.build(told) is None  # no longer applies


def test_a_move_brings_the_player_back_and_a_player_cannot_take_a_seat_twice(started_game):
    game, users = gone_twice(started_game)
    with pytest.raises(GameError) as caught:
        services.seat_take_over(game_id=game.pk, user=users[1], position=0)
    assert caught.value.code == refusals.ALREADY_SEATED.code
    move(game, users[1])
    move(game, users[0])
    assert game.seats.get(position=0).open_since is None
