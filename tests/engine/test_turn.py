"""RULES.md: A turn — dead cards, playing a card, jacks, drawing, passing."""

import pytest

from games.engine import IllegalMove, apply, legal_moves
from games.engine.board import CELL_INDEX, CELL_NAMES, CORNERS
from tests.engine.helpers import hand, new_game, play, put

FILLER = ["2S", "3S", "4S", "5S", "6S", "8S"]  # harmless, distinct cards for the rest of a hand


def chip(state, cell):
    return state.board[CELL_INDEX[cell]]


def test_a_normal_card_goes_on_one_of_its_two_empty_spaces_then_the_player_draws():
    state = new_game([["7H", *FILLER], []], draws=["KD"])
    state, events = apply(state, 0, "7H D6")
    assert chip(state, "D6") == 1  # blue
    assert state.discards[0] == ["7H"]  # onto the player's own discard pile, visible to all
    assert "KD" in state.hands[0] and len(state.hands[0]) == 7
    assert state.turn == 1
    assert [e["type"] for e in events] == ["chip_placed", "card_drawn"]
    assert all("card" not in e for e in events if e["type"] == "card_drawn")  # a draw is secret


def test_a_card_cannot_go_on_another_cards_space():
    state = new_game([["7H", *FILLER], []])
    with pytest.raises(IllegalMove, match=r"7♥ is not on C4\. 7♥ can go on I5 or D6"):
        apply(state, 0, "7H C4")


def test_a_taken_space_is_refused_and_the_other_one_offered():
    state = put(new_game([["7H", *FILLER], []]), "green", "D6")
    with pytest.raises(IllegalMove, match=r"D6 already holds a green chip\. 7♥ can go on I5"):
        apply(state, 0, "7H D6")


def test_a_card_not_in_hand_is_refused_showing_only_ones_own_hand():
    state = new_game([["7H", *FILLER], ["9D"]])
    with pytest.raises(IllegalMove, match=r"You do not hold 9♦\. Your hand: 7♥ 2♠") as error:
        apply(state, 0, "9D F10")
    assert "9♦" not in str(error.value).split("hand:")[1]


def test_only_the_seat_to_play_may_play():
    state = new_game([["7H"], ["9D"]])
    with pytest.raises(IllegalMove, match=r"not your turn: seat 0 \(blue\) is to play"):
        apply(state, 1, "9D F10")


def test_a_two_eyed_jack_goes_on_any_empty_space_but_never_a_corner():
    state = put(new_game([["JD", "JC"], []]), "green", "C4")
    after, _ = apply(state, 0, "JD A5")
    assert chip(after, "A5") == 1
    with pytest.raises(IllegalMove, match="corner"):
        apply(state, 0, "JC A1")
    with pytest.raises(IllegalMove, match="already holds a green chip"):
        apply(state, 0, "JC C4")
    moves = legal_moves(state, 0)
    assert "JD B1" in moves and "JC J9" in moves
    assert not any(m.split()[-1] in {"A1", "J1", "A10", "J10", "C4"} for m in moves if m.startswith("J"))


def test_a_one_eyed_jack_removes_an_opposing_chip_and_ends_the_play():
    state = put(new_game([["JS", "JH"], []]), "green", "C4")
    state = put(state, "blue", "D4")
    after, events = apply(state, 0, "JS C4")
    assert chip(after, "C4") == 0
    assert after.turn == 1  # the play ends: no chip placed on that space this turn
    assert events[0] == {"type": "chip_removed", "seat": 0, "team": "green", "cell": "C4", "card": "JS"}
    assert after.discards[0] == ["JS"]


@pytest.mark.parametrize(
    ("cell", "says"),
    [("D4", "your own team's chip"), ("E4", "empty"), ("A1", "corner")],
)
def test_a_one_eyed_jack_cannot_take_own_empty_or_corner(cell, says):
    state = put(put(new_game([["JS"], []]), "green", "C4"), "blue", "D4")
    with pytest.raises(IllegalMove, match=says):
        apply(state, 0, f"JS {cell}")
    assert [m for m in legal_moves(state, 0) if m.startswith("JS")] == ["JS C4"]


def test_a_one_eyed_jack_cannot_also_name_a_sequence():
    state = put(new_game([["JS"], []]), "green", "C4")
    with pytest.raises(IllegalMove, match="cannot make a sequence"):
        apply(state, 0, "JS C4 seq C2-C6")


def dead_7h_game(draws=("KD",)):
    state = new_game([["7H", "9D", *FILLER[:5]], []], draws=list(draws))
    return put(state, "green", "D6", "I5")  # both spaces of 7♥ are covered


def test_a_dead_card_is_turned_in_for_a_replacement_before_the_play():
    state = dead_7h_game()
    assert "dead 7H" in legal_moves(state, 0)
    state, events = apply(state, 0, "dead 7H")
    assert "7H" not in state.hands[0] and "KD" in state.hands[0]
    assert state.discards[0] == ["7H"]
    assert state.turn == 0  # then the player plays as usual
    assert [e["type"] for e in events] == ["dead_card_turned_in", "card_drawn"]
    state, _ = apply(state, 0, "9D F10")
    assert state.turn == 1


def test_only_one_dead_card_per_turn():
    state = put(dead_7h_game(draws=("2D", "KD")), "blue", "C3", "J6")  # 2♦ is dead too
    state, _ = apply(state, 0, "dead 7H")
    assert not any(m.startswith("dead") for m in legal_moves(state, 0))
    with pytest.raises(IllegalMove, match="already turned in a dead card"):
        apply(state, 0, "dead 2D")


