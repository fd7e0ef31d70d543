"""Webhooks: each event of a player's games POSTed to their address, signed,
from an outbox written with the change; retried with backoff, disabled after
failures in a row (and said so on the settings page); a test button; no
address inside a private network."""

import hashlib
import hmac
import json
import time
from datetime import timedelta
from unittest import mock

import pytest
import time_machine
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from accounts import webhooks
from accounts.api_tokens import token_create
from accounts.models import ApiToken, Webhook, WebhookEvent
from games import events, services
from games.errors import GameError
from games.models import Game
from games.services.locked_seats import locked_seats
from tests.factories import UserFactory
from tests.gameplay import first_play
from tests.receiver import receiver

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _loopback(settings):
    settings.WEBHOOK_ALLOW_LOOPBACK = True  # the receiver is on 127.0.0.1
    settings.WEBHOOK_TIMEOUT_SECONDS = 5


def verify(secret: str, headers: dict, body: bytes, tolerance: int = 300) -> dict:
    """A receiver's check, as the README shows it."""
    timestamp = headers["x-sequence-timestamp"]
    expected = "sha256=" + hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected, headers["x-sequence-signature"]):
        raise ValueError("bad signature")
    if abs(time.time() - int(timestamp)) > tolerance:
        raise ValueError("too old")
    return json.loads(body)


def hooked(user, url: str, scopes=("games:read", "games:play")) -> tuple[Webhook, str]:
    token, _ = token_create(user=user, name="bot", scopes=list(scopes))
    return webhooks.webhook_set(token=token, url=url)


def test_a_move_reaches_a_real_receiver_signed_as_the_long_poll_tells_it(
    started_game, api, django_capture_on_commit_callbacks
):
    game, users = started_game(2, 2, seed=3)
    with receiver() as server:
        webhook, secret = hooked(users[1], server.url)
        with django_capture_on_commit_callbacks(execute=True):
            services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
        ((headers, body),) = server.got
    event = verify(secret, headers, body)
    assert headers["x-sequence-event"] == "game" and headers["content-type"] == "application/json"
    polled = api(users[1])("GET", "/events").json()["events"]
    assert polled == [event] and event["version"] == 1 and event["my_move"] is True
    with pytest.raises(ValueError, match="bad signature"):
        verify(secret, headers, body.replace(b'"version":1', b'"version":2'))
    with pytest.raises(ValueError, match="bad signature"):
        verify("whsec_another", headers, body)
    assert not WebhookEvent.objects.exists()  # delivered, so gone from the outbox
    assert Webhook.objects.get(pk=webhook.pk).last_delivered_at is not None


def test_the_outbox_row_is_written_with_the_change_and_rolled_back_with_it(started_game):
    game, users = started_game(2, 2, seed=3)
    webhook, _ = hooked(users[0], "http://127.0.0.1:9/")
    with pytest.raises(GameError) as refused:
        services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=7)
    assert refused.value.code == "stale_version" and not WebhookEvent.objects.exists()
    services.chat_post(game_id=game.pk, user=users[1], text="hello")
    (row,) = WebhookEvent.objects.filter(webhook=webhook)
    game.refresh_from_db()
    assert (row.game_id, row.revision, json.loads(row.body)["revision"]) == (game.pk, game.revision, game.revision)


def test_invitations_and_answers_are_events_for_the_listening_players(django_capture_on_commit_callbacks):
    alice, bob, carol = UserFactory(), UserFactory(), UserFactory()
    with receiver() as to_alice, receiver() as to_bob, receiver() as to_carol:
        hooked(alice, to_alice.url)
        hooked(bob, to_bob.url)
        hooked(carol, to_carol.url, scopes=("games:play",))  # may not read games: told nothing
        with django_capture_on_commit_callbacks(execute=True):
            game = services.game_create(creator=alice, players=2, teams=2, invitees=[bob.username, carol.username])
        with django_capture_on_commit_callbacks(execute=True):
            services.invitation_accept(invitation_id=game.invitations.get(user=bob).pk, user=bob)
        told = {
            name: [json.loads(body) for _, body in server.got]
            for name, server in [("alice", to_alice), ("bob", to_bob)]
        }
        assert to_carol.got == []
    game.refresh_from_db()
    # Two invitations (a revision each), then the accepted one, which started the game.
    assert [(e["revision"], e["seated"], e["status"]) for e in told["bob"]] == [
        (1, False, "forming"),
        (2, False, "forming"),
        (game.revision, True, "active"),
    ]
    assert [(e["revision"], e["seated"]) for e in told["alice"]] == [(1, True), (2, True), (game.revision, True)]


