"""Hidden information: a seat sees its own hand only; nobody sees the draw pile order."""

import json
import random

from games.engine import apply, deal, legal_moves, player_view, shuffled_deck


def started(mode="tabletop"):
    return deal(players=4, teams=2, draw_mode=mode, deck=shuffled_deck(random.Random(11)))


def test_a_seat_sees_its_own_hand_and_legal_moves_and_only_counts_of_others():
    state = started()
    view = player_view(state, 2)
    assert view["hand"] == state.hands[2]
    assert view["legal_moves"] == ["resign"]  # not seat 2's turn
    assert [seat["cards"] for seat in view["seats"]] == [6, 6, 6, 6]
    assert view["draw_pile"] == 104 - 24
    assert set(view) >= {"board", "sequences", "turn", "discards", "seats", "result"}


def test_a_spectator_sees_no_hand_and_no_pile_order():
    state = started()
    view = player_view(state, None)
    assert "hand" not in view and "legal_moves" not in view
    text = json.dumps(view)
    assert json.dumps(list(reversed(state.pile))[:3])[1:-1] not in text
    assert isinstance(view["draw_pile"], int)


def test_no_view_holds_another_seats_hand():
    state = started()
    for seat in range(4):
        text = json.dumps({k: v for k, v in player_view(state, seat).items() if k not in ("hand", "legal_moves")})
        for other in range(4):
            for card in state.hands[other]:
                assert f'"{card}"' not in text


def test_discards_open_draws_and_owed_penalties_are_public():
    state = started()
    move = next(m for m in legal_moves(state, 0) if " " in m and not m.startswith(("dead", "pass")))
    state, _ = apply(state, 0, move)
    state, _ = apply(state, None, "penalize green")
    view = player_view(state, None)
    assert view["discards"][0] == [move.split()[0]]
    assert view["seats"][0]["draw_open"] is True
    assert [seat["penalties_owed"] for seat in view["seats"]] == [0, 1, 0, 1]
