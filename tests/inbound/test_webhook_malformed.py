"""The inbound webhook never answers 500, whatever arrives: every provider
anymail can mount, every malformed shape, without the webhook secret, with a
wrong one and with the right one, with and without the provider's keys."""

import base64
import json

import pytest
from django.core import checks
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from games.inbound import webhook
from games.models import Game, InboundMessage

pytestmark = [
    pytest.mark.django_db,
    # anymail warns on every request to the providers it no longer supports or has renamed; an
    # operator may still name them in INBOUND_WEBHOOK_PROVIDER, so they are tested like the rest.
    pytest.mark.filterwarnings("ignore:django-anymail has dropped official support for SendGrid"),
    pytest.mark.filterwarnings("ignore:Anymail's SendinBlue webhook URLs are deprecated"),
]
SECRET = "hook:secret-words"
PROVIDERS = sorted(webhook.inbound_patterns())
# Every key some provider's inbound view reads, with a value of the right kind.
PROVIDER_KEYS = {
    "MAILGUN_WEBHOOK_SIGNING_KEY": "mailgun-key",
    "MAILGUN_API_KEY": "mailgun-api-key",
    "MAILERSEND_INBOUND_SECRET": "mailersend-secret",
    "MAILTRAP_INBOUND_SECRET": "mailtrap-secret",
    "MAILTRAP_API_TOKEN": "mailtrap-token",
    "MANDRILL_WEBHOOK_KEY": "mandrill-key",
    "POSTAL_WEBHOOK_KEY": base64.b64encode(b"not a key").decode(),
    "BREVO_API_KEY": "brevo-key",
    "RESEND_INBOUND_SECRET": "whsec_" + base64.b64encode(b"resend-secret").decode(),
    "RESEND_SIGNING_SECRET": "whsec_" + base64.b64encode(b"resend-secret").decode(),
}
JSON = "application/json"
FORM = "application/x-www-form-urlencoded"

# (content type, body): what the adversarial run sent, and each provider's own shapes, broken.
RAW_SHAPES = [
    (JSON, b"{"),
    (JSON, b"[]"),
    (JSON, b"[1, 2]"),
    (JSON, b"{}"),
    (JSON, b"null"),
    (JSON, b'"a string"'),
    (JSON, b"[" * 50_000),
    (JSON, b"\xff\xfe\x00 not utf-8"),
    (JSON, b'{"Type": "Notification", "Message": "{"}'),  # Amazon SES (SNS)
    (JSON, b'{"Type": "SubscriptionConfirmation", "SubscribeURL": "http://127.0.0.1:1/"}'),
    (JSON, b'{"Type": "Notification", "Message": "[]"}'),
    (JSON, b'{"RawEmail": "!!not base64!!"}'),  # Postmark
    (JSON, b'{"FromFull": 1, "ToFull": "x", "Headers": {}}'),
    (JSON, b'{"items": [{}]}'),  # Brevo
    (JSON, b'{"items": {"Uuid": 1}}'),
    (JSON, b'{"Parts": 1, "Headers": []}'),  # Mailjet
    (JSON, b'[{"msys": {}}]'),  # SparkPost
    (JSON, b'[{"msys": {"relay_message": {"content": {"email_rfc822": 1}}}}]'),
    (JSON, b'{"message": "not base64 !!", "id": 1}'),  # Postal
    (JSON, b'{"type": "email.received", "data": []}'),  # Resend
    (JSON, b'{"type": "inbound.message", "data": {"raw": 1}}'),  # MailerSend
    (JSON, b'{"event": "email.received", "data": null}'),
    (FORM, b""),
    (FORM, b"a=b&a=c"),
    (FORM, b"mandrill_events=%7B"),  # Mandrill
    (FORM, b"mandrill_events=%5B%7B%7D%5D"),
    (FORM, b"timestamp=1&token=a&signature=b"),  # Mailgun without its body
    (FORM, b"body-mime=x&timestamp=x&token=&signature="),
    (FORM, b"email=%00%ff&charsets=%7B"),  # SendGrid
    (FORM, b"charsets=not-json&from=x"),
    ("multipart/form-data; boundary=nope", b"--nope\r\nbroken"),
    ("text/plain", b"\x00" * 64),
    (FORM, "&".join(f"field{i}=x" for i in range(1100)).encode()),  # over Django's 1000 fields
]
FILE_SHAPES = [  # multipart with file parts, where the provider expects text fields
    {"email": SimpleUploadedFile("email.eml", b"From: a@b\r\n\r\nhi")},
    {"body-mime": SimpleUploadedFile("m.eml", b"x"), "timestamp": "1", "token": "t", "signature": "s"},
    {"mandrill_events": SimpleUploadedFile("e.json", b"[]")},
    {"message": SimpleUploadedFile("m", b"\xff"), "attachment-count": "x"},
]


def auth(secret: str) -> dict:
    return {"HTTP_AUTHORIZATION": "Basic " + base64.b64encode(secret.encode()).decode()}


def urls(provider: str) -> list[str]:
    names = {pattern.name for pattern in webhook.inbound_patterns()[provider]}
    paths = [reverse(f"anymail:{name}") for name in names]
    return paths + (["/anymail/mailgun/inbound_mime/"] if provider == "mailgun" else [])


