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
