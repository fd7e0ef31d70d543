"""The anymail inbound webhook (Mailgun's raw-MIME form): signed and behind
the webhook secret; a whole game through it alone."""

import base64
import hashlib
import hmac
import random
import time

import pytest

from games.models import Game, InboundMessage
from tests.inbound.mail import latest_to, reply
from tests.inbound.test_pipe_game import play_through

pytestmark = pytest.mark.django_db
URL = "/anymail/mailgun/inbound_mime/"
SIGNING_KEY = "mailgun-signing-key"


@pytest.fixture
def anymail(settings, mount_webhook):
    mount_webhook("mailgun")
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:secret-words", "MAILGUN_WEBHOOK_SIGNING_KEY": SIGNING_KEY}


def post(client, raw: bytes, *, key: str = SIGNING_KEY, secret: str = "hook:secret-words"):
    timestamp, token = str(int(time.time())), "a" * 50
    signature = hmac.new(key.encode(), f"{timestamp}{token}".encode(), hashlib.sha256).hexdigest()
    auth = "Basic " + base64.b64encode(secret.encode()).decode()
    data = {"body-mime": raw.decode("utf-8", errors="replace"), "timestamp": timestamp, "token": token}
    data["signature"] = signature
    return client.post(URL, data, HTTP_AUTHORIZATION=auth)


def test_a_whole_game_through_the_webhook(started_game, client, anymail):
    game, users = started_game(2, 2, seed=2)

    def send(raw):
        assert post(client, raw).status_code == 200

    play_through(game, users, random.Random(2), send, resign_at=20)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert set(InboundMessage.objects.values_list("door", flat=True)) == {"webhook"}
    assert game.moves.filter(text="resign", door="email").exists()


def test_a_bad_signature_or_secret_stores_nothing(started_game, client, anymail):
    _game, users = started_game(2, 2, seed=2)
    raw = reply(latest_to(users[0].email), "board")
    assert post(client, raw, key="forged").status_code == 400
    assert post(client, raw, secret="hook:guess").status_code in (400, 401, 403)
    assert not InboundMessage.objects.exists()


def test_without_a_webhook_secret_nothing_is_acted_on(started_game, client, settings, mount_webhook, caplog):
    mount_webhook("mailgun")
    settings.ANYMAIL = {"MAILGUN_WEBHOOK_SIGNING_KEY": SIGNING_KEY}
    _game, users = started_game(2, 2, seed=2)
    assert post(client, reply(latest_to(users[0].email), "board")).status_code == 200
    assert not InboundMessage.objects.exists()
    assert "set ANYMAIL_WEBHOOK_SECRET" in caplog.text
