"""RULES.md: Lost card (the draw), one draw at a time, an empty hand."""

import pytest

from games.engine import IllegalMove, apply, legal_moves
from tests.engine.helpers import new_game, play, put
from tests.engine.test_turn import full_board

P0 = ["7H", "9D", "KD", "QD", "TD", "8D", "7D"]
P1 = ["2S", "3S", "4S", "5S", "6S", "7S", "8S"]


def tabletop():
    return new_game([P0, P1], draws=["AC", "AD", "AS", "AH"], draw_mode="tabletop")


def test_automatic_mode_draws_as_part_of_the_play():
    state, _ = apply(new_game([P0, P1]), 0, "7H D6")
    assert len(state.hands[0]) == 7 and state.pending == [None, None]
    with pytest.raises(IllegalMove, match="the draw is part of each play"):
        apply(state, 0, "draw")


def test_tabletop_the_turn_passes_at_the_play_and_the_draw_window_opens():
    state, _ = apply(tabletop(), 0, "7H D6")
    assert state.turn == 1
    assert len(state.hands[0]) == 6
    assert legal_moves(state, 0) == ["draw", "resign"]
    state, events = apply(state, 0, "draw")
    assert len(state.hands[0]) == 7 and "AC" in state.hands[0]
    assert events == [{"type": "card_drawn", "seat": 0}]
    with pytest.raises(IllegalMove, match="no draw to take"):
        apply(state, 0, "draw")


def test_the_draw_is_lost_once_the_next_player_has_played_and_drawn():
    state, _ = play(tabletop(), (0, "7H D6"), (1, "2S B1"))
    assert legal_moves(state, 0)[0] == "draw"  # the next player has played but not drawn yet
    state, events = apply(state, 1, "draw")
    assert {"type": "draw_lost", "seat": 0} in events
    assert state.pending[0] is None
    with pytest.raises(IllegalMove, match="no draw to take"):
        apply(state, 0, "draw")
    assert len(state.hands[0]) == 6  # one card fewer for the rest of the game


def test_a_draw_taken_before_the_next_player_finishes_is_kept():
    state, _ = play(tabletop(), (0, "7H D6"), (1, "2S B1"), (0, "draw"), (1, "draw"))
    assert [len(h) for h in state.hands] == [7, 7]


def test_the_draw_deadline_loses_the_draw_through_lost():
    state, _ = apply(tabletop(), 0, "7H D6")
    state, events = apply(state, 0, "lost")
    assert events == [{"type": "draw_lost", "seat": 0}]
    assert len(state.hands[0]) == 6
    with pytest.raises(IllegalMove, match="no open draw"):
        apply(state, 0, "lost")


def test_one_draw_at_a_time_the_open_draw_comes_before_the_next_play():
    state, _ = play(tabletop(), (0, "7H D6"), (1, "2S B1"))
    assert state.turn == 0
    assert legal_moves(state, 0) == ["draw", "resign"]
    with pytest.raises(IllegalMove, match="Take the draw from your last turn first"):
        apply(state, 0, "9D F10")
    state, _ = play(state, (0, "draw"), (0, "9D F10"))
    assert state.turn == 1


def test_dead_and_pass_take_their_card_at_once_in_tabletop_mode():
    state = put(tabletop(), "green", "D6", "I5")
    state, _ = apply(state, 0, "dead 7H")
    assert len(state.hands[0]) == 7 and state.pending[0] is None


def test_a_pass_completes_the_turn_and_closes_earlier_draw_windows():
    state, _ = apply(tabletop(), 0, "9D F10")
    state = full_board(state)
    state, events = apply(state, 1, "pass 2S")
    assert {"type": "draw_lost", "seat": 0} in events
    assert len(state.hands[1]) == 7


def test_a_seat_with_an_empty_hand_and_no_draw_is_passed_over():
    state = new_game([["7H"], ["2S"], ["9D"]], draw_mode="tabletop")  # three players, 6 cards each
    for _ in range(6):  # seat 0 plays every card and loses every draw
        seat0_move = next(m for m in legal_moves(state, 0) if m not in ("draw", "resign") and not m.startswith("J"))
        state, _ = play(state, (0, seat0_move), (0, "lost"))
        for seat in (1, 2):
            move = next(m for m in legal_moves(state, seat) if " " in m and not m.startswith(("dead", "pass")))
            state, _ = play(state, (seat, move), (seat, "draw"))
    assert state.hands[0] == []
    assert state.turn == 1  # seat 0 was passed over
    assert legal_moves(state, 0) == ["resign"]


def test_no_seat_able_to_act_ends_the_game_drawn():
    state = new_game([["7H"], ["9D"]], draw_mode="tabletop")
    state.hands = [["7H"], []]  # set up: seat 1 has nothing left
    state.turn = 0
    state, _ = apply(state, 0, "7H D6")
    assert state.result is None  # seat 0 still has a draw to take
    state, _events = apply(state, 0, "lost")
    assert state.result == {"winner": None, "reason": "draw"}
