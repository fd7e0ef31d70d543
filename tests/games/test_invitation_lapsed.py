"""An invitation still unanswered when its game is called off lapses: it says
so on its page, and it can be neither declined nor accepted any more."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services
from games.errors import Conflict
from games.models import Game, Invitation
from tests.factories import ModeratorFactory, UserFactory

pytestmark = pytest.mark.django_db


def forming(host):
    game = services.game_create(creator=host, players=4, teams=2, invitees=["guest@example.org"])
    answered = UserFactory()
    declined = services.invitation_create(game_id=game.pk, inviter=host, invitee=answered.username)
    services.invitation_decline(invitation_id=declined.pk, user=answered)
    return game, game.invitations.get(email="guest@example.org"), declined


def cancel_stale(game):
    Game.objects.filter(pk=game.pk).update(created_at=timezone.now() - timedelta(days=30))
    assert services.game_cancel_unfilled(game_id=game.pk)


def abort(game):
    services.game_abort(game_id=game.pk, moderator=ModeratorFactory(), reason="Spam")


def everyone_leaves(game):
    services.seat_leave(game_id=game.pk, user=game.created_by)


@pytest.mark.parametrize("call_off", [cancel_stale, abort, everyone_leaves])
def test_pending_invitations_lapse_when_the_game_is_called_off(call_off):
    host = UserFactory()
    game, pending, declined = forming(host)
    call_off(game)
    pending.refresh_from_db()
    declined.refresh_from_db()
    assert pending.status == Invitation.Status.LAPSED
    assert declined.status == Invitation.Status.DECLINED  # an answer stays as it was given
    guest = UserFactory(email="guest@example.org")
    for answer in (services.invitation_decline, services.invitation_accept):
        with pytest.raises(Conflict, match="lapsed: the game was called off"):
            answer(invitation_id=pending.pk, user=guest)
    pending.refresh_from_db()
    assert pending.status == Invitation.Status.LAPSED and pending.user is None


def test_the_invitation_page_says_it_lapsed_and_refuses_an_answer(client):
    game, pending, _ = forming(UserFactory())
    abort(game)
    url = reverse("invitation", args=[services.invitation_token(pending)])
    client.force_login(UserFactory(email="guest@example.org"))
    page = client.get(url)
    assert page.status_code == 200
    assert "This invitation lapsed" in page.content.decode()
    assert b'value="decline"' not in page.content
    refused = client.post(url, {"answer": "decline"})
    assert refused.status_code in (400, 409)
    assert "This invitation lapsed" in refused.content.decode()
    pending.refresh_from_db()
    assert pending.status == Invitation.Status.LAPSED


def test_pending_invitations_lapse_when_the_game_starts_and_say_so(client):
    """Invited by name and by address for one seat: the first to accept starts
    the game, and the other invitations lapse with it (not "called off")."""
    host, first, second = UserFactory(), UserFactory(), UserFactory(email="second@example.org")
    game = services.game_create(
        creator=host, players=2, teams=2, invitees=[first.username, second.username, "third@example.org"]
    )
    by_name = game.invitations.get(user=first)
    services.invitation_accept(invitation_id=by_name.pk, user=first)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    left = game.invitations.exclude(pk=by_name.pk)
    assert sorted(left.values_list("status", flat=True)) == [Invitation.Status.LAPSED] * 2
    for answer in (services.invitation_decline, services.invitation_accept):
        with pytest.raises(Conflict, match="lapsed: the game started with other players") as refused:
            answer(invitation_id=left.get(user=second).pk, user=second)
        assert refused.value.code == "invitation_filled"
    by_address = left.get(email="third@example.org")
    client.force_login(UserFactory(email="third@example.org"))
    page = client.get(reverse("invitation", args=[services.invitation_token(by_address)]))
    assert "the game started with other players before you answered" in page.content.decode()
    assert "called off" not in page.content.decode() and b'value="accept"' not in page.content


def test_an_answered_invitations_page_offers_no_answer_and_leads_a_player_to_the_table(client):
    """Opened again after it was answered, or by someone it is not for, an
    invitation's page says so instead of offering buttons that could only fail."""
    host, guest, declining, other = UserFactory(), UserFactory(), UserFactory(), UserFactory()
    game = services.game_create(creator=host, players=4, teams=2, invitees=["guest@example.org", declining.username])
    by_address = game.invitations.get(email="guest@example.org")
    by_name = game.invitations.get(user=declining)
    link = reverse("invitation", args=[services.invitation_token(by_address)])
    client.force_login(guest)
    client.post(link, {"answer": "accept"})
    declined_link = reverse("invitation", args=[services.invitation_token(by_name)])
    client.force_login(declining)
    client.post(declined_link, {"answer": "decline"})
    table = reverse("game", args=[game.pk])
    for viewer, url, says in [
        (guest, link, "You have a seat in this game."),
        (host, link, "You have a seat in this game."),
        (other, link, "This invitation was accepted."),
        (declining, declined_link, "This invitation was declined."),
        (other, declined_link, "This invitation was declined."),
    ]:
        client.force_login(viewer)
        page = client.get(url).content.decode()
        assert says in page and 'value="accept"' not in page, (viewer, says)
        assert (f'href="{table}"' in page) == says.startswith("You have a seat")
    pending = services.invitation_create(game_id=game.pk, inviter=host, invitee=other.username)
    client.force_login(declining)
    page = client.get(reverse("invitation", args=[services.invitation_token(pending)])).content.decode()
    assert "This invitation is for someone else." in page and 'value="accept"' not in page
