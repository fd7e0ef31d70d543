"""Someone without an account invited by e-mail address, the whole way through
the real pages: the invitation's link, "Sign up to play" (the address filled
in), the confirmation e-mail, signing in, and the invitation waiting among
their games, where they accept it."""

import html
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Game, Invitation
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

ADDRESS = "newcomer@example.org"
PASSWORD = "a-long-enough-passphrase"


@pytest.fixture
def invited(django_capture_on_commit_callbacks):
    """A forming game of two, its host having invited ADDRESS on the game's
    page, and the path of the invitation's link in the e-mail sent there."""
    host = UserFactory()
    game = services.game_create(creator=host, players=2, teams=2)
    inviter = Client()
    inviter.force_login(host)
    with django_capture_on_commit_callbacks(execute=True):
        inviter.post(reverse("game_invite", args=[game.pk]), {"invitee": "NewComer@Example.org"})
    [message] = [m for m in mail.outbox if m.to == [ADDRESS]]
    return game, re.search(r"https?://[^/\s]+(/invitations/[^/\s]+/)", message.body).group(1)


def link(page: str, text: str) -> str:
    return html.unescape(re.search(rf'<a [^>]*href="([^"]+)"[^>]*>{text}</a>', page).group(1))


def hidden_next(page: str) -> str:
    return html.unescape(re.search(r'<input type="hidden" name="next" value="([^"]*)"', page).group(1))


def sign_up_from_the_invitation(browser: Client, invitation: str) -> None:
    """Follow "Sign up to play" and send the form as it arrives, with a username and a password."""
    sign_up = link(browser.get(invitation).content.decode(), "Sign up to play")
    assert parse_qs(urlsplit(sign_up).query) == {"next": [invitation], "email": [ADDRESS]}
    form = browser.get(sign_up).content.decode()
    assert re.search(rf'<input [^>]*name="email"[^>]*value="{ADDRESS}"', form)  # filled in
    fields = {"email": ADDRESS, "username": "newcomer", "password1": PASSWORD, "password2": PASSWORD}
    response = browser.post(urlsplit(sign_up).path, {**fields, "next": hidden_next(form)})
    assert response.status_code == 302 and response["Location"] == reverse("account_email_verification_sent")


def confirmation_link() -> str:
    [message] = [m for m in mail.outbox if m.to == [ADDRESS] and "confirm-email" in m.body]
    url = urlsplit(re.search(r"https?://\S+/accounts/confirm-email/\S+", message.body).group(0))
    return f"{url.path}?{url.query}" if url.query else url.path


def confirm(browser: Client) -> str:
    """Open the e-mail's link, press Confirm; where the browser is sent."""
    url = confirmation_link()
    page = browser.get(url).content.decode()
    response = browser.post(urlsplit(url).path, {"next": hidden_next(page)})
    assert response.status_code == 302
    return response["Location"]


def accept_on_my_games(browser: Client, game: Game) -> None:
    my_games = browser.get(reverse("home")).content.decode()
    assert "You have no games yet" not in my_games
    assert "badge-invite" in my_games and reverse("game", args=[game.pk]) in my_games
    assert "Accept the invitation" in browser.get(reverse("game", args=[game.pk])).content.decode()
    browser.post(reverse("game_answer_invitation", args=[game.pk]), {"answer": "accept"})
    newcomer = game.seats.get(user__username="newcomer").user
    assert game.invitations.get().status == Invitation.Status.ACCEPTED
    assert game.invitations.get().user == newcomer


def test_confirmed_in_another_browser_signed_in_there_and_back_to_the_invitation(client, invited):
    game, invitation = invited
    sign_up_from_the_invitation(client, invitation)
    elsewhere = Client()
    sign_in = confirm(elsewhere)
    assert urlsplit(sign_in).path == reverse("account_login")  # not signed in there: sign in first
    back = hidden_next(elsewhere.get(sign_in).content.decode())
    response = elsewhere.post(reverse("account_login"), {"login": "newcomer", "password": PASSWORD, "next": back})
    assert response.status_code == 302 and response["Location"] == invitation
    assert "Accept the invitation" in elsewhere.get(invitation).content.decode()
    accept_on_my_games(elsewhere, game)


def test_signed_in_later_without_the_link_the_invitation_is_among_my_games(client, invited):
    game, invitation = invited
    sign_up_from_the_invitation(client, invitation)
    confirm(Client())
    # Back in the first browser, the plain "Sign in" of the page that asked to confirm.
    response = client.post(reverse("account_login"), {"login": ADDRESS, "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == reverse("home")
    accept_on_my_games(client, game)


def test_confirmed_in_the_browser_that_signed_up_it_goes_back_to_the_invitation(client, invited):
    game, invitation = invited
    sign_up_from_the_invitation(client, invitation)
    assert confirm(client) == invitation  # signed in by the confirmation, and back
    page = client.get(invitation).content.decode()
    assert "Accept the invitation" in page
    client.post(invitation, {"answer": "accept"})
    assert game.seats.filter(user__username="newcomer").exists()
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE  # the last seat starts it


def test_an_invitation_by_name_fills_in_no_address(client):
    host, guest = UserFactory(), UserFactory()
    game = services.game_create(creator=host, players=2, teams=2, invitees=[guest.username])
    invitation = reverse("invitation", args=[services.invitation_token(game.invitations.get())])
    sign_up = link(client.get(invitation).content.decode(), "Sign up to play")
    assert parse_qs(urlsplit(sign_up).query) == {"next": [invitation]}


def test_a_next_to_another_site_is_not_carried_into_the_confirmation_e_mail(client):
    fields = {"email": ADDRESS, "username": "newcomer", "password1": PASSWORD, "password2": PASSWORD}
    client.post(reverse("account_signup"), {**fields, "next": "https://elsewhere.example/"})
    assert "?" not in confirmation_link() and "elsewhere" not in mail.outbox[-1].body


def test_declined_from_the_link_without_an_account(client, invited, django_capture_on_commit_callbacks):
    """The e-mail says "Take your seat (or decline)": no account is needed to decline."""
    game, invitation = invited
    page = client.get(invitation).content.decode()
    assert "To decline, you need no account." in page
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(invitation, {"answer": "decline"})
    assert response.status_code == 302 and response["Location"] == reverse("home")
    assert game.invitations.get().status == Invitation.Status.DECLINED
    [told] = [m for m in mail.outbox if m.to == [game.created_by.email]][-1:]
    assert f"{ADDRESS} declined your invitation to game {game.pk}" in told.body
    assert "This invitation was declined." in client.get(invitation).content.decode()


def test_an_invitation_by_name_is_not_declined_signed_out(client):
    host, guest = UserFactory(), UserFactory()
    game = services.game_create(creator=host, players=2, teams=2, invitees=[guest.username])
    invitation = reverse("invitation", args=[services.invitation_token(game.invitations.get())])
    assert "To decline, you need no account." not in client.get(invitation).content.decode()
    assert client.post(invitation, {"answer": "decline"}).status_code == 403  # for an account: signed in only
    assert "Sign up to play" in client.post(invitation, {"answer": "accept"}).content.decode()  # the page again
    assert game.invitations.get().status == Invitation.Status.PENDING