def test_a_live_card_or_a_jack_is_never_dead():
    state = new_game([["7H", "JD", *FILLER[:5]], []])
    with pytest.raises(IllegalMove, match="not dead: it can still go on I5 or D6"):
        apply(state, 0, "dead 7H")
    with pytest.raises(IllegalMove, match="Jacks are never dead"):
        apply(state, 0, "dead JD")


def test_a_dead_card_is_marked_when_playing_it():
    state = dead_7h_game()
    with pytest.raises(IllegalMove, match="it is dead; turn it in with 'dead 7H'"):
        apply(state, 0, "7H D6")


def test_the_discard_piles_are_reshuffled_when_the_draw_pile_runs_out():
    state = new_game([["7H", *FILLER], []])
    # Move every card of the draw pile onto seat 1's discard pile.
    state.discards[1] = list(reversed(state.pile))
    state.pile = []
    seen = []

    def shuffle(cards):
        seen.append(sorted(cards))
        return list(reversed(cards))

    after, events = apply(state, 0, "7H D6", shuffle=shuffle)
    assert "deck_reshuffled" in [e["type"] for e in events]
    assert "7H" in seen[0]  # the card just played is shuffled in too
    assert after.discards == [[], []]
    assert len(after.reshuffles) == 1 and len(after.reshuffles[0]) == 104 - 14 + 1
    assert len(after.hands[0]) == 7
    assert sum(map(len, after.hands)) + len(after.pile) + sum(map(len, after.discards)) == 104


def test_a_reshuffle_must_hold_exactly_the_discarded_cards():
    state = new_game([["7H", *FILLER], []])
    state.discards[1] = list(reversed(state.pile))
    state.pile = []
    with pytest.raises(IllegalMove, match="reshuffled"):
        apply(state, 0, "7H D6", shuffle=lambda cards: cards[1:])


def full_board(state):
    """Every space covered, so no card but a one-eyed jack can be played."""
    for cell in range(100):
        if cell not in CORNERS:
            state.board[cell] = 1 << (cell % 2)
    return state


def test_with_no_legal_play_the_player_discards_a_card_of_choice_and_draws():
    state = full_board(new_game([["7H", "9D", "JD", *FILLER[:4]], []]))
    moves = legal_moves(state, 0)
    assert "pass 7H" in moves and "pass JD" in moves and "dead 7H" in moves
    assert not any(m.startswith(("7H ", "9D ", "JD ")) for m in moves)
    state, events = apply(state, 0, "pass JD")
    assert state.discards[0] == ["JD"] and len(state.hands[0]) == 7
    assert state.turn == 1 and state.passes == 1
    assert events[0] == {"type": "passed", "seat": 0, "card": "JD"}


def test_a_pass_is_refused_while_a_card_can_be_played():
    state = new_game([["7H", *FILLER], []])
    with pytest.raises(IllegalMove, match="You can still play"):
        apply(state, 0, "pass 7H")


def test_a_one_eyed_jack_without_a_removable_chip_is_not_playable():
    state = new_game([["JS", "JH"], []], teams=2)
    state = full_board(state)
    for cell in range(100):
        if state.board[cell] == 2:
            state.board[cell] = 1  # nothing of green's left to remove
    assert [m for m in legal_moves(state, 0) if not m.startswith(("pass", "dead"))] == ["resign"]


def test_the_game_is_drawn_when_every_seat_passes_in_a_row():
    state = full_board(new_game([[*FILLER, "7H"], ["9D", "KD", "QD", "TD", "8D", "7D", "6D"]]))
    state, _ = apply(state, 0, "pass 7H")
    assert state.result is None
    state, events = apply(state, 1, "pass 9D")
    assert state.result == {"winner": None, "reason": "draw"}
    assert state.turn is None
    assert events[-1]["type"] == "game_over"


def test_a_play_between_passes_restarts_the_count():
    state = new_game([["7H", *FILLER], ["9D", *FILLER]])
    state = put(state, "blue", *[CELL_NAMES[c] for c in range(100) if c not in CORNERS and CELL_NAMES[c] != "F10"])
    state, _ = apply(state, 0, "pass 7H")
    state, _ = apply(state, 1, "9D F10")  # a play
    assert state.passes == 0 and state.result is None


def test_no_move_once_the_game_is_over():
    state = new_game([["7H"], []])
    state, _ = apply(state, 1, "resign")
    with pytest.raises(IllegalMove, match="over"):
        apply(state, 0, "7H D6")
    assert legal_moves(state, 0) == []


def test_skip_passes_the_turn_of_the_seat_to_play_only():
    state = new_game([["7H"], []])
    with pytest.raises(IllegalMove, match="Only the seat to play"):
        apply(state, 1, "skip")
    after, events = apply(state, 0, "skip")
    assert after.turn == 1 and hand(after, 0) == hand(state, 0)
    assert events[0] == {"type": "turn_skipped", "seat": 0}


def test_every_listed_move_applies():
    state = put(dead_7h_game(), "green", "C4", "E5")
    for move in legal_moves(state, 0):
        apply(state, 0, move)


def test_play_helper_chains_moves():
    state, events = play(new_game([["7H", *FILLER], ["9D", *FILLER]]), (0, "7H D6"), (1, "9D F10"))
    assert state.turn == 0 and len(events) == 4
