"""Web Push (issue 29), end to end against a push service on loopback that
checks the VAPID signature and decrypts with the device's key; the e-mail a
push or a recent visit makes wait; and the outbox's retries."""

import json
from datetime import timedelta

import pytest
import time_machine
from django.core import mail
from django.utils import timezone

from accounts import push
from accounts.models import Delivery, PushSubscription, User
from games import services
from games.engine import cards
from games.mail import outbox, push_send
from games.models import Notification, PushMessage, Seat
from tests.gameplay import first_play, state_of
from tests.games.push_service import Device, push_service, vapid_pair, verified_claims

pytestmark = pytest.mark.django_db
Kind = Notification.Kind


@pytest.fixture
def vapid(settings):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = vapid_pair()
    settings.VAPID_SUBJECT = "mailto:admin@sequence.example"
    settings.WEBHOOK_ALLOW_LOOPBACK = True  # the push service of these tests is on loopback
    return settings


def subscribed(user, service, name="abc") -> Device:
    device = Device()
    push.subscribe(user=user, data=device.subscription(f"{service.origin}/push/{name}"), user_agent="Firefox/140")
    return device


def move(game, user, seat):
    game.refresh_from_db()
    return services.move_submit(game_id=game.pk, user=user, move=first_play(game, seat), expected_version=game.version)


def test_a_turn_reaches_the_device_signed_and_encrypted_and_says_no_more_than_the_page(vapid, started_game):
    game, users = started_game(2, 2)
    with push_service(201) as service:
        device = subscribed(users[1], service)
        move(game, users[0], 0)
        assert push_send.send_due() == {"sent": 1}
    (headers, body), path = service.got[0], service.paths[0]
    assert path == "/push/abc"
    assert headers["content-encoding"] == "aes128gcm" and int(headers["ttl"]) == vapid.PUSH_TTL_SECONDS
    claims = verified_claims(headers["authorization"], audience=service.origin)
    assert claims["sub"] == "mailto:admin@sequence.example" and claims["k"] == vapid.VAPID_PUBLIC_KEY
    shown = device.decrypt(body)
    assert shown["title"].startswith(f"Your turn in game {game.pk}") and shown["url"].endswith(f"/games/{game.pk}/")
    hand = state_of(game).hands[1]
    text = json.dumps(shown, ensure_ascii=False)
    assert not any(card in text or cards.card_label(card) in text for card in hand)  # no hand in the payload
    assert PushMessage.objects.get(notification__kind=Kind.YOUR_TURN).status == PushMessage.Status.SENT


def test_a_push_in_the_players_language(vapid, started_game):
    game, users = started_game(2, 2)
    User.objects.filter(pk=users[1].pk).update(language="cs")
    with push_service(201) as service:
        device = subscribed(User.objects.get(pk=users[1].pk), service)
        move(game, users[0], 0)
        push_send.send_due()
    assert device.decrypt(service.got[0][1])["title"].startswith(f"Jste na tahu ve hře {game.pk}")


def test_a_delivered_turn_makes_its_email_wait_and_a_move_meanwhile_drops_it(vapid, started_game):
    game, users = started_game(2, 2)
    with push_service(201) as service:
        subscribed(users[1], service)
        move(game, users[0], 0)
        push_send.send_due()
    turn = Notification.objects.get(kind=Kind.YOUR_TURN, recipient=users[1], version=1)
    assert turn.due_at >= timezone.now() + timedelta(seconds=vapid.PRESENT_EMAIL_GRACE_SECONDS - 5)
    move(game, users[1], 1)  # the notice was enough
    mail.outbox.clear()
    with time_machine.travel(timezone.now() + timedelta(seconds=vapid.PRESENT_EMAIL_GRACE_SECONDS + 1)):
        outbox.sweep()
    assert not [m for m in mail.outbox if users[1].email in m.to and "Your turn" in m.subject]


def test_a_gone_device_is_forgotten(vapid, started_game):
    game, users = started_game(2, 2)
    with push_service(410) as service:
        subscribed(users[1], service)
        move(game, users[0], 0)
        assert push_send.send_due() == {"gone": 1}
    assert not PushSubscription.objects.exists() and not PushMessage.objects.exists()
    assert not User.objects.get(pk=users[1].pk).has_push_devices


def test_a_failing_push_service_is_tried_again_later(vapid, started_game):
    game, users = started_game(2, 2)
    with push_service(503, 500, 201) as service:
        subscribed(users[1], service)
        move(game, users[0], 0)
        assert push_send.send_due() == {"retry": 1}
        assert push_send.send_due() == {}  # not before its time
        later = timezone.now() + timedelta(minutes=3)
        assert push_send.send_due(later) == {"retry": 1}
        assert push_send.send_due(later + timedelta(minutes=5)) == {"sent": 1}
    pushed = PushMessage.objects.get(notification__kind=Kind.YOUR_TURN)
    assert (pushed.status, pushed.attempts, len(service.got)) == (PushMessage.Status.SENT, 2, 3)


