"""Votes at a stalled table, through the services on a frozen clock: a
pause once every active player agreed (its time is not charged, and any of
them resumes it); a skip of the seat to play, out of time, once every player
with more time left than it voted; and the refusals."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from games import refusals, services
from games.errors import GameError
from games.models import Game, Move, Seat
from tests.factories import ModeratorFactory, UserFactory
from tests.games.test_vacation import game_of, move

pytestmark = pytest.mark.django_db
H, D = timedelta(hours=1), timedelta(days=1)
START = datetime(2026, 3, 4, 10, tzinfo=UTC)  # a Wednesday


def refused(refusal, service, **kwargs):
    with pytest.raises(GameError) as caught:
        service(**kwargs)
    assert caught.value.code == refusal.code


def test_a_pause_needs_every_player_and_is_not_charged():
    with time_machine.travel(START, tick=False) as clock:
        users = UserFactory.create_batch(3)
        game, _ = game_of(users)
        assert game.turn_deadline == START + 2 * D
        clock.shift(D)
        assert not services.vote_pause(game_id=game.pk, user=users[1])
        refused(refusals.VOTE_ALREADY_CAST, services.vote_pause, game_id=game.pk, user=users[1])
        refused(refusals.NOT_A_PLAYER, services.vote_pause, game_id=game.pk, user=UserFactory())
        assert not services.vote_pause(game_id=game.pk, user=users[2])
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE
        assert services.vote_pause(game_id=game.pk, user=users[0])
        game.refresh_from_db()
        assert game.status == Game.Status.PAUSED and game.next_deadline is None
        clock.shift(10 * D)
        services.vote_resume(game_id=game.pk, user=users[2])
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE and game.turn_deadline == START + 11 * D + D  # a day was left


def test_a_move_makes_the_votes_before_it_void():
    with time_machine.travel(START, tick=False):
        users = UserFactory.create_batch(2)
        game, _ = game_of(users)
        assert not services.vote_pause(game_id=game.pk, user=users[1])
        move(game, users[0])
        assert not services.vote_pause(game_id=game.pk, user=users[0])  # users[1]'s vote was for before the move
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE


def test_a_moderators_pause_is_not_the_players_to_end():
    users = UserFactory.create_batch(2)
    game, _ = game_of(users)
    services.game_pause(game_id=game.pk, moderator=ModeratorFactory(), reason="a dispute")
    refused(refusals.PAUSED_BY_A_MODERATOR, services.vote_resume, game_id=game.pk, user=users[0])


def test_the_others_skip_a_player_out_of_time_now():
    with time_machine.travel(START, tick=False) as clock:
        users = UserFactory.create_batch(3)
        game, _ = game_of(users)
        refused(refusals.SKIP_NOT_OUT_OF_TIME, services.vote_skip, game_id=game.pk, user=users[1])
        clock.shift(2 * D)
        services.deadline_enforce(game_id=game.pk)  # seat 0's time ran out
        move(game, users[1])
        move(game, users[2])
        game.refresh_from_db()
        assert game.turn_position == 0  # seat 0 again, gone since its missed turn
        refused(refusals.SKIP_YOURSELF, services.vote_skip, game_id=game.pk, user=users[0])
        clock.shift(H)
        assert not services.vote_skip(game_id=game.pk, user=users[1])
        assert services.vote_skip(game_id=game.pk, user=users[2])
        game.refresh_from_db()
        last = game.moves.order_by("-seq").first()
        assert (last.text, last.seat, last.actor) == ("skip", 0, Move.Actor.SYSTEM)
        assert game.turn_position == 1 and game.seats.get(position=0).missed_turns == 2


def test_only_players_with_more_time_left_may_vote_to_skip():
    with time_machine.travel(START, tick=False) as clock:
        users = UserFactory.create_batch(3)
        game, _ = game_of(users, clock_kind="bank", bank_initial_seconds=3 * 86400, bank_cap_seconds=7 * 86400)
        clock.shift(3 * D)
        services.deadline_enforce(game_id=game.pk)  # seat 0 spends its bank: a day comes back
        move(game, users[1])
        move(game, users[2])
        Seat.objects.filter(game=game, position=2).update(bank_seconds=3600)  # seat 2 is short of time itself
        refused(refusals.SKIP_LESS_TIME, services.vote_skip, game_id=game.pk, user=users[2])
        assert services.vote_skip(game_id=game.pk, user=users[1])  # the only one who may: enough alone


def test_the_table_has_the_buttons_and_they_vote(client):
    users = UserFactory.create_batch(2)
    game, _ = game_of(users)
    client.force_login(users[1])
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Vote to pause the game" in page and "Vote to skip" not in page  # nobody is out of time
    response = client.post(f"/games/{game.pk}/vote/", {"vote": "pause"})
    assert response.status_code == 302
    assert "Pause: 1 of 2 players agree." in client.get(f"/games/{game.pk}/").content.decode()
    client.force_login(users[0])
    client.post(f"/games/{game.pk}/vote/", {"vote": "pause"})
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Paused: every player agreed." in page
    client.post(f"/games/{game.pk}/vote/", {"vote": "resume"})
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert client.post(f"/games/{game.pk}/vote/", {"vote": "skip"}).status_code == 409  # a refusal, as a page
    for forged in ({}, {"vote": "x"}, {"vote": "pause\x00"}, {"vote": "ｐａｕｓｅ"}):
        assert client.post(f"/games/{game.pk}/vote/", forged).status_code == 400, forged


def test_the_skip_button_shows_for_a_player_out_of_time(client):
    users = UserFactory.create_batch(3)
    game, _ = game_of(users)
    Seat.objects.filter(game=game, position=0).update(missed_turns=1)  # seat 0, to play, missed its last turn
    client.force_login(users[1])
    assert f"Vote to skip {users[0].username} now" in client.get(f"/games/{game.pk}/").content.decode()
    client.post(f"/games/{game.pk}/vote/", {"vote": "skip"})
    assert "Skip " + users[0].username + " now: 1 of 2 votes." in client.get(f"/games/{game.pk}/").content.decode()
