"""Pausing stops every clock and every move; resuming gives each clock the
time it had left. Replacing a player keeps the move log and the hand."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import selectors, services
from games.errors import Conflict, NotAllowed
from games.mail import emails
from games.models import Game, Move, Notification
from tests.factories import UserFactory
from tests.gameplay import first_play, state_of

pytestmark = pytest.mark.django_db


def test_a_paused_game_is_never_due_and_takes_no_move(started_game, moderator):
    game, users = started_game(2, 2)
    services.game_pause(game_id=game.pk, moderator=moderator, reason="complaint")
    far = timezone.now() + timedelta(days=400)
    assert not Game.objects.due(far).filter(pk=game.pk).exists()
    assert services.deadline_enforce(game_id=game.pk, now=far) == []
    with pytest.raises(Conflict, match="paused"):
        services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    assert not Move.objects.filter(game=game).exists()


def test_resume_restores_the_time_left_on_the_turn_and_the_draw(started_game, moderator, monkeypatch):
    game, users = started_game(2, 2, draw_mode="tabletop")
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    game.refresh_from_db()
    draw = game.seats.get(position=0).draw_deadline
    now = timezone.now()
    turn_left, draw_left = game.turn_deadline - now, draw - now
    services.game_pause(game_id=game.pk, moderator=moderator, reason="investigating")
    assert game.seats.get(position=0).draw_deadline is None
    later = now + timedelta(days=3)  # the pause lasted three days
    monkeypatch.setattr(timezone, "now", lambda: later)
    services.game_resume(game_id=game.pk, moderator=moderator, reason="done")
    game.refresh_from_db()
    assert abs(game.turn_deadline - (later + turn_left)) < timedelta(seconds=5)
    assert abs(game.seats.get(position=0).draw_deadline - (later + draw_left)) < timedelta(seconds=5)
    # due by the earlier of the two (or sooner: a moment the table changes, such as the draw's last day beginning)
    assert later < game.next_deadline <= min(game.turn_deadline, game.seats.get(position=0).draw_deadline)
    assert game.status == Game.Status.ACTIVE


def test_the_table_of_a_paused_game_offers_no_move_and_says_why(client, started_game, moderator):
    game, users = started_game(2, 2)
    services.game_pause(game_id=game.pk, moderator=moderator, reason="A report is being looked at")
    client.force_login(users[0])
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    assert "moderator: paused the game" in html and "A report is being looked at" in html
    assert 'name="move"' not in html


def test_replacing_a_player_mid_game_keeps_the_log_and_the_hand(started_game, moderator, client):
    game, users = started_game(2, 2)
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    services.move_submit(game_id=game.pk, user=users[1], move=first_play(game, 1), expected_version=1)
    hand = game.seats.get(position=1).hand.cards
    log = list(game.moves.order_by("seq").values_list("seq", "seat", "text", "entered_by"))
    newcomer = UserFactory()
    services.seat_replace(game_id=game.pk, moderator=moderator, position=1, new_user_id=newcomer.pk, reason="left")
    assert list(game.moves.order_by("seq").values_list("seq", "seat", "text", "entered_by")) == log
    assert log[1][3] == users[1].pk  # the move stays the old player's
    seat = game.seats.get(position=1)
    assert seat.user == newcomer and seat.hand.cards == hand == state_of(game).hands[1]
    assert services.game_verify(game=Game.objects.get(pk=game.pk)) == []
    # the newcomer plays on with that hand; the old player no longer can
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=2)
    services.move_submit(game_id=game.pk, user=newcomer, move=first_play(game, 1), expected_version=3)
    with pytest.raises(NotAllowed):
        services.move_submit(game_id=game.pk, user=users[1], move="draw", expected_version=4)
    client.force_login(newcomer)
    assert "moderator: seat 2" in client.get(reverse("game", args=[game.pk])).content.decode()


def test_replacing_with_a_seated_or_suspended_user_is_refused(started_game, moderator):
    game, users = started_game(2, 2)
    with pytest.raises(Conflict) as seated:
        services.seat_replace(game_id=game.pk, moderator=moderator, position=1, new_user_id=users[0].pk, reason="r")
    assert seated.value.code == "invitee_seated"
    banned = UserFactory()
    services.player_suspend(user_id=banned.pk, moderator=moderator, reason="abuse")
    with pytest.raises(Conflict) as suspended:
        services.seat_replace(game_id=game.pk, moderator=moderator, position=1, new_user_id=banned.pk, reason="r")
    assert suspended.value.code == "replacement_suspended"
    assert game.seats.get(position=1).user == users[1]


def _waiting(game, kind):
    return Notification.objects.get(game=game, kind=kind, status=Notification.Status.PENDING, variant=2)


def test_reminders_follow_an_extended_turn(started_game, moderator):
    game, _ = started_game(2, 2)
    reminder = _waiting(game, Notification.Kind.REMINDER)
    assert reminder.deadline == game.turn_deadline
    services.deadline_extend(game_id=game.pk, moderator=moderator, minutes=600, reason="travelling")
    game.refresh_from_db()
    reminder.refresh_from_db()
    assert reminder.deadline == game.turn_deadline
    assert reminder.due_at == game.turn_deadline - timedelta(hours=2)


def test_reminders_follow_a_resumed_turn(started_game, moderator, monkeypatch):
    game, _ = started_game(2, 2)
    services.game_pause(game_id=game.pk, moderator=moderator, reason="complaint")
    later = timezone.now() + timedelta(hours=5)
    monkeypatch.setattr(timezone, "now", lambda: later)
    services.game_resume(game_id=game.pk, moderator=moderator, reason="settled")
    game.refresh_from_db()
    reminder = _waiting(game, Notification.Kind.REMINDER)
    assert reminder.deadline == game.turn_deadline and reminder.due_at == game.turn_deadline - timedelta(hours=2)
    assert emails.build(reminder) is not None  # it still applies, and goes when due


def test_a_paused_game_waits_among_my_games_not_with_the_finished(started_game, moderator):
    game, users = started_game(2, 2)
    services.game_pause(game_id=game.pk, moderator=moderator, reason="complaint")
    [row] = selectors.my_games(user=users[0]).rows
    assert row.game.pk == game.pk and row.urgency == 1 and row.deadline is None
