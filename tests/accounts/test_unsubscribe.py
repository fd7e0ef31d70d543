"""The link in every e-mail stops that kind of e-mail, in one click (RFC 8058),
for an account or for an address without one."""

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import EmailKind
from accounts.unsubscribe import unsubscribe_token
from games import services
from games.models import Notification
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_unsubscribe_link_turns_a_kind_off_and_a_tampered_one_is_refused(client):
    user = UserFactory()
    token = unsubscribe_token(kind=EmailKind.YOUR_TURN, user=user)
    url = reverse("unsubscribe", args=[token])
    assert b"Stop these e-mails?" in client.get(url).content
    csrf_client = Client(enforce_csrf_checks=True)
    response = csrf_client.post(url, {"List-Unsubscribe": "One-Click"})  # as a mail client does it
    assert response.status_code == 200
    user.refresh_from_db()
    assert user.delivery_for(EmailKind.YOUR_TURN) == "off"
    tampered = reverse("unsubscribe", args=[token[:-2] + ("AA" if not token.endswith("AA") else "BB")])
    assert client.post(tampered).status_code == 400
    assert client.get(reverse("unsubscribe", args=["nonsense"])).status_code == 400


def test_the_digest_link_turns_off_what_the_digest_gathered(client):
    user = UserFactory(email_delivery={EmailKind.YOUR_TURN: "digest", EmailKind.GAME_OVER: "immediately"})
    client.post(reverse("unsubscribe", args=[unsubscribe_token(kind="digest", user=user)]))
    user.refresh_from_db()
    assert user.email_delivery == {EmailKind.YOUR_TURN: "off", EmailKind.GAME_OVER: "immediately"}


def test_an_address_without_account_can_stop_invitations(client):
    host = UserFactory()
    services.game_create(creator=host, players=2, teams=2, invitees=["stranger@example.org"])
    client.post(
        reverse("unsubscribe", args=[unsubscribe_token(kind=EmailKind.INVITATION, email="stranger@example.org")])
    )
    game = services.game_create(creator=host, players=2, teams=2, invitees=["stranger@example.org"])
    assert not Notification.objects.filter(game=game).exists()
