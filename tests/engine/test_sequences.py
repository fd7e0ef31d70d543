"""RULES.md: Sequences; Winning."""

import pytest

from games.engine import HAND_SIZE, IllegalMove, apply, legal_moves
from games.engine.view import public_sequences
from tests.engine.helpers import new_game, put

FILLER = ["2S", "3S", "4S", "5S", "6S", "8S"]


def blue_to_play(card, *blue, green=(), players=2):
    hands = [[card, *FILLER][: HAND_SIZE[players]]] + [[] for _ in range(players - 1)]
    state = put(new_game(hands), "blue", *blue)
    return put(state, "green", *green)


def sequences(state, team="blue"):
    return public_sequences(state)[team]


def test_five_in_a_row_across_with_a_corner_needs_four_chips():
    state = blue_to_play("5S", "B1", "C1", "D1")
    state, _ = apply(state, 0, "5S E1")
    assert sequences(state) == [["A1", "B1", "C1", "D1", "E1"]]


def test_down():
    state, events = apply(blue_to_play("8C", "C2", "C3", "C4", "C5"), 0, "8C C6")
    assert sequences(state) == [["C2", "C3", "C4", "C5", "C6"]]
    assert {"type": "sequence_made", "team": "blue", "cells": ["C2", "C3", "C4", "C5", "C6"]} in events


def test_diagonal_down_right():
    state, _ = apply(blue_to_play("QH", "C3", "D4", "E5", "F6"), 0, "QH G7")
    assert sequences(state) == [["C3", "D4", "E5", "F6", "G7"]]


def test_a_run_of_six_through_a_corner_takes_the_earliest_window():
    state, _ = apply(blue_to_play("5H", "B2", "C3", "D4", "F6"), 0, "5H E5")
    assert sequences(state) == [["A1", "B2", "C3", "D4", "E5"]]


def test_diagonal_up_right_listed_in_line_order():
    state, _ = apply(blue_to_play("9C", "E1", "D2", "C3", "B4"), 0, "9C A5")
    assert sequences(state) == [["E1", "D2", "C3", "B4", "A5"]]


def test_four_in_a_row_is_not_a_sequence_nor_is_a_broken_line():
    state, _ = apply(blue_to_play("8C", "C2", "C3", "C4"), 0, "8C C6")
    assert sequences(state) == []
    state, _ = apply(blue_to_play("8C", "C2", "C3", "C4", "C5", green=["C7"]), 0, "8C C6")
    assert len(sequences(state)) == 1


def test_another_teams_chip_breaks_a_line():
    state, _ = apply(blue_to_play("8C", "C2", "C4", "C5", green=["C3"]), 0, "8C C6")
    assert sequences(state) == []


def test_a_corner_serves_every_team():
    state = blue_to_play("9C", "B1", "C1", "D1", "E1", green=["A2", "A3", "A4"])
    state.sequences[0] = [(0, 1, 2, 3, 4)]  # blue already holds A1-E1
    state.locked = frozenset(range(5))
    state = new_game_green_to_play(state)
    state, _ = apply(state, 1, "9C A5")
    assert sequences(state, "green") == [["A1", "A2", "A3", "A4", "A5"]]
    assert sequences(state, "blue") == [["A1", "B1", "C1", "D1", "E1"]]


def new_game_green_to_play(state):
    state.turn = 1
    state.hands[1] = ["9C", *FILLER]
    return state


def test_finished_sequences_are_protected_from_one_eyed_jacks():
    state, _ = apply(blue_to_play("8C", "C2", "C3", "C4", "C5"), 0, "8C C6")
    state.hands[1] = ["JS", *FILLER]
    with pytest.raises(
        IllegalMove, match="C4 belongs to blue's finished sequence C2-C6; a one-eyed jack cannot remove"
    ):
        apply(state, 1, "JS C4")
    assert not any(m.startswith("JS C") for m in legal_moves(state, 1))


def test_a_line_of_six_is_one_sequence_and_its_sixth_chip_can_be_removed():
    state, _ = apply(blue_to_play("2C", "A2", "B2", "C2", "D2", "F2"), 0, "2C E2")
    assert sequences(state) == [["A2", "B2", "C2", "D2", "E2"]]  # the earliest window: site rule
    state.hands[1] = ["JS", *FILLER]
    state, _ = apply(state, 1, "JS F2")
    assert state.board[15] == 0


