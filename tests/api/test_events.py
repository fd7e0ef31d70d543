"""GET /events: every live game at once with no cursor, nothing new with the
cursor it gave, and an answer as soon as something happens (bounded by wait)."""

import base64
import json
import time

import pytest

from games import services
from tests.factories import UserFactory
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db


def test_events_follow_the_revisions(api, started_game):
    game, users = started_game(2, 2, seed=3)
    first = api(users[0])
    answer = first("GET", "/events").json()
    assert [(e["game"], e["my_move"]) for e in answer["events"]] == [(game.pk, True)]
    cursor = answer["cursor"]
    started = time.monotonic()
    quiet = first("GET", f"/events?since={cursor}&wait=2").json()
    assert quiet["events"] == [] and 1 <= time.monotonic() - started < 3
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    moved = first("GET", f"/events?since={quiet['cursor']}&wait=30").json()
    assert [(e["game"], e["version"], e["my_move"]) for e in moved["events"]] == [(game.pk, 1, False)]
    services.chat_post(game_id=game.pk, user=users[1], text="hi")
    assert [e["game"] for e in first("GET", f"/events?since={moved['cursor']}").json()["events"]] == [game.pk]


def test_an_invitation_is_an_event_and_a_bad_cursor_is_everything(api):
    alice, bob = UserFactory(), UserFactory()
    game_id = api(alice)("POST", "/games", {"players": 2, "teams": 2}).json()["id"]
    api(alice)("POST", f"/games/{game_id}/invitations", {"invitee": bob.username})
    events = api(bob)("GET", "/events?since=garbage!").json()["events"]
    assert [(e["game"], e["seated"]) for e in events] == [(game_id, False)]
    assert api(bob)("GET", "/events?wait=31").status_code == 400
    for packed in [{str(2**80): 1}, f'{{"{game_id}": 1e400}}', {str(game_id): 1.5}, {str(game_id): True}]:
        text = packed if isinstance(packed, str) else json.dumps(packed)
        forged = base64.urlsafe_b64encode(text.encode()).decode()
        assert [e["game"] for e in api(bob)("GET", f"/events?since={forged}").json()["events"]] == [game_id]


def test_a_finished_game_is_told_once(api, started_game):
    game, users = started_game(2, 2)
    call = api(users[0])
    cursor = call("GET", "/events").json()["cursor"]
    confirm = call("POST", f"/games/{game.pk}/resign", {}).json()["confirm"]
    call("POST", f"/games/{game.pk}/resign", {"confirm": confirm})
    ended = call("GET", f"/events?since={cursor}").json()
    assert [e["status"] for e in ended["events"]] == ["finished"]
    assert call("GET", f"/events?since={ended['cursor']}").json()["events"] == []
