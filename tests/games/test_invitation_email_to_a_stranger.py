"""An invitation e-mailed to an address without an account says who invited
it and where, and offers what a stranger can use: the rules and a link that
stops invitations to the address, never the settings of an account it does
not have. A member's invitation keeps the footer every member's e-mail has."""

import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import EmailOptOut
from games import services
from games.mail import outbox
from games.models import Game, Notification
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

STRANGER = "stranger@example.org"
MEMBER_WHY = "You get this e-mail because you play Sequence"
SETTINGS_PATH = reverse("account_settings")


def _invite(inviter, game, invitee, capture) -> mail.EmailMessage:
    """The invitation as the site sends it: the service, the outbox row, its task when the change commits."""
    mail.outbox.clear()
    with capture(execute=True):
        services.invitation_create(game_id=game.pk, inviter=inviter, invitee=invitee)
    assert len(mail.outbox) == 1, [m.subject for m in mail.outbox]
    return mail.outbox[0]


def _html(message) -> str:
    return next(content for content, mimetype in message.alternatives if mimetype == "text/html")


def _unsubscribe_links(text: str) -> list[str]:
    return re.findall(r"https?://[^\s\"<>]*/unsubscribe/[^\s\"<>]+", text)


@pytest.fixture
def host():
    return UserFactory(username="alice")


@pytest.fixture
def game(host):
    return services.game_create(creator=host, players=4, teams=2)


def test_an_invitation_to_a_stranger_says_who_invited_them_and_links_no_settings(
    host, game, django_capture_on_commit_callbacks
):
    message = _invite(host, game, STRANGER, django_capture_on_commit_callbacks)
    assert message.to == [STRANGER]
    text, html = message.body, _html(message)
    for part in (text, html):
        assert MEMBER_WHY not in part
        assert SETTINGS_PATH not in part
        assert "Choose which e-mails you get" not in part
    assert "You get this e-mail because alice, a player at http" in text
    assert "invited you to a game of Sequence." in text
    assert "Stop e-mails like this one: http" in text
    assert "You get this e-mail because alice, a player at <a href=" in html
    assert ">Stop e-mails like this one</a>" in html
    assert reverse("rules") in text and reverse("rules") in html  # the rules are open to anyone

    # The link stops invitations to the address, and says so: the site's way for a bare address (EmailOptOut).
    (link,) = set(_unsubscribe_links(text))
    assert link in html and message.extra_headers["List-Unsubscribe"] == f"<{link}>"
    visitor = Client()
    assert "Invitations" in visitor.get(link).content.decode()
    assert visitor.post(link).status_code == 200
    assert EmailOptOut.objects.filter(email=STRANGER).exists()
    again = services.game_create(creator=host, players=2, teams=2, invitees=[STRANGER])
    assert not Notification.objects.filter(game=again).exists()


def test_an_invitation_to_a_member_keeps_the_members_footer(host, game, django_capture_on_commit_callbacks):
    bob = UserFactory(username="bob")
    message = _invite(host, game, "bob", django_capture_on_commit_callbacks)
    assert message.to == [bob.email]
    text, html = message.body, _html(message)
    assert f"{MEMBER_WHY} at http" in text and f"{MEMBER_WHY} at <a href=" in html
    assert "Choose which e-mails you get, and when: http" in text and ">Choose which e-mails you get</a>" in html
    assert SETTINGS_PATH in text and SETTINGS_PATH in html
    assert "Stop e-mails like this one: http" in text and ">Stop e-mails like this one</a>" in html
    assert "invited you to a game" not in text + html


def test_a_member_invited_by_their_address_is_a_member(host, game, django_capture_on_commit_callbacks):
    bob = UserFactory(username="bob", email="bob@example.org")
    message = _invite(host, game, "Bob@Example.org", django_capture_on_commit_callbacks)
    assert message.to == [bob.email]
    assert SETTINGS_PATH in message.body and MEMBER_WHY in message.body


def test_an_invitation_whose_inviter_is_gone_still_says_why(host, game, django_capture_on_commit_callbacks):
    invitation = services.invitation_create(game_id=game.pk, inviter=host, invitee=STRANGER)
    type(invitation).objects.filter(pk=invitation.pk).update(invited_by=None)
    mail.outbox.clear()
    outbox.sweep()
    (message,) = mail.outbox
    assert "You get this e-mail because a player at http" in message.body
    assert "You get this e-mail because a player at <a href=" in _html(message)
    assert SETTINGS_PATH not in message.body + _html(message)


def test_the_stranger_hears_that_the_game_is_off_with_the_strangers_footer(
    host, game, django_capture_on_commit_callbacks
):
    services.invitation_create(game_id=game.pk, inviter=host, invitee=STRANGER)
    Game.objects.filter(pk=game.pk).update(created_at=timezone.now() - timedelta(days=settings.FORMING_GAME_DAYS + 1))
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert services.game_cancel_unfilled(game_id=game.pk)
    (message,) = [m for m in mail.outbox if m.to == [STRANGER]]
    assert "Your invitation to it has lapsed." in message.body
    assert "You get this e-mail because alice, a player at http" in message.body
    assert SETTINGS_PATH not in message.body + _html(message)
    (link,) = set(_unsubscribe_links(message.body))
    assert "Invitations" in Client().get(link).content.decode()
    host_copy = next(m for m in mail.outbox if m.to == [host.email])
    assert MEMBER_WHY in host_copy.body and SETTINGS_PATH in host_copy.body