@pytest.mark.parametrize("last", ["F2", "G2", "H2"])
def test_lines_of_six_to_eight_hold_one_sequence(last):
    others = [c for c in ["F2", "G2", "H2"] if c != last]
    state = blue_to_play({"F2": "AH", "G2": "KH", "H2": "QH"}[last], "A2", "B2", "C2", "D2", "E2", *others)
    state.sequences[0] = [(10, 11, 12, 13, 14)]
    state.locked = frozenset(range(10, 15))
    card = {"F2": "AH", "G2": "KH", "H2": "QH"}[last]
    state, _ = apply(state, 0, f"{card} {last}")
    assert sequences(state) == [["A2", "B2", "C2", "D2", "E2"]]


def test_a_line_of_nine_built_from_one_end_is_two_sequences_sharing_one_cell():
    state = blue_to_play("TH", "A2", "B2", "C2", "D2", "E2", "F2", "G2", "H2")
    state.sequences[0] = [(10, 11, 12, 13, 14)]
    state.locked = frozenset(range(10, 15))
    state, _ = apply(state, 0, "TH I2")
    assert sequences(state) == [["A2", "B2", "C2", "D2", "E2"], ["E2", "F2", "G2", "H2", "I2"]]
    assert state.result == {"winner": "blue", "reason": "sequences"}


def test_a_sequence_made_in_the_middle_of_a_line_stays_one_when_the_line_grows_to_nine():
    state = blue_to_play("TH", "A2", "B2", "C2", "D2", "E2", "F2", "G2", "H2")
    state.sequences[0] = [(12, 13, 14, 15, 16)]  # C2-G2 was made first
    state.locked = frozenset(range(12, 17))
    state, events = apply(state, 0, "TH I2")
    assert sequences(state) == [["C2", "D2", "E2", "F2", "G2"]]
    assert state.result is None
    assert not [e for e in events if e["type"] == "sequence_made"]


def test_a_line_of_ten_is_two_sequences():
    state = blue_to_play("TS", "A2", "B2", "C2", "D2", "E2", "F2", "G2", "H2", "I2")
    state.sequences[0] = [(10, 11, 12, 13, 14)]
    state.locked = frozenset(range(10, 15))
    state, _ = apply(state, 0, "TS J2")
    assert sequences(state)[1] == ["F2", "G2", "H2", "I2", "J2"]


def test_one_placement_can_make_two_sequences_in_two_directions_and_win():
    state = blue_to_play("5H", "A5", "B5", "C5", "D5", "E1", "E2", "E3", "E4")
    state, events = apply(state, 0, "5H E5")
    assert sorted(sequences(state)) == [["A5", "B5", "C5", "D5", "E5"], ["E1", "E2", "E3", "E4", "E5"]]
    assert state.result == {"winner": "blue", "reason": "sequences"}
    assert state.turn is None
    assert len(state.hands[0]) == 6  # won in the middle of the turn: no draw
    assert events[-1] == {"type": "game_over", "winner": "blue", "reason": "sequences"}


def test_the_middle_chip_of_a_line_of_nine_makes_two_sequences():
    state, _ = apply(blue_to_play("2C", "A2", "B2", "C2", "D2", "F2", "G2", "H2", "I2"), 0, "2C E2")
    assert sequences(state) == [["A2", "B2", "C2", "D2", "E2"], ["E2", "F2", "G2", "H2", "I2"]]


def test_unnamed_the_window_with_most_cells_outside_the_teams_sequences_is_chosen():
    state = blue_to_play("2C", "A2", "A3", "A4", "A5", "A6", "B2", "C2", "D2", "F2")
    state.sequences[0] = [(10, 20, 30, 40, 50)]  # A2-A6
    state.locked = frozenset({10, 20, 30, 40, 50})
    state, _ = apply(state, 0, "2C E2")
    assert sequences(state)[1] == ["B2", "C2", "D2", "E2", "F2"]


def test_the_player_may_name_the_sequence():
    state = blue_to_play("2C", "A2", "A3", "A4", "A5", "A6", "B2", "C2", "D2", "F2")
    state.sequences[0] = [(10, 20, 30, 40, 50)]
    state.locked = frozenset({10, 20, 30, 40, 50})
    state, _ = apply(state, 0, "2C E2 seq A2-E2")
    assert sequences(state)[1] == ["A2", "B2", "C2", "D2", "E2"]


