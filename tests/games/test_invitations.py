"""Invitations through the service, the door every other door calls:
what an invitee may be, what the inviter sees, and how many may be sent."""

import pytest

from games import services
from games.errors import InvalidSettings
from games.models import Game, Invitation, Notification
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

BAD_ADDRESSES = [
    "victim@example.org\r\nbcc: everyone@example.org",
    "victim@example.org\nbcc: everyone@example.org",
    "victim@example.org\rX-Spam: yes",
    "victim@exam\x00ple.org",
    "a" * 250 + "@example.org",  # longer than the column (254)
    "not-an-address@",
    "@example.org",
    "two@at@example.org",
    "space in@example.org",
    "victim@example",
    "ſtranger@example.org",  # a long s: re.IGNORECASE lets it through Django's validator
]


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def host():
    return UserFactory()


@pytest.fixture
def game(host):
    return services.game_create(creator=host, players=4, teams=2)


@pytest.mark.parametrize("address", BAD_ADDRESSES)
def test_a_bad_address_is_refused_and_nothing_is_queued(host, game, address):
    with pytest.raises(InvalidSettings):
        services.invitation_create(game_id=game.pk, inviter=host, invitee=address)
    assert not Invitation.objects.exists() and not Notification.objects.exists()


@pytest.mark.parametrize("address", BAD_ADDRESSES[:5])
def test_a_bad_address_refuses_the_whole_new_game(host, address):
    with pytest.raises(InvalidSettings):
        services.game_create(creator=host, players=4, teams=2, invitees=["friend@example.org", address])
    assert not Game.objects.exists() and not Notification.objects.exists()


def test_a_line_break_is_refused_in_a_username_too(host, game):
    UserFactory(username="bob")
    with pytest.raises(InvalidSettings, match="line break"):
        services.invitation_create(game_id=game.pk, inviter=host, invitee="bob\r\nbcc: x@example.org")


def test_an_unknown_username_is_refused(host, game):
    with pytest.raises(InvalidSettings, match="no player called 'ghost'"):
        services.invitation_create(game_id=game.pk, inviter=host, invitee="ghost")


def test_a_good_address_is_stored_as_typed_lowercased(host, game):
    invitation = services.invitation_create(game_id=game.pk, inviter=host, invitee="  New.Friend@Example.org ")
    assert invitation.email == "new.friend@example.org" and invitation.user is None
    assert Notification.objects.get().to_email == "new.friend@example.org"


def test_an_invitation_by_address_keeps_the_address_and_finds_the_account(host, game):
    carol = UserFactory(username="carol", email="carol.private@example.org")
    invitation = services.invitation_create(game_id=game.pk, inviter=host, invitee="Carol.Private@example.org")
    assert invitation.email == "carol.private@example.org"  # what the inviter typed
    assert invitation.user == carol  # so that carol finds it among her games
    assert invitation.shown_as == "carol.private@example.org"
    again = services.invitation_create(game_id=game.pk, inviter=host, invitee="carol")
    assert again.pk == invitation.pk and Invitation.objects.count() == 1


def test_an_invitation_by_name_shows_the_name(host, game):
    UserFactory(username="dave")
    assert services.invitation_create(game_id=game.pk, inviter=host, invitee="Dave").shown_as == "dave"


def test_an_address_already_seated_is_refused_without_naming_the_account(host, game):
    UserFactory(username="erin", email="erin@example.org")
    erin_invitation = services.invitation_create(game_id=game.pk, inviter=host, invitee="erin")
    services.invitation_accept(invitation_id=erin_invitation.pk, user=erin_invitation.user)
    with pytest.raises(InvalidSettings) as refused:
        services.invitation_create(game_id=game.pk, inviter=host, invitee="erin@example.org")
    assert "erin@example.org" in str(refused.value) and "erin " not in str(refused.value)