def post_every_shape(client: Client, url: str, **headers) -> set[int]:
    statuses = set()
    for content_type, body in RAW_SHAPES:
        statuses.add(client.post(url, body, content_type=content_type, **headers).status_code)
    for data in FILE_SHAPES:
        for upload in data.values():
            if hasattr(upload, "seek"):
                upload.seek(0)
        statuses.add(client.post(url, data, **headers).status_code)
    return statuses


@pytest.fixture
def hostile(settings, mount_webhook, started_game):
    """DEBUG off, as in production; a game in play that nothing may change."""
    settings.DEBUG = False
    game, _users = started_game(2, 2, seed=3)

    def mount(provider: str, **anymail) -> Game:
        settings.ANYMAIL = anymail
        mount_webhook(provider)
        return game

    return mount


@pytest.mark.parametrize("provider", PROVIDERS)
def test_without_the_secret_everything_is_dropped_unread(hostile, client, provider):
    game = hostile(provider, **PROVIDER_KEYS)
    for url in urls(provider):
        assert post_every_shape(client, url) == {200}
    assert not InboundMessage.objects.exists()
    assert Game.objects.get(pk=game.pk).version == game.version


@pytest.mark.parametrize("with_keys", [False, True], ids=["no-provider-keys", "provider-keys"])
@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_wrong_or_missing_secret_is_refused_before_anything_is_read(hostile, client, provider, with_keys):
    hostile(provider, WEBHOOK_SECRET=SECRET, **(PROVIDER_KEYS if with_keys else {}))
    for url in urls(provider):
        assert post_every_shape(client, url) == {401}
        assert post_every_shape(client, url, **auth("hook:guess")) == {401}
    assert client.post(url, b"{}", content_type=JSON)["WWW-Authenticate"].startswith("Basic")


@pytest.mark.parametrize("with_keys", [False, True], ids=["no-provider-keys", "provider-keys"])
@pytest.mark.parametrize("provider", PROVIDERS)
def test_with_the_secret_a_malformed_body_is_a_400_never_a_500(hostile, client, provider, with_keys):
    game = hostile(provider, WEBHOOK_SECRET=SECRET, **(PROVIDER_KEYS if with_keys else {}))
    for url in urls(provider):
        statuses = post_every_shape(client, url, **auth(SECRET))
        assert statuses <= {200, 400}, statuses
        assert 400 in statuses
    assert Game.objects.get(pk=game.pk).version == game.version


@pytest.mark.parametrize("provider", PROVIDERS)
def test_an_oversized_body_is_dropped_so_the_provider_stops_and_counted(hostile, client, provider, caplog):
    hostile(provider, WEBHOOK_SECRET=SECRET, **PROVIDER_KEYS)
    body = json.dumps({"RawEmail": "x" * 3_000_000}).encode()
    response = client.post(urls(provider)[0], body, content_type=JSON, **auth(SECRET))
    assert response.status_code == 200 and b"too large" in response.content
    assert [r for r in caplog.records if "too large" in r.getMessage()]


def test_without_a_provider_no_anymail_url_is_mounted(client, settings, mount_webhook):
    settings.ANYMAIL = {"WEBHOOK_SECRET": SECRET}
    mount_webhook("")
    for url in ["/anymail/mailgun/inbound/", "/anymail/sendgrid/inbound/", "/anymail/postmark/tracking/"]:
        assert client.post(url, b"{", content_type=JSON, **auth(SECRET)).status_code == 404


def test_only_the_configured_providers_inbound_url_is_mounted(client, settings, mount_webhook):
    settings.ANYMAIL = {"WEBHOOK_SECRET": SECRET}
    mount_webhook("postmark")
    assert client.post("/anymail/postmark/inbound/", b"{", content_type=JSON, **auth(SECRET)).status_code == 400
    for url in ["/anymail/postmark/tracking/", "/anymail/sendgrid/inbound/", "/anymail/mandrill/"]:
        assert client.post(url, b"{", content_type=JSON, **auth(SECRET)).status_code == 404


def test_the_system_check_names_a_missing_provider_key_or_secret(settings):
    settings.INBOUND_WEBHOOK_PROVIDER = "mailgun"
    settings.ANYMAIL = {}
    ids = {error.id for error in webhook.provider_configured(None)}
    assert ids == {"games.E002", "games.E003"}
    settings.ANYMAIL = {"WEBHOOK_SECRET": SECRET, "MAILGUN_WEBHOOK_SIGNING_KEY": "k"}
    assert webhook.provider_configured(None) == []
    settings.INBOUND_WEBHOOK_PROVIDER = "carrier-pigeon"
    assert [error.id for error in webhook.provider_configured(None)] == ["games.E001"]
    assert all(isinstance(error, checks.Error) for error in webhook.provider_configured(None))


def test_a_real_sendgrid_multipart_post_is_received(hostile, client):
    """SendGrid posts multipart and anymail re-reads the raw body: nothing may read the form before it."""
    hostile("sendgrid", WEBHOOK_SECRET=SECRET)
    raw = "From: someone@example.org\r\nTo: play+x@in.example.org\r\nMessage-ID: <sg-1@example.org>\r\n\r\nboard\r\n"
    data = {"email": raw, "to": "play+x@in.example.org", "from": "someone@example.org", "charsets": "{}"}
    assert client.post("/anymail/sendgrid/inbound/", data, **auth(SECRET)).status_code == 200
    assert InboundMessage.objects.filter(message_id="<sg-1@example.org>").exists()