def test_a_named_sequence_must_be_one_this_play_makes():
    state = blue_to_play("2C", "A2", "B2", "C2", "D2", "F2")
    with pytest.raises(IllegalMove, match="C2-G2 is not a new sequence"):
        apply(state, 0, "2C E2 seq C2-G2")
    with pytest.raises(IllegalMove, match="makes no sequence"):
        apply(blue_to_play("2C"), 0, "2C E2 seq A2-E2")


def test_naming_must_cover_every_new_sequence_or_none():
    state = blue_to_play("5H", "A5", "B5", "C5", "D5", "E1", "E2", "E3", "E4")
    with pytest.raises(IllegalMove, match="did not name"):
        apply(state, 0, "5H E5 seq A5-E5")
    state, _ = apply(state, 0, "5H E5 seq A5-E5 seq E1-E5")
    assert len(sequences(state)) == 2


def test_one_sequence_does_not_win_with_two_teams():
    state, _ = apply(blue_to_play("8C", "C2", "C3", "C4", "C5"), 0, "8C C6")
    assert state.result is None and state.turn == 1


def test_one_sequence_wins_with_three_teams():
    state = blue_to_play("8C", "C2", "C3", "C4", "C5", players=3)
    state, _ = apply(state, 0, "8C C6")
    assert state.result == {"winner": "blue", "reason": "sequences"}


def test_a_second_sequence_sharing_two_cells_with_the_first_is_not_made():
    # Blue has C2-C6; a chip on C7 makes C2-C7, still one sequence.
    state = blue_to_play("9C", "C2", "C3", "C4", "C5", "C6")
    state.sequences[0] = [(12, 22, 32, 42, 52)]
    state.locked = frozenset({12, 22, 32, 42, 52})
    state, _ = apply(state, 0, "9C C7")
    assert len(sequences(state)) == 1 and state.result is None


def test_two_overlapping_windows_cannot_both_be_named():
    state = blue_to_play("2C", "A2", "B2", "C2", "D2", "F2")
    with pytest.raises(IllegalMove, match="overlaps another named sequence"):
        apply(state, 0, "2C E2 seq A2-E2 seq B2-F2")


# --- A sequence, once made, is fixed (RULES.md: Sequences) ---------------------

ROW_1 = {"B1": "2S", "C1": "3S", "D1": "4S", "E1": "5S", "F1": "6S", "G1": "7S", "H1": "8S", "I1": "9S"}
ROW_2 = {"A2": "6C", "B2": "5C", "C2": "4C", "D2": "3C", "E2": "2C", "F2": "AH", "G2": "KH", "H2": "QH", "I2": "TH"}
GREEN_ELSEWHERE = ["AC F8", "KC E8", "QC D8", "AD G8", "KD H8", "QD D10"]  # row 8 and 10, far from rows 1-2


def blue_builds(cells: list[str], board: dict[str, str], *, already=()):
    """Blue plays the card of each cell in turn while green plays far away;
    returns the state and the sequence_made events of each of blue's plays."""
    hands = [[board[cell] for cell in cells], [move.split()[0] for move in GREEN_ELSEWHERE]]
    state = put(new_game(hands), "blue", *already)
    made = []
    for cell, green in zip(cells, GREEN_ELSEWHERE, strict=False):
        state, events = apply(state, 0, f"{board[cell]} {cell}")
        made.append([e for e in events if e["type"] == "sequence_made"])
        if state.result is not None:
            break
        state, _ = apply(state, 1, green)
    return state, made


def test_a_sequence_in_the_middle_of_a_row_stays_one_when_the_row_fills_up_to_both_corners():
    state, made = blue_builds(["G1", "B1", "H1", "I1"], ROW_1, already=["C1", "D1", "E1", "F1"])
    assert made[0] == [{"type": "sequence_made", "team": "blue", "cells": ["C1", "D1", "E1", "F1", "G1"]}]
    assert made[1:] == [[], [], []]  # A1-J1 is full, but five fresh cells sharing one with C1-G1 do not fit
    assert sequences(state) == [["C1", "D1", "E1", "F1", "G1"]]
    assert state.result is None and state.turn == 0


def test_a_line_of_nine_built_end_to_end_is_two_sequences_and_wins():
    state, made = blue_builds(["E2", "F2", "G2", "H2", "I2"], ROW_2, already=["A2", "B2", "C2", "D2"])
    assert [len(m) for m in made] == [1, 0, 0, 0, 1]
    assert sequences(state) == [["A2", "B2", "C2", "D2", "E2"], ["E2", "F2", "G2", "H2", "I2"]]
    assert state.result == {"winner": "blue", "reason": "sequences"}