def test_failures_wait_longer_each_time_then_disable_the_webhook_and_say_so(client, settings):
    settings.WEBHOOK_MAX_FAILURES = 3
    user = UserFactory()
    with receiver(500, 500, 302, 200) as server:
        webhook, _ = hooked(user, server.url)
        webhooks.queue_test(webhook)
        assert webhooks.deliver(webhook.pk) == "failed"
        webhook.refresh_from_db()
        first_wait = webhook.retry_at - webhook.last_attempt_at
        assert webhooks.deliver(webhook.pk) == "not-claimed"  # waiting out the failure
        assert webhooks.sweep() == 0
        assert webhooks.deliver(webhook.pk, now=webhook.retry_at) == "failed"
        webhook.refresh_from_db()
        assert webhook.retry_at - webhook.last_attempt_at == 2 * first_wait == timedelta(minutes=2)
        assert webhooks.deliver(webhook.pk, now=webhook.retry_at) == "disabled"  # a redirect is not followed
        assert (
            len(server.got) == 3 and server.got[0][0]["x-sequence-delivery"] == server.got[2][0]["x-sequence-delivery"]
        )
        webhook.refresh_from_db()
        assert webhook.disabled_at and webhook.last_error == "HTTP 302" and not webhook.events.exists()
        later = timezone.now() + timedelta(days=2)
        assert webhooks.deliver(webhook.pk, now=later) == "not-claimed"
        client.force_login(user)
        page = client.get(reverse("account_settings")).content.decode()
        assert "turned off after 3 failed deliveries in a row" in page and "HTTP 302" in page
        assert client.post(reverse("webhook_enable", args=[webhook.token_id])).status_code == 302
        webhooks.queue_test(webhook)
        assert webhooks.deliver(webhook.pk) == "delivered" and len(server.got) == 4
    webhook.refresh_from_db()
    assert (webhook.failures, webhook.disabled_at, webhook.last_error) == (0, None, "")


def test_a_worker_that_died_mid_delivery_loses_nothing(started_game):
    user = UserFactory()
    with receiver() as server:
        webhook, secret = hooked(user, server.url)
        webhooks.queue_test(webhook)
        died_at = timezone.now()
        Webhook.objects.filter(pk=webhook.pk).update(claimed_at=died_at)  # claimed, then the worker died
        assert webhooks.deliver(webhook.pk) == "not-claimed" and webhooks.sweep() == 0
        assert webhook.events.count() == 1
        with time_machine.travel(died_at + webhooks.LEASE + timedelta(seconds=1)):
            assert webhooks.sweep() == 1
            ((headers, body),) = server.got
            assert verify(secret, headers, body)["test"] is True
    assert not webhook.events.exists()


def test_the_settings_page_sets_a_webhook_shows_its_secret_once_and_sends_a_test_event(
    client, django_capture_on_commit_callbacks
):
    user = UserFactory()
    token, _ = token_create(user=user, name="bot", scopes=["games:read"])
    client.force_login(user)
    with receiver() as server:
        page = client.post(reverse("webhook_set", args=[token.pk]), {"url": server.url})
        assert page.status_code == 200 and page["Cache-Control"] == "no-store"
        secret = page.content.decode().split("copy it now.</p><p><code>")[1].split("</code>")[0]
        assert secret == Webhook.objects.get(token=token).secret
        assert secret not in client.get(reverse("account_settings")).content.decode()
        with django_capture_on_commit_callbacks(execute=True):
            assert client.post(reverse("webhook_test", args=[token.pk])).status_code == 302
        ((headers, body),) = server.got
    assert headers["x-sequence-event"] == "test" and verify(secret, headers, body)["test"] is True
    stranger = UserFactory()
    client.force_login(stranger)
    assert client.post(reverse("webhook_test", args=[token.pk])).status_code == 404
    assert client.post(reverse("webhook_remove", args=[token.pk])).status_code == 404
    client.force_login(user)
    assert client.post(reverse("webhook_remove", args=[token.pk])).status_code == 302
    assert not Webhook.objects.exists()


