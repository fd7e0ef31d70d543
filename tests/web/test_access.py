"""One rule decides who may see a game, and every page follows it: the game
page, and the game's line on a player's profile."""

import pytest
from django.urls import reverse

from games import services
from tests.factories import ModeratorFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(started_game):
    """A private and a public finished game, the first player of the private one seated in both."""
    private, players = started_game(2, 2)
    public, _ = started_game(2, 2, is_public=True)
    public.seats.filter(position=0).update(user=players[0], name=players[0].username)
    services.move_submit(game_id=private.pk, user=players[0], move="resign", expected_version=0)
    services.move_submit(game_id=public.pk, user=players[0], move="resign", expected_version=0)
    return private, public, players


def profile_lists(client, username, game) -> bool:
    page = client.get(reverse("profile", args=[username]))
    assert page.status_code == 200
    return f"Game {game.pk}<" in page.content.decode()


@pytest.mark.parametrize(("viewer", "sees_private"), [("visitor", False), ("stranger", False), ("co-player", True)])
def test_a_profile_lists_only_the_games_the_viewer_may_see(client, finished, viewer, sees_private):
    private, public, players = finished
    if viewer != "visitor":
        client.force_login(UserFactory() if viewer == "stranger" else players[1])
    assert profile_lists(client, players[0].username, public)
    assert profile_lists(client, players[0].username, private) == sees_private
    hidden = {"visitor": 302, "stranger": 404}.get(viewer)  # a visitor is asked to sign in first
    assert client.get(reverse("game", args=[private.pk])).status_code == (200 if sees_private else hidden)
    summary = "2 finished games" if sees_private else "1 finished game:"
    assert summary in client.get(reverse("profile", args=[players[0].username])).content.decode()


def test_a_moderator_sees_every_game_on_a_profile(client, finished):
    private, _, players = finished
    client.force_login(ModeratorFactory())
    assert profile_lists(client, players[0].username, private)
    client.force_login(UserFactory(is_staff=True))  # staff who do not moderate see what players see
    assert not profile_lists(client, players[0].username, private)


def test_a_declined_invitee_no_longer_sees_a_private_game(client):
    host, guest = UserFactory.create_batch(2)
    game = services.game_create(creator=host, players=2, teams=2, invitees=[guest.username])
    client.force_login(guest)
    assert client.get(reverse("game", args=[game.pk])).status_code == 200
    response = client.post(reverse("game_answer_invitation", args=[game.pk]), {"answer": "decline"})
    assert response.status_code == 302
    assert client.get(reverse("game", args=[game.pk])).status_code == 404
    assert client.get(reverse("game_replay", args=[game.pk])).status_code == 404


def test_an_unanswered_invitation_gives_no_view_of_a_game_that_started_without_its_invitee(client, started_game):
    game, players = started_game(2, 2)
    outsider = UserFactory()
    game.invitations.create(invited_by=players[0], user=outsider)  # left pending when the seats filled
    client.force_login(outsider)
    assert client.get(reverse("game", args=[game.pk])).status_code == 404
