import pytest
from django.urls import reverse

from games.models import Game
from tests.factories import ModeratorFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def moderator_client(client):
    client.force_login(ModeratorFactory())
    return client


def test_staff_without_the_state_permission_see_seats_and_moves_but_no_hand(client, started_game):
    game, _ = started_game(2, 2)
    client.force_login(UserFactory(is_staff=True, is_superuser=False))
    staff = client.get(reverse("admin:games_game_change", args=[game.pk]))
    assert staff.status_code == 403  # no view permission at all
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    html = client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert game.seats.get(position=0).name in html
    assert "Draw pile" in html  # a superuser holds every permission


def test_moderators_see_the_full_state_on_the_game_page_only(moderator_client, started_game):
    game, _ = started_game(2, 2)
    page = moderator_client.get(reverse("admin:games_game_change", args=[game.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Draw pile, next card first" in html
    listing = moderator_client.get(reverse("admin:games_game_changelist")).content.decode()
    assert "Draw pile" not in listing
    seats = moderator_client.get(reverse("admin:games_seat_changelist")).content.decode()
    assert "Draw pile" not in seats and "draw_pile" not in seats


def test_moderators_abort_through_the_action_page(moderator_client, started_game):
    game, _ = started_game(4, 2)
    url = reverse("admin:games_game_abort", args=[game.pk])
    moderator_client.post(url, {"reason": "Both teams asked for it"})
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED
    response = moderator_client.post(url, {"reason": "again"}, follow=True)
    assert "aborted: you cannot abort it now" in response.content.decode()


def test_operators_see_the_outbox(moderator_client, started_game):
    started_game(2, 2)  # owes its first player a turn e-mail
    page = moderator_client.get(reverse("admin:games_notification_changelist"))
    assert page.status_code == 200
    assert b"your_turn" in page.content or b"It is your turn" in page.content
