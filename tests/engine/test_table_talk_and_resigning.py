"""RULES.md: Table talk; Resigning and leaving."""

import pytest

from games.engine import IllegalMove, apply, legal_moves
from tests.engine.helpers import new_game, play, put

P0 = ["7H", "9D", "KD", "QD", "TD", "8D"]
P1 = ["2S", "3S", "4S", "5S", "6S", "7S"]
P2 = ["AC", "KC", "QC", "TC", "9C", "8C"]
P3 = ["2H", "3H", "4H", "5H", "6H", "8H"]


def four_players():
    return new_game([P0, P1, P2, P3])  # blue: seats 0, 2; green: seats 1, 3


def test_the_penalty_makes_every_member_of_the_team_discard_one_card_of_choice():
    state, events = apply(four_players(), None, "penalize blue")
    assert events == [{"type": "penalized", "team": "blue"}]
    assert state.penalties == [1, 0, 1, 0]
    assert legal_moves(state, 0) == [f"penalty {card}" for card in P0] + ["resign"]
    with pytest.raises(IllegalMove, match="penalized for table talk"):
        apply(state, 0, "7H D6")
    state, events = apply(state, 0, "penalty KD")
    assert events == [{"type": "penalty_discarded", "seat": 0, "card": "KD"}]
    assert state.discards[0] == ["KD"] and len(state.hands[0]) == 5
    state, _ = apply(state, 0, "7H D6")
    assert len(state.hands[0]) == 5  # plays on with one card fewer


def test_nobody_waits_for_a_penalty_a_member_pays_when_they_next_act():
    state, _ = apply(four_players(), None, "penalize green")
    state, _ = play(state, (0, "7H D6"))
    assert state.turn == 1
    state, _ = play(state, (3, "penalty 8H"))  # seat 3 pays before its turn comes
    state, _ = play(state, (1, "penalty 7S"), (1, "2S B1"), (2, "AC F8"), (3, "2H E6"))
    assert [len(h) for h in state.hands] == [6, 5, 6, 5]


def test_only_a_moderator_applies_the_penalty_to_a_team_in_the_game():
    with pytest.raises(IllegalMove, match="Only a moderator"):
        apply(four_players(), 0, "penalize green")
    with pytest.raises(IllegalMove, match="no red team"):
        apply(four_players(), None, "penalize red")
    with pytest.raises(IllegalMove, match="must be made by a seat"):
        apply(four_players(), None, "7H D6")


def test_a_penalty_is_owed_only_once_per_penalty():
    state, _ = apply(four_players(), None, "penalize blue")
    state, _ = apply(state, 0, "penalty 7H")
    with pytest.raises(IllegalMove, match="owe no table-talk penalty"):
        apply(state, 0, "penalty 9D")


def test_two_penalties_before_paying_owe_two_cards_each():
    state, _ = play(four_players(), (None, "penalize blue"), (None, "penalize blue"))
    assert state.penalties == [2, 0, 2, 0]
    state, _ = play(state, (0, "penalty 7H"), (0, "penalty 9D"), (2, "penalty AC"))
    assert state.penalties == [0, 0, 1, 0]
    assert [len(h) for h in state.hands] == [4, 6, 5, 6]


def test_a_member_never_owes_more_cards_than_they_hold_when_a_penalty_is_applied():
    state = four_players()
    state.hands[2] = ["AC"]  # set up: seat 2 holds one card
    state, _ = play(state, (None, "penalize blue"), (None, "penalize blue"))
    assert state.penalties == [2, 0, 1, 0]
    assert legal_moves(state, 2) == ["penalty AC", "resign"]
    state, _ = apply(state, 2, "penalty AC")
    assert state.penalties == [2, 0, 0, 0] and state.hands[2] == []
    state, _ = apply(state, None, "penalize blue")  # a third: seat 2's empty hand owes nothing
    assert state.penalties == [3, 0, 0, 0]


def test_an_empty_hand_owes_nothing():
    state = four_players()
    state.hands[2] = []  # set up: lost draws and earlier penalties took every card
    state, events = apply(state, None, "penalize blue")
    assert events == [{"type": "penalized", "team": "blue"}]
    assert state.penalties == [1, 0, 0, 0]
    assert legal_moves(state, 2) == ["resign"]
    with pytest.raises(IllegalMove, match="owe no table-talk penalty"):
        apply(state, 2, "penalty AC")


def test_with_two_teams_a_resignation_ends_the_game():
    state, events = apply(four_players(), 3, "resign")  # any member, on turn or not
    assert state.result == {"winner": "blue", "reason": "resign"}
    assert state.turn is None
    assert events[0] == {"type": "resigned", "seat": 3, "team": "green"}


def test_with_three_teams_the_resigned_seats_are_skipped_and_their_chips_stay():
    state = new_game([P0, P1, P2])
    state, _ = play(state, (0, "7H D6"), (1, "2S B1"))
    state, _ = apply(state, 1, "resign")
    assert state.result is None
    assert state.board[1] == 2  # green's chip stays on B1
    state, _ = play(state, (2, "AC F8"), (0, "9D F10"))
    assert state.turn == 2  # seat 1 is passed over
    assert legal_moves(state, 1) == []
    with pytest.raises(IllegalMove, match="resigned"):
        apply(state, 1, "3S C1")
    state, _ = apply(state, 2, "resign")
    assert state.result == {"winner": "blue", "reason": "resign"}


def test_a_resigned_teams_sequence_stays_protected():
    state = put(new_game([P0, P1, P2]), "green", "C2", "C3", "C4", "C5", "C6")
    state.sequences[1] = [(12, 22, 32, 42, 52)]
    state.locked = frozenset({12, 22, 32, 42, 52})
    state, _ = apply(state, 1, "resign")
    assert state.result is None and state.turn == 0


def test_six_players_in_three_teams_resigning_skips_the_whole_team():
    hands = [[c] for c in ["7H", "2S", "AC", "9D", "3S", "KC"]]
    state = new_game(hands, teams=3)
    state, _ = apply(state, 4, "resign")  # green: seats 1 and 4
    state, _ = apply(state, 0, "7H D6")
    assert state.turn == 2
    state, _ = play(state, (2, "AC F8"), (3, "9D F10"))
    assert state.turn == 5
