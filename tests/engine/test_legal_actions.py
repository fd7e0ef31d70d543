"""legal_actions: the legal moves as data, for pages and clients, beside the notation."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import apply, legal_actions, legal_moves
from games.engine.board import CELL_NAMES
from games.engine.cards import ONE_EYED_JACKS, ONE_SUIT_DECK
from tests.engine.helpers import new_game, put
from tests.engine.test_properties import SETUPS, playout
from tests.engine.test_turn import FILLER, full_board


def test_plays_removals_and_resign():
    state = put(new_game([["7H", "JS", *FILLER[:5]], []]), "green", "C4")
    actions = legal_actions(state, 0)
    assert {"kind": "play", "card": "7H", "cell": "I5", "text": "7H I5"} in actions
    assert {"kind": "play", "card": "7H", "cell": "D6", "text": "7H D6"} in actions
    assert [a for a in actions if a.get("card") == "JS"] == [
        {"kind": "remove", "card": "JS", "cell": "C4", "text": "JS C4"}
    ]
    assert actions[-1] == {"kind": "resign", "text": "resign"}


def test_dead_cards_and_passes():
    state = full_board(new_game([["7H", "9D", *FILLER[:5]], []]))
    actions = legal_actions(state, 0)
    assert {"kind": "dead", "card": "7H", "text": "dead 7H"} in actions
    assert {"kind": "pass", "card": "9D", "text": "pass 9D"} in actions


def test_an_open_draw_and_an_owed_penalty():
    state, _ = apply(new_game([["7H", *FILLER], ["2S"]], draw_mode="tabletop"), 0, "7H D6")
    assert legal_actions(state, 0) == [{"kind": "draw", "text": "draw"}, {"kind": "resign", "text": "resign"}]
    state, _ = apply(state, None, "penalize green")
    assert {"kind": "penalty", "card": "2S", "text": "penalty 2S"} in legal_actions(state, 1)


@settings(max_examples=25, deadline=None)
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 2**32), stop=st.integers(0, 120))
def test_the_actions_are_the_legal_moves_in_the_same_order(setup, seed, stop):
    players, teams = setup
    state, _ = playout(players, teams, "tabletop", seed, check_each_move=False, limit=stop)
    for seat in range(players):
        actions = legal_actions(state, seat)
        assert [action["text"] for action in actions] == legal_moves(state, seat)
        assert json.loads(json.dumps(actions)) == actions
        for action in actions:
            assert action.get("cell", "A1") in CELL_NAMES and action.get("card", "2S") in ONE_SUIT_DECK
            if action["kind"] in ("play", "remove"):
                assert (action["kind"] == "remove") == (action["card"] in ONE_EYED_JACKS)