def test_the_middle_chip_of_a_line_of_nine_makes_two_sequences_each_reported_once():
    state, made = blue_builds(["E2"], ROW_2, already=["A2", "B2", "C2", "D2", "F2", "G2", "H2", "I2"])
    assert made == [
        [
            {"type": "sequence_made", "team": "blue", "cells": ["A2", "B2", "C2", "D2", "E2"]},
            {"type": "sequence_made", "team": "blue", "cells": ["E2", "F2", "G2", "H2", "I2"]},
        ]
    ]
    assert state.result == {"winner": "blue", "reason": "sequences"}


def test_one_chip_can_make_sequences_in_three_directions_at_once():
    # E5 closes a row (A5-D5), a column (E1-E4) and a diagonal (A1 corner, B2-D4).
    state = blue_to_play("5H", "A5", "B5", "C5", "D5", "E1", "E2", "E3", "E4", "B2", "C3", "D4")
    state, events = apply(state, 0, "5H E5")
    assert sorted(sequences(state)) == [
        ["A1", "B2", "C3", "D4", "E5"],
        ["A5", "B5", "C5", "D5", "E5"],
        ["E1", "E2", "E3", "E4", "E5"],
    ]
    assert [e["type"] for e in events].count("sequence_made") == 3
    assert state.result == {"winner": "blue", "reason": "sequences"}


def test_a_direction_blocked_by_a_fixed_sequence_does_not_stop_another_direction():
    # Blue holds C2-G2; H2 would lengthen the row (no new sequence there) and closes the column H2-H6.
    state = blue_to_play("QH", "C2", "D2", "E2", "F2", "G2", "H3", "H4", "H5", "H6")
    state.sequences[0] = [(12, 13, 14, 15, 16)]
    state.locked = frozenset(range(12, 17))
    state, _ = apply(state, 0, "QH H2")
    assert sequences(state) == [["C2", "D2", "E2", "F2", "G2"], ["H2", "H3", "H4", "H5", "H6"]]


def row_one_filled_but_i1():
    """Blue holds C1-G1 (made in the middle of the row) and chips on B1 and H1; I1 is to come."""
    state = blue_to_play("9S", "B1", "C1", "D1", "E1", "F1", "G1", "H1")
    state.sequences[0] = [(2, 3, 4, 5, 6)]
    state.locked = frozenset(range(2, 7))
    return state


@pytest.mark.parametrize("named", ["seq F1-J1", "seq A1-E1", "seq A1-E1 seq F1-J1", "seq E1-I1"])
def test_naming_a_window_that_shares_more_than_one_cell_with_a_held_sequence_is_refused(named):
    with pytest.raises(IllegalMove, match="This play makes no sequence, so none can be named"):
        apply(row_one_filled_but_i1(), 0, f"9S I1 {named}")


def test_naming_chooses_among_the_windows_the_rule_allows():
    # Blue holds A2-E2; with F2-H2 and J2 blue, I2 can close E2-I2 or F2-J2 (not both: they share four cells).
    def position():
        state = blue_to_play("TH", "A2", "B2", "C2", "D2", "E2", "F2", "G2", "H2", "J2")
        state.sequences[0] = [(10, 11, 12, 13, 14)]
        state.locked = frozenset(range(10, 15))
        return state

    unnamed, _ = apply(position(), 0, "TH I2")
    assert sequences(unnamed)[1] == ["F2", "G2", "H2", "I2", "J2"]  # five cells outside A2-E2
    named, _ = apply(position(), 0, "TH I2 seq E2-I2")
    assert sequences(named)[1] == ["E2", "F2", "G2", "H2", "I2"]
    with pytest.raises(IllegalMove, match="D2-H2 is not a new sequence of yours"):
        apply(position(), 0, "TH I2 seq D2-H2")
    with pytest.raises(IllegalMove, match="overlaps another named sequence by more than one cell"):
        apply(position(), 0, "TH I2 seq E2-I2 seq F2-J2")


def test_naming_both_sequences_of_the_middle_chip_of_nine():
    state = blue_to_play("2C", "A2", "B2", "C2", "D2", "F2", "G2", "H2", "I2")
    after, _ = apply(state, 0, "2C E2 seq E2-I2 seq A2-E2")
    assert sequences(after) == [["A2", "B2", "C2", "D2", "E2"], ["E2", "F2", "G2", "H2", "I2"]]
    with pytest.raises(IllegalMove, match="which you did not name"):
        apply(state, 0, "2C E2 seq A2-E2")
