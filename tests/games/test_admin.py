import pytest
from django.urls import reverse

from games.models import Game
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def moderator_client(client):
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    return client


def test_the_game_page_shows_seats_and_moves_but_no_hand(moderator_client, started_game):
    game, _ = started_game(2, 2)
    page = moderator_client.get(reverse("admin:games_game_change", args=[game.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert game.seats.get(position=0).name in html
    for seat in game.seats.select_related("hand"):
        assert str(seat.hand.cards) not in html
    assert "draw_pile" not in html


def test_moderators_abort_and_penalize_through_actions(moderator_client, started_game):
    game, _ = started_game(4, 2)
    url = reverse("admin:games_game_changelist")
    moderator_client.post(url, {"action": "penalize_green", "_selected_action": [game.pk]})
    assert game.moves.get().text == "penalize green"
    moderator_client.post(url, {"action": "abort_games", "_selected_action": [game.pk]})
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED
    response = moderator_client.post(url, {"action": "abort_games", "_selected_action": [game.pk]}, follow=True)
    assert "aborted: you cannot abort it now" in response.content.decode()


def test_operators_see_the_outbox(moderator_client, started_game):
    started_game(2, 2)  # owes its first player a turn e-mail
    page = moderator_client.get(reverse("admin:games_notification_changelist"))
    assert page.status_code == 200
    assert b"your_turn" in page.content or b"It is your turn" in page.content
