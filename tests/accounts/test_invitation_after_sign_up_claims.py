"""services.invitations.invitations_claim: an invitation to an address
becomes the invitation of the account that verifies the address, and only
an open one, only by a verified address, only once."""

import pytest
from allauth.account.models import EmailAddress, EmailConfirmationHMAC
from django.test import Client
from django.urls import reverse

from games import selectors, services
from games.models import Game, Invitation
from games.services import invitations
from games.services.invitations import invitations_claim
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

ADDRESS = "friend@example.org"


@pytest.fixture
def host():
    return UserFactory()


def invite(host, *, players=3, **options) -> Invitation:
    game = services.game_create(creator=host, players=players, teams=players, **options)
    return services.invitation_create(game_id=game.pk, inviter=host, invitee=ADDRESS)


def account(email=ADDRESS, *, verified=True):
    """An account whose address is `email` (verified or not), as allauth keeps it."""
    user = UserFactory(email=email)
    EmailAddress.objects.filter(user=user).update(verified=verified)
    return user


def invitee(invitation: Invitation):
    return Invitation.objects.get(pk=invitation.pk).user


def test_a_verified_address_claims_its_open_invitations_and_lists_them(host):
    first, second = invite(host), invite(host)
    friend = account()
    assert {i.pk for i in invitations_claim(user=friend, email="Friend@Example.ORG")} == {first.pk, second.pk}
    assert invitee(first) == friend and invitee(second) == friend
    listed = [row.invitation for row in selectors.my_games(user=friend).rows]
    assert sorted(listed) == sorted([first.pk, second.pk])  # as an invitation by name is listed
    assert invitations_claim(user=friend, email=ADDRESS) == []  # once


def test_an_unverified_address_claims_nothing_nor_is_found_when_inviting(host):
    squatter = account(verified=False)
    invitation = invite(host)
    assert invitee(invitation) is None  # not bound to an account that only typed the address
    assert invitations_claim(user=squatter, email=ADDRESS) == []
    assert invitee(invitation) is None
    EmailAddress.objects.filter(user=squatter).update(verified=True)
    assert [i.pk for i in invitations_claim(user=squatter, email=ADDRESS)] == [invitation.pk]


def test_an_address_of_someone_else_claims_nothing(host):
    invitation = invite(host)
    other = UserFactory()  # verified, but another address
    assert invitations_claim(user=other, email=ADDRESS) == []
    assert invitee(invitation) is None


def test_answered_lapsed_and_started_invitations_are_left_alone(host):
    declined = invite(host)
    services.invitation_decline(invitation_id=declined.pk, user=UserFactory())  # by whoever had the link
    lapsed = invite(host)
    services.seat_leave(game_id=lapsed.game_id, user=host)  # everyone left: the game is off
    started = invite(host, players=2, is_public=True)
    services.seat_join(game_id=started.game_id, user=UserFactory())  # the last seat starts it
    assert Game.objects.get(pk=started.game_id).status == Game.Status.ACTIVE
    before = {i.pk: (i.status, i.user_id) for i in Invitation.objects.all()}
    assert invitations_claim(user=account(), email=ADDRESS) == []
    assert {i.pk: (i.status, i.user_id) for i in Invitation.objects.all()} == before


def test_a_second_account_cannot_take_an_invitation_already_claimed(host):
    invitation = invite(host)
    first = account()
    invitations_claim(user=first, email=ADDRESS)
    EmailAddress.objects.filter(user=first).delete()  # the address left the first account
    second = UserFactory(email="second@example.org")
    EmailAddress.objects.create(user=second, email=ADDRESS, verified=True)
    assert invitations_claim(user=second, email=ADDRESS) == []
    assert invitee(invitation) == first


def test_a_player_invited_by_name_too_keeps_that_invitation(host):
    friend = account(verified=False)
    by_address = invite(host)
    by_name = services.invitation_create(game_id=by_address.game_id, inviter=host, invitee=friend.username)
    EmailAddress.objects.filter(user=friend).update(verified=True)
    assert invitations_claim(user=friend, email=ADDRESS) == []  # one invitation an account and game
    assert invitee(by_name) == friend and invitee(by_address) is None


def test_signing_up_with_an_address_allauth_takes_as_verified_claims_at_once(host, client):
    invitation = invite(host)
    session = client.session
    session["account_verified_email"] = ADDRESS  # allauth's stash: verified beyond its own e-mails
    session.save()
    password = "a-long-enough-passphrase"
    fields = {"email": ADDRESS, "username": "friend", "password1": password, "password2": password}
    assert client.post(reverse("account_signup"), fields).status_code == 302
    assert invitee(invitation).username == "friend"


def test_confirming_an_address_added_later_claims(host):
    invitation = invite(host)
    player = UserFactory()
    browser = Client()
    browser.force_login(player)
    address = EmailAddress.objects.create(user=player, email=ADDRESS)  # added on the settings page
    browser.post(reverse("account_confirm_email", args=[EmailConfirmationHMAC(address).key]))
    assert invitee(invitation) == player


def test_an_invitation_deleted_while_its_address_is_verified_is_passed_over(monkeypatch):
    host, friend = UserFactory(), UserFactory()
    game = services.game_create(creator=host, players=4, teams=2, invitees=[ADDRESS])
    EmailAddress.objects.create(user=friend, email=ADDRESS, verified=True)
    lock = invitations._locked  # the claim lists the invitations, then locks each: this one is gone by then

    def deleted_then_locked(invitation_id):
        Game.objects.filter(pk=game.pk).delete()
        return lock(invitation_id)

    monkeypatch.setattr(invitations, "_locked", deleted_then_locked)
    assert invitations_claim(user=friend, email=ADDRESS) == []  # no error: the confirmation goes on
