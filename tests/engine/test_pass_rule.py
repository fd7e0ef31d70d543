"""RULES.md, "Site rule — no legal play", as ruled (issue 22, item 6): a
skipped turn neither counts as a pass nor breaks a run of passes; the game is
drawn once each seat that can act has passed since the last chip was placed
or removed; a dead-card exchange is not a play. Games of the first reading
(rule version 1) keep it, so that their records replay to what was stored."""

import json
import random

import pytest

from games.engine import (
    RecordError,
    apply,
    deal,
    legal_moves,
    record_export,
    record_load,
    replay,
    shuffled_deck,
    state_from_json,
    state_to_json,
)
from games.engine.board import CELL_NAMES, CORNERS
from games.engine.state import RULES_AS_RULED, RULES_PASSES_IN_A_ROW
from tests.engine.helpers import new_game, play, put

BLUE = ["2S", "3S", "4S", "5S", "6S", "8S", "7H"]
GREEN = ["9D", "KD", "QD", "TD", "8D", "7D", "6D"]


def blocked(hands, *, teams=None, rules=RULES_AS_RULED):
    """Every space covered by the seat's own colour: nobody can play, all must pass."""
    state = new_game(hands, teams=teams)
    state.rules = rules
    for cell in range(100):
        if cell not in CORNERS:
            state.board[cell] = 1 << (cell % state.teams)
    return state


def test_pass_skip_pass_does_not_end_the_game_until_the_skipped_seat_passes_too():
    state, _ = play(blocked([BLUE, GREEN]), (0, "pass 7H"), (1, "skip"), (0, "pass 2S"))
    assert state.result is None and state.turn == 1
    state, events = apply(state, 1, "pass 9D")
    assert state.result == {"winner": None, "reason": "draw"}
    assert events[-1]["type"] == "game_over"


def test_a_skipped_turn_does_not_break_the_run_of_passes():
    state, _ = play(blocked([BLUE, GREEN]), (0, "pass 7H"), (1, "skip"), (0, "skip"), (1, "pass 9D"))
    assert state.result == {"winner": None, "reason": "draw"}


def test_a_dead_card_exchange_is_not_a_play():
    state = blocked([["7H", *BLUE[:6]], ["9D", *GREEN[1:]]])
    state, _ = play(state, (0, "pass 2S"), (1, "dead 9D"))
    assert state.result is None
    state, _ = apply(state, 1, "pass KD")
    assert state.result == {"winner": None, "reason": "draw"}


def test_a_chip_placed_between_passes_starts_the_count_again():
    state = new_game([["7H", "2S", "3S", "4S", "5S", "6S", "8S"], ["9D", *GREEN[1:]]])
    put(state, "blue", *[CELL_NAMES[c] for c in range(100) if c not in CORNERS and CELL_NAMES[c] != "F10"])
    state, _ = play(state, (0, "pass 7H"), (1, "9D F10"))
    assert state.passed == 0
    state, _ = play(state, (0, "pass 2S"))
    assert state.result is None


def test_the_draw_comes_when_a_resignation_leaves_only_seats_that_have_passed():
    hands = [BLUE[:6], GREEN[:6], ["AS", "AH", "AD", "AC", "KS", "KH"]]
    state, _ = play(blocked(hands), (0, "pass 2S"), (1, "pass 9D"))
    assert state.result is None
    state, _ = apply(state, 2, "resign")
    assert state.result == {"winner": None, "reason": "draw"}


def test_a_game_of_the_first_reading_keeps_it():
    state, _ = play(blocked([BLUE, GREEN], rules=RULES_PASSES_IN_A_ROW), (0, "pass 7H"), (1, "skip"))
    state, _ = apply(state, 0, "pass 2S")
    assert state.result == {"winner": None, "reason": "draw"}


def test_a_state_stored_without_a_rule_version_is_of_the_first_reading():
    state = blocked([BLUE, GREEN])
    stored = state_to_json(state)
    assert stored["rules"] == RULES_AS_RULED and state_from_json(stored).rules == RULES_AS_RULED
    del stored["rules"], stored["passed"]
    old = state_from_json(stored)
    assert old.rules == RULES_PASSES_IN_A_ROW
    old, _ = play(old, (0, "pass 7H"), (1, "skip"), (0, "pass 2S"))
    assert old.result == {"winner": None, "reason": "draw"}


def test_a_record_of_an_old_game_names_its_rules_and_replays_to_what_was_stored():
    moves = [(0, "pass 7H"), (1, "skip"), (0, "pass 2S")]
    stored = {**state_to_json(blocked([BLUE, GREEN]))}
    del stored["rules"]  # as a game stored by the old engine
    old = state_from_json(stored)
    end, _ = play(old, *moves)
    doc = record_export(end, seats=[{"player": "a"}, {"player": "b"}], moves=moves)
    assert doc["rules"] == RULES_PASSES_IN_A_ROW
    loaded = record_load(json.loads(json.dumps(doc)))
    again = replay(loaded)
    # The record's deck deals the hands, not the blocked board: only the rule version is checked here.
    assert loaded.rules == RULES_PASSES_IN_A_ROW and again.state.rules == RULES_PASSES_IN_A_ROW
    assert "rules" not in record_export(blocked([BLUE, GREEN]), seats=[{}, {}], moves=[])


@pytest.mark.parametrize("rules", [0, 3, "1", True, None])
def test_a_record_with_an_unknown_rule_version_is_malformed(rules):
    doc = record_export(new_game([BLUE, GREEN]), seats=[{}, {}], moves=[])
    with pytest.raises(RecordError, match="'rules' must be one of 1, 2"):
        record_load({**doc, "rules": rules})


def test_cards_in_deck_and_reshuffles_are_read_as_cards_in_moves_are():
    doc = record_export(new_game([BLUE, GREEN]), seats=[{}, {}], moves=[(0, "7H D6")])
    symbols = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    lenient = [
        ("10" + card[1].lower() if card[0] == "T" else card[0] + symbols[card[1]] if i % 2 else card.lower())
        for i, card in enumerate(doc["deck"])
    ]
    assert record_load({**doc, "deck": lenient}).deck == doc["deck"]
    with pytest.raises(RecordError, match="not a card"):
        record_load({**doc, "deck": ["7ſ", *doc["deck"][1:]]})


def test_a_game_stored_by_the_old_engine_verifies_against_its_exported_record():
    """What `verify_games` does: the stored state, read back, equals the replay of its export."""
    rng = random.Random(3)
    state = deal(players=2, teams=2, draw_mode="automatic", deck=shuffled_deck(rng), rules=RULES_PASSES_IN_A_ROW)
    log = []
    while state.result is None:
        seat = state.turn
        move = rng.choice([m for m in legal_moves(state, seat) if m != "resign"])
        state, _ = apply(state, seat, move, shuffle=lambda cards: rng.sample(cards, len(cards)))
        log.append((seat, move))
    stored = state_to_json(state)
    del stored["rules"], stored["passed"]  # the old engine's JSON
    read_back = state_from_json(stored)
    doc = record_export(read_back, seats=[{"player": "a"}, {"player": "b"}], moves=log)
    assert replay(record_load(json.loads(json.dumps(doc)))).state == read_back
