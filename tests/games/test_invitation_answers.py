"""The creator of a game is told when someone accepts or declines an invitation."""

import pytest
from django.core import mail

from accounts.models import Delivery
from games import services
from games.mail import outbox
from games.mail.kinds import invitations
from games.models import Game, Notification
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
Kind = Notification.Kind


def answers_to(user):
    return list(Notification.objects.filter(recipient=user, kind=Kind.INVITATION_ANSWERED).order_by("variant"))


def test_the_creator_is_told_of_an_acceptance_and_of_a_refusal():
    host, yes, no = UserFactory.create_batch(3)
    game = services.game_create(creator=host, players=3, teams=3, invitees=[yes.username, no.username])
    mail.outbox.clear()
    services.invitation_accept(invitation_id=game.invitations.get(user=yes).pk, user=yes)
    services.invitation_decline(invitation_id=game.invitations.get(user=no).pk, user=no)
    assert [n.variant for n in answers_to(host)] == [1, 2]
    outbox.sweep()
    assert all(n.status == Notification.Status.SENT for n in answers_to(host))
    subjects = [message.subject for message in mail.outbox]
    assert subjects == [f"{yes.username} accepted your invitation to game {game.pk}",
                        f"{no.username} declined your invitation to game {game.pk}"]  # fmt: skip
    declined = mail.outbox[1]
    assert "1 of 3 seats" not in declined.body and "2 of 3 seats are taken" in declined.body
    assert not answers_to(yes) and not answers_to(no)


def test_an_inviter_who_is_not_the_creator_does_not_hear_but_the_creator_does():
    host, friend, guest = UserFactory.create_batch(3)
    game = services.game_create(creator=host, players=3, teams=3, invitees=[friend.username])
    services.invitation_accept(invitation_id=game.invitations.get().pk, user=friend)
    invitation = services.invitation_create(game_id=game.pk, inviter=friend, invitee=guest.username)
    services.invitation_decline(invitation_id=invitation.pk, user=guest)
    assert len(answers_to(host)) == 2 and not answers_to(friend)


def test_no_answer_e_mail_when_the_creator_turned_it_off():
    host, guest = UserFactory.create_batch(2)
    host.email_delivery = {Kind.INVITATION_ANSWERED: Delivery.OFF}
    host.save()
    game = services.game_create(creator=host, players=2, teams=2, invitees=[guest.username])
    services.invitation_decline(invitation_id=game.invitations.get().pk, user=guest)
    assert not answers_to(host)


def test_joining_a_public_game_by_invitation_tells_the_creator_but_the_creator_never_hears_of_himself():
    host, guest = UserFactory.create_batch(2)
    game = services.game_create(
        creator=host, players=3, teams=3, is_public=True, invitees=[guest.username], start_mode=Game.StartMode.MANUAL
    )
    services.seat_join(game_id=game.pk, user=guest)
    services.seat_leave(game_id=game.pk, user=host)
    services.seat_join(game_id=game.pk, user=host)
    assert len(answers_to(host)) == 1


def test_an_invitee_who_accepts_while_the_invitation_email_is_built_still_gets_it_once(monkeypatch):
    """The worker reads the invitation, then the invitee accepts on the site
    before the e-mail is finished: the e-mail goes out as read, and the row
    is settled, never left to fail and retry."""
    host, guest = UserFactory.create_batch(2)
    game = services.game_create(creator=host, players=2, teams=2, start_mode=Game.StartMode.MANUAL,
                                invitees=[guest.username])  # fmt: skip
    row = Notification.objects.get(recipient=guest, kind=Kind.INVITATION)
    Notification.objects.filter(pk=row.pk).update(status=Notification.Status.PENDING, sent_at=None)
    mail.outbox.clear()
    read_invitation = invitations.pending_invitation

    def read_then_accepted(notification):
        invitation = read_invitation(notification)
        if invitation is not None and invitation.status == invitation.Status.PENDING:
            services.invitation_accept(invitation_id=invitation.pk, user=guest)
        return invitation

    monkeypatch.setattr(invitations, "pending_invitation", read_then_accepted)
    assert outbox.deliver(row.pk) == "sent"
    row.refresh_from_db()
    assert row.status == Notification.Status.SENT and not row.last_error
    assert [m.to for m in mail.outbox if "invit" in m.subject.lower() and guest.email in m.to] == [[guest.email]]
    assert game.seats.filter(user=guest).exists()