def test_a_dead_workers_claim_is_taken_over_after_its_lease(vapid, started_game):
    game, users = started_game(2, 2)
    with push_service(201) as service:
        subscribed(users[1], service)
        move(game, users[0], 0)
        PushMessage.objects.filter(notification__kind=Kind.YOUR_TURN).update(
            status=PushMessage.Status.SENDING, claimed_at=timezone.now()
        )
        assert push_send.send_due() == {}  # another worker is on it
        assert push_send.send_due(timezone.now() + push_send.LEASE + timedelta(seconds=1)) == {"sent": 1}


def test_a_notice_that_no_longer_applies_is_not_pushed(vapid, started_game):
    game, users = started_game(2, 2)
    with push_service(201) as service:
        subscribed(users[1], service)
        move(game, users[0], 0)
        move(game, users[1], 1)  # moved before the push went
        assert push_send.send_due() == {PushMessage.Status.SKIPPED: 1}
    assert service.got == []


def test_the_kinds_a_player_chose_and_push_without_email(vapid, started_game):
    game, users = started_game(2, 2)
    with push_service(201) as service:
        subscribed(users[1], service)
        User.objects.filter(pk=users[1].pk).update(push_kinds=["game_over"])
        move(game, users[0], 0)
        assert not PushMessage.objects.exists()  # not a turn's notice, by choice
        User.objects.filter(pk=users[1].pk).update(
            push_kinds=["your_turn"], email_delivery={Kind.YOUR_TURN: Delivery.OFF}
        )
        move(game, users[1], 1)
        move(game, users[0], 0)
        assert push_send.send_due() == {"sent": 1}
    turn = Notification.objects.get(kind=Kind.YOUR_TURN, recipient=users[1], version=3)
    assert turn.status == Notification.Status.SKIPPED  # the row the push hangs on: no e-mail
    mail.outbox.clear()
    with time_machine.travel(timezone.now() + timedelta(hours=1)):
        outbox.sweep()
    assert not [m for m in mail.outbox if users[1].email in m.to and "Your turn" in m.subject]


def test_no_device_no_vapid_no_push(settings, started_game):
    game, users = started_game(2, 2)
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""
    move(game, users[0], 0)
    assert not PushMessage.objects.exists()


def test_a_player_at_the_table_a_minute_ago_gets_no_turn_email_for_the_move_that_follows(settings, started_game):
    game, users = started_game(2, 2)
    Seat.objects.filter(game=game, user=users[1]).update(last_seen_at=timezone.now() - timedelta(minutes=1))
    move(game, users[0], 0)
    mail.outbox.clear()
    start = timezone.now()
    with time_machine.travel(start + timedelta(seconds=settings.TURN_EMAIL_GRACE_SECONDS + 60)):
        outbox.sweep()  # past the short grace: someone away would have it by now
        move(game, users[1], 1)  # back within the longer wait: the e-mail would only say what they saw
    with time_machine.travel(start + timedelta(seconds=settings.PRESENT_EMAIL_GRACE_SECONDS + 1)):
        outbox.sweep()
    assert not [m for m in mail.outbox if users[1].email in m.to and "Your turn" in m.subject]


def test_a_player_away_gets_the_turn_email_after_the_short_grace(settings, started_game):
    game, users = started_game(2, 2)
    Seat.objects.filter(game=game, user=users[1]).update(last_seen_at=timezone.now() - timedelta(hours=3))
    move(game, users[0], 0)
    mail.outbox.clear()
    with time_machine.travel(timezone.now() + timedelta(seconds=settings.TURN_EMAIL_GRACE_SECONDS + 1)):
        outbox.sweep()
    assert [m for m in mail.outbox if users[1].email in m.to and "Your turn" in m.subject]


def test_a_chat_mention_reaches_the_device(vapid, started_game):
    game, users = started_game(2, 2)
    with push_service(201) as service:
        device = subscribed(users[1], service)
        services.chat_post(game_id=game.pk, user=users[0], text=f"@{users[1].username} well played")
        assert push_send.send_due() == {"sent": 1}
    shown = device.decrypt(service.got[0][1])
    assert shown["title"] == f"{users[0].username} names you in the chat of game {game.pk}"
    assert "well played" not in json.dumps(shown)  # the sentence only: the message stays at the table