@pytest.mark.parametrize(
    "url",
    [
        "ftp://example.org/hook",
        "javascript:alert(1)",
        "http://10.1.2.3/hook",
        "http://192.168.0.1/hook",
        "http://169.254.169.254/latest/meta-data/",
        "http://[fd00::1]/hook",
        "http://0.0.0.0:8000/",
        "http://127.0.0.1:8000/",
        "http://localhost:8000/",
        "http://[::1]/hook",
        "http://[::ffff:127.0.0.1]/hook",
        "http://[64:ff9b::a9fe:a9fe]/latest/meta-data/",  # NAT64 of 169.254.169.254
        "http://[64:ff9b:1::a00:1]/hook",
        "http://[2002:a9fe:a9fe::1]/hook",  # 6to4
        "http://[2002:7f00:1::1]/hook",
        "http://[::a9fe:a9fe]/hook",  # IPv4-compatible
        "http://[::10.0.0.1]/hook",
        "http://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/hook",  # Teredo, its client 10.0.0.1
        "https://user:secret@example.org/hook",
    ],
)
def test_no_webhook_inside_a_private_network(client, settings, url):
    settings.WEBHOOK_ALLOW_LOOPBACK = False
    user = UserFactory()
    token, _ = token_create(user=user, name="bot", scopes=["games:read"])
    client.force_login(user)
    page = client.post(reverse("webhook_set", args=[token.pk]), {"url": url})
    assert page.status_code == 400 and not Webhook.objects.exists()


def test_loopback_when_allowed_but_never_a_private_network(settings):
    settings.WEBHOOK_ALLOW_LOOPBACK = True
    user = UserFactory()
    hooked(user, "http://localhost:8000/hook")
    with pytest.raises(ValueError, match="public internet"):
        hooked(UserFactory(), "http://10.0.0.1/")


def test_an_address_that_is_no_longer_allowed_is_not_posted_to(settings):
    user = UserFactory()
    with receiver() as server:
        webhook, _ = hooked(user, server.url)
        settings.WEBHOOK_ALLOW_LOOPBACK = False  # checked again at each delivery
        webhooks.queue_test(webhook)
        assert webhooks.deliver(webhook.pk) == "failed" and server.got == []
    webhook.refresh_from_db()
    assert "public internet" in webhook.last_error


def test_a_revoked_token_takes_its_webhook_and_waiting_events_with_it(started_game, client):
    game, users = started_game(2, 2, seed=3)
    webhook, _ = hooked(users[0], "http://127.0.0.1:9/")
    webhooks.queue_test(webhook)
    client.force_login(users[0])
    client.post(reverse("api_token_revoke", args=[webhook.token_id]))
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    assert not Webhook.objects.exists() and not WebhookEvent.objects.exists()


def test_an_expired_token_is_told_nothing_and_sent_nothing(started_game):
    game, users = started_game(2, 2, seed=3)
    with receiver() as server:
        webhook, _ = hooked(users[0], server.url)
        webhooks.queue_test(webhook)
        ApiToken.objects.filter(pk=webhook.token_id).update(expires_at=timezone.now())
        services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
        assert webhooks.deliver(webhook.pk) == "not-claimed" and webhooks.sweep() == 0
        assert server.got == [] and webhook.events.count() == 1  # the test event only


def test_a_change_costs_one_query_when_nobody_listens(started_game, django_assert_num_queries):
    from games import events

    game, _ = started_game(2, 2, seed=3)
    with django_assert_num_queries(1):
        events.to_webhooks(game.pk)


