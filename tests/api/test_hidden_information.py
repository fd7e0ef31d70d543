"""A whole game through the API: every read endpoint, for every seat, a
signed-in spectator of the public game, never shows another seat's hand or
the draw pile's order."""

import json
import random

import pytest

from games import engine
from games.models import Game
from tests.factories import UserFactory
from tests.gameplay import state_of

pytestmark = pytest.mark.django_db


def reads(call, game):
    paths = [f"/games/{game.pk}", f"/games/{game.pk}/moves", f"/games/{game.pk}/chat", "/games", "/events"]
    return {path: call("GET", path) for path in paths}


def check(answers, *, state, seat):
    pile = list(reversed(state.pile))
    for path, response in answers.items():
        assert response.status_code == 200, (path, response.content)
        text = response.content.decode()
        assert '"pile"' not in text and '"hands"' not in text and '"deck"' not in text, path
        if len(pile) >= 3:
            assert json.dumps(pile[:3])[1:-1] not in text, path
    view = answers[f"/games/{state_game_id(answers)}"].json()
    table = view["table"]
    if seat is None:
        assert "hand" not in table and table["legal_actions"] == []
    else:
        assert table["hand"] == state.hands[seat]
        assert all(a["kind"] in ("draw", "resign") or a["card"] in state.hands[seat] for a in table["legal_actions"])
    assert [s["cards"] for s in view["seats"]] == [len(h) for h in state.hands]
    others = [card for other, hand in enumerate(state.hands) if other != seat for card in hand]
    mine = set(state.hands[seat]) if seat is not None else set()
    # a card only another seat holds shows nowhere in my hand field
    assert not (set(table.get("hand", [])) & (set(others) - mine))


def state_game_id(answers):
    return next(path.split("/")[2] for path in answers if path.count("/") == 2 and path.startswith("/games/"))


def test_no_answer_ever_shows_another_seats_hand_or_the_deck(api, started_game):
    game, users = started_game(2, 2, seed=6, is_public=True)
    seats = [api(user) for user in users]
    spectator = api(UserFactory())
    rng = random.Random(6)
    while game.status == Game.Status.ACTIVE:
        state = state_of(game)
        for seat, call in enumerate(seats):
            check(reads(call, game), state=state, seat=seat)
        watched = reads(spectator, game)
        watched.pop("/games")  # not one of the spectator's games
        check(watched, state=state, seat=None)
        view = seats[state.turn]("GET", f"/games/{game.pk}").json()
        action = rng.choice([a for a in view["table"]["legal_actions"] if a["kind"] != "resign"])
        played = seats[state.turn]("POST", f"/games/{game.pk}/actions", {"action": action, "version": game.version})
        assert played.status_code == 200, played.content
        game.refresh_from_db()
    assert game.result_reason == "sequences"
    assert engine.state_from_json(game.state).result is not None
