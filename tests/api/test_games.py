"""Making games over the API: create, invite, accept, decline, join; my games; chat."""

import pytest

from games.models import Game, Invitation
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_create_invite_accept_and_the_game_starts(api):
    alice, bob = UserFactory(), UserFactory()
    created = api(alice)("POST", "/games", {"players": 2, "teams": 2})
    assert created.status_code == 200, created.content
    game_id = created.json()["id"]
    invited = api(alice)("POST", f"/games/{game_id}/invitations", {"invitee": bob.username})
    assert invited.status_code == 200
    bobs = api(bob)
    assert [row["invitation"] is not None for row in bobs("GET", "/games").json()["games"]] == [True]
    accepted = bobs("POST", f"/games/{game_id}/invitation/accept")
    assert accepted.status_code == 200 and accepted.json()["status"] == "active"
    assert len(accepted.json()["table"]["hand"]) > 0
    again = bobs("POST", f"/games/{game_id}/invitation/accept")
    assert again.status_code == 409 and again.json()["code"] == "no_open_invitation"


def test_decline_and_join(api):
    alice, bob, carol = UserFactory(), UserFactory(), UserFactory()
    game_id = api(alice)("POST", "/games", {"players": 2, "teams": 2, "is_public": True}).json()["id"]
    api(alice)("POST", f"/games/{game_id}/invitations", {"invitee": bob.username})
    assert api(bob)("POST", f"/games/{game_id}/invitation/decline").status_code == 200
    assert Invitation.objects.get(game_id=game_id).status == Invitation.Status.DECLINED
    carols = api(carol)
    assert [g["id"] for g in carols("GET", "/games/open").json()["games"]] == [game_id]
    assert carols("POST", f"/games/{game_id}/join").json()["status"] == Game.Status.ACTIVE


def test_a_game_against_a_bot_with_a_time_bank_starts_at_once(api):
    settings = {
        "players": 2,
        "teams": 2,
        "bots": 1,
        "bot_level": 2,
        "clock_kind": "bank",
        "bank_initial_seconds": 2 * 86400,
        "bank_increment_seconds": 3600,
        "bank_cap_seconds": 5 * 86400,
        "weekends_off": True,
        "vacation_allowed": False,
        "missed_turn_policy": "bot",
    }
    created = api(UserFactory())("POST", "/games", settings)
    assert created.status_code == 200, created.content
    assert created.json()["status"] == "active"
    game = Game.objects.get(pk=created.json()["id"])
    assert [seat.bot_level for seat in game.seats.exclude(user__isnull=False)] == [2]  # seated where the cut put it
    assert (game.clock_kind, game.bank_cap_seconds, game.weekends_off, game.vacation_allowed) == (
        "bank",
        432000,
        True,
        False,
    )
    assert game.missed_turn_policy == "bot"


def test_a_bad_game_is_refused_by_the_service(api):
    response = api(UserFactory())("POST", "/games", {"players": 5, "teams": 2})
    assert response.status_code == 400 and response.json()["code"]


def test_chat(api, started_game):
    game, users = started_game(2, 2)
    posted = api(users[0])("POST", f"/games/{game.pk}/chat", {"text": "good luck"})
    assert posted.status_code == 200
    assert [m["text"] for m in api(users[1])("GET", f"/games/{game.pk}/chat").json()["messages"]] == ["good luck"]
    empty = api(users[0])("POST", f"/games/{game.pk}/chat", {"text": "   "})
    assert empty.status_code == 400