def test_the_players_and_pending_invitees_with_a_live_token_that_reads_games_are_told(settings):
    """Who is told of a change (events.to_webhooks through webhooks.listening):
    players and pending invitees; not a token expired, revoked, disabled, of
    an inactive user or without games:read, nor an invitee who declined, nor a stranger."""
    settings.WEBHOOK_ALLOW_LOOPBACK = True
    creator, *others = UserFactory.create_batch(10)
    game = services.game_create(start_mode=Game.StartMode.MANUAL, creator=creator, players=12, teams=3)
    for user in others[:8]:
        invitation = services.invitation_create(game_id=game.pk, inviter=creator, invitee=user.username)
        if user is others[6]:
            services.invitation_decline(invitation_id=invitation.pk, user=user)
        elif user in others[:2]:
            services.invitation_accept(invitation_id=invitation.pk, user=user)
    hook = {user.pk: hooked(user, "http://127.0.0.1:9/")[0] for user in [creator, *others]}
    ApiToken.objects.filter(pk=hook[others[2].pk].token_id).update(expires_at=timezone.now())
    ApiToken.objects.filter(pk=hook[others[3].pk].token_id).update(revoked_at=timezone.now())
    Webhook.objects.filter(pk=hook[others[4].pk].pk).update(disabled_at=timezone.now())
    type(creator).objects.filter(pk=others[5].pk).update(is_active=False)
    ApiToken.objects.filter(pk=hook[others[1].pk].token_id).update(scopes=["games:play"])
    WebhookEvent.objects.all().delete()
    events.to_webhooks(game.pk)
    told = set(WebhookEvent.objects.values_list("webhook_id", flat=True))
    assert told == {hook[creator.pk].pk, hook[others[0].pk].pk, hook[others[7].pk].pk}  # two seated, one invited


def test_the_moves_locked_read_says_which_players_may_listen_as_listening_finds_them(settings):
    """locked_seats' may_listen (accounts.webhooks.may_listen_sql) is true for
    every player `listening` finds, and false for one without a working
    webhook; it leaves the token's scopes to `listening`."""
    settings.WEBHOOK_ALLOW_LOOPBACK = True
    creator, *others = UserFactory.create_batch(8)
    game = services.game_create(start_mode=Game.StartMode.MANUAL, creator=creator, players=8, teams=2)
    for user in others:
        invitation = services.invitation_create(game_id=game.pk, inviter=creator, invitee=user.username)
        services.invitation_accept(invitation_id=invitation.pk, user=user)
    working, games_play_only, expired, revoked, disabled, inactive, _without_webhook = others
    hook = {user.pk: hooked(user, "http://127.0.0.1:9/")[0] for user in [creator, *others[:-1]]}
    ApiToken.objects.filter(pk=hook[games_play_only.pk].token_id).update(scopes=["games:play"])
    ApiToken.objects.filter(pk=hook[expired.pk].token_id).update(expires_at=timezone.now())
    ApiToken.objects.filter(pk=hook[revoked.pk].token_id).update(revoked_at=timezone.now())
    Webhook.objects.filter(pk=hook[disabled.pk].pk).update(disabled_at=timezone.now())
    type(creator).objects.filter(pk=inactive.pk).update(is_active=False)
    with transaction.atomic():
        may_listen = {seat.user_id for seat in locked_seats(game.pk) if seat.may_listen}
    everyone = (f"SELECT id FROM {type(creator)._meta.db_table}", [])
    found = {listener.token.user_id for listener in webhooks.listening(everyone)}
    assert found == {creator.pk, working.pk} and may_listen == {creator.pk, working.pk, games_play_only.pk}


def test_a_move_nobody_listens_to_asks_for_no_webhook(started_game, settings):
    """The move's locked read said nobody may listen: `listening` is not asked."""
    settings.WEBHOOK_ALLOW_LOOPBACK = True
    game, users = started_game(2, 2, seed=3)
    with mock.patch.object(webhooks, "listening", wraps=webhooks.listening) as asked:
        services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
        assert asked.call_count == 0
        hooked(users[1], "http://127.0.0.1:9/")
        services.move_submit(game_id=game.pk, user=users[1], move=first_play(game, 1), expected_version=1)
        assert asked.call_count == 1 and WebhookEvent.objects.filter(game_id=game.pk).exists()
