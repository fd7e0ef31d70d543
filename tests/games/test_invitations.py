"""Invitations through the service, the door every other door calls:
what an invitee may be, what the inviter sees, and how many may be sent."""

from datetime import timedelta

import pytest
from django.db.models import F

from accounts.models import RateBucket
from games import services
from games.errors import Conflict, InvalidInput, RateLimited
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


@pytest.fixture
def host():
    return UserFactory()


@pytest.fixture
def game(host):
    return services.game_create(creator=host, players=4, teams=2)


@pytest.mark.parametrize("address", BAD_ADDRESSES)
def test_a_bad_address_is_refused_and_nothing_is_queued(host, game, address):
    with pytest.raises(InvalidInput):
        services.invitation_create(game_id=game.pk, inviter=host, invitee=address)
    assert not Invitation.objects.exists() and not Notification.objects.exists()


@pytest.mark.parametrize("address", BAD_ADDRESSES[:5])
def test_a_bad_address_refuses_the_whole_new_game(host, address):
    with pytest.raises(InvalidInput):
        services.game_create(creator=host, players=4, teams=2, invitees=["friend@example.org", address])
    assert not Game.objects.exists() and not Notification.objects.exists()


def test_a_line_break_is_refused_in_a_username_too(host, game):
    UserFactory(username="bob")
    with pytest.raises(InvalidInput, match="line break"):
        services.invitation_create(game_id=game.pk, inviter=host, invitee="bob\r\nbcc: x@example.org")


def test_an_unknown_username_is_refused(host, game):
    with pytest.raises(InvalidInput, match="no player called 'ghost'"):
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
    with pytest.raises(Conflict) as refused:
        services.invitation_create(game_id=game.pk, inviter=host, invitee="erin@example.org")
    assert "erin@example.org" in str(refused.value) and "erin " not in str(refused.value)


def test_a_game_holds_no_more_waiting_invitations_than_open_seats_and_two():
    host = UserFactory()
    game = services.game_create(creator=host, players=2, teams=2)
    for n in range(3):  # one open seat + 2
        services.invitation_create(game_id=game.pk, inviter=host, invitee=f"friend{n}@example.org")
    for n in range(3, 30):
        with pytest.raises(Conflict, match="1 open seat"):
            services.invitation_create(game_id=game.pk, inviter=host, invitee=f"friend{n}@example.org")
    assert game.invitations.count() == 3 and Notification.objects.count() == 3
    decliner = UserFactory()
    declined = services.invitation_create(game_id=game.pk, inviter=host, invitee="friend0@example.org")
    services.invitation_decline(invitation_id=declined.pk, user=decliner)
    services.invitation_create(game_id=game.pk, inviter=host, invitee="friend3@example.org")  # a place came free


def test_asking_again_for_someone_already_invited_is_not_a_new_invitation():
    host = UserFactory()
    game = services.game_create(creator=host, players=2, teams=2)
    for _ in range(3):
        services.invitation_create(game_id=game.pk, inviter=host, invitee="friend@example.org")
    assert game.invitations.count() == 1


def fill_the_day(host, count):
    """`count` invitations from `host`, sent just now, to games of its own (a
    12-player game takes 13 waiting)."""
    for n in range(count):
        if n % 13 == 0:
            other = services.game_create(creator=host, players=12, teams=2)
        services.invitation_create(game_id=other.pk, inviter=host, invitee=f"someone{n}@example.org")


def test_an_inviter_sends_at_most_50_invitations_a_day(host, game):
    fill_the_day(host, 50)
    with pytest.raises(RateLimited, match="50 invitations in the last 24 hours"):
        services.invitation_create(game_id=game.pk, inviter=host, invitee="one-more@example.org")
    assert not game.invitations.exists()
    RateBucket.objects.update(updated_at=F("updated_at") - timedelta(hours=25))  # a day later
    services.invitation_create(game_id=game.pk, inviter=host, invitee="one-more@example.org")


def test_the_daily_limit_is_a_setting_and_counts_only_the_inviters_own(settings, host, game):
    settings.INVITATIONS_PER_DAY = 2
    fill_the_day(UserFactory(), 2)  # someone else's: as many as the limit
    services.invitation_create(game_id=game.pk, inviter=host, invitee="a@example.org")
    services.invitation_create(game_id=game.pk, inviter=host, invitee="b@example.org")
    with pytest.raises(RateLimited):
        services.invitation_create(game_id=game.pk, inviter=host, invitee="c@example.org")


def test_a_new_game_over_the_daily_limit_is_not_created(settings, host):
    settings.INVITATIONS_PER_DAY = 2
    with pytest.raises(RateLimited):
        services.game_create(creator=host, players=4, teams=2, invitees=["a@example.org", "b@example.org", "c@x.org"])
    assert not Game.objects.exists() and not Notification.objects.exists()
