"""The devices on the settings page (Web Push, issue 29): subscribing one
from the browser's script, the refusals of anything a browser would not
send, removing one; the manifest and the service worker of an installable site."""

import json

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

from accounts.models import EmailKind, PushSubscription, User
from tests.factories import UserFactory
from tests.games.push_service import Device, vapid_pair

pytestmark = pytest.mark.django_db
URL = "/accounts/settings/devices/"


@pytest.fixture
def vapid(settings):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = vapid_pair()
    settings.WEBHOOK_ALLOW_LOOPBACK = False  # as in production: a push service is on the internet
    return settings


def post(client, body, **headers):
    data = body if isinstance(body, bytes | str) else json.dumps(body)
    return client.post(URL, data, content_type="application/json", **headers)


def test_a_device_subscribes_and_is_listed_then_removed(vapid, client, monkeypatch):
    monkeypatch.setattr("socket.getaddrinfo", lambda *a, **k: [(2, 1, 6, "", ("142.250.74.106", 443))])
    user = UserFactory()
    client.force_login(user)
    subscription = Device().subscription("https://fcm.googleapis.com/fcm/send/abc123")
    answer = post(client, subscription, HTTP_USER_AGENT="Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile")
    assert answer.status_code == 201
    device = PushSubscription.objects.get()
    assert (device.user, device.device) == (user, "Chrome · Android")
    assert User.objects.get(pk=user.pk).has_push_devices
    page = client.get(reverse("account_settings")).content.decode()
    assert "Chrome · Android" in page and "Notify me on this device" in page and vapid.VAPID_PUBLIC_KEY in page
    assert client.post(reverse("push_remove", args=[device.pk])).status_code == 302
    assert not PushSubscription.objects.exists() and not User.objects.get(pk=user.pk).has_push_devices


def test_another_players_device_cannot_be_removed(vapid, client, monkeypatch):
    monkeypatch.setattr("socket.getaddrinfo", lambda *a, **k: [(2, 1, 6, "", ("142.250.74.106", 443))])
    owner, other = UserFactory(), UserFactory()
    client.force_login(owner)
    post(client, Device().subscription("https://fcm.googleapis.com/fcm/send/x"))
    client.force_login(other)
    client.post(reverse("push_remove", args=[PushSubscription.objects.get().pk]))
    assert PushSubscription.objects.filter(user=owner).exists()


BAD = [
    b"not json",
    b"\xff\xfe",
    "[]",
    {"endpoint": "https://fcm.googleapis.com/x"},
    {"endpoint": "https://fcm.googleapis.com/x", "keys": {"p256dh": "AAAA", "auth": "AAAA"}},
    {"endpoint": 7, "keys": {}},
    {"endpoint": "ftp://fcm.googleapis.com/x", "keys": Device().subscription("")["keys"]},
    {"endpoint": "https://fcm.googleapis.com/" + "x" * 600, "keys": Device().subscription("")["keys"]},
    {"endpoint": "https://fcm.googleapis.com/\x00", "keys": {"p256dh": "\x00", "auth": "١٢"}},
    {"endpoint": "http://127.0.0.1:9/push", "keys": Device().subscription("")["keys"]},  # loopback: SSRF
    {"endpoint": "http://169.254.169.254/latest", "keys": Device().subscription("")["keys"]},
    "[" * 5000 + "]" * 5000,
]


@pytest.mark.parametrize("body", BAD, ids=range(len(BAD)))
def test_what_no_browser_sends_is_refused_with_a_sentence(vapid, client, body):
    client.force_login(UserFactory())
    answer = post(client, body)
    assert answer.status_code == 400 and answer.json()["error"]
    assert not PushSubscription.objects.exists()


def test_only_a_signed_in_post(vapid, client):
    assert post(client, Device().subscription("https://fcm.googleapis.com/x")).status_code == 302  # to log in
    client.force_login(UserFactory())
    assert client.get(URL).status_code == 405


def test_without_vapid_keys_no_device_is_offered_anything(settings, client):
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""
    client.force_login(UserFactory())
    assert "Notify me on this device" not in client.get(reverse("account_settings")).content.decode()
    assert post(client, Device().subscription("https://fcm.googleapis.com/x")).status_code == 404


def test_the_push_kinds_are_chosen_beside_the_emails(vapid, client):
    user = UserFactory()
    client.force_login(user)
    form = {
        "language": "en",
        "time_zone": "UTC",
        "digest_hour": 8,
        "reminder_hours": "24,2",
        **{f"delivery_{kind}": "immediately" for kind in EmailKind.values},
        "push_game_over": "on",
    }
    assert client.post(reverse("account_settings"), form).status_code == 302
    assert User.objects.get(pk=user.pk).push_kinds == ["game_over"]


def test_the_site_is_installable(client):
    manifest = client.get("/manifest.webmanifest")
    assert manifest["Content-Type"] == "application/manifest+json"
    body = manifest.json()
    assert body["start_url"] == "/" and body["display"] == "standalone"
    for icon in body["icons"]:
        assert finders.find(icon["src"].removeprefix("/static/"))
    worker = client.get("/sw.js")
    assert worker["Content-Type"].startswith("text/javascript") and b"notificationclick" in worker.content
    assert 'rel="manifest"' in client.get("/").content.decode()
