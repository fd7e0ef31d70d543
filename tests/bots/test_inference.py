"""Level 2 reads its opponents' kept cards from their last plays (games/bots/inference.py)."""

import random
from collections import Counter

from games.bots import choose
from games.bots.inference import plays_read
from games.bots.worlds import WorldMaker
from games.engine import apply, deal, legal_actions, player_view, shuffled_deck
from tests.engine.helpers import new_game, put

FILLER = ["2S", "3S", "4S", "5S", "6S", "8S"]
FOUR = ("C3", "D3", "E3", "F3")  # blue's 2D 3D 4D 5D: B3 (AS) or G3 (6D) blocks or makes five
BLOCKS = {"AS", "6D", "JD", "JC", "JS", "JH"}


def read(state, seat, history):
    maker = WorldMaker(player_view(state, seat), history)
    return plays_read(maker.view, maker.board, maker.sequences, history), maker


def blue_four_that_green_let_stand(draw_mode="automatic"):
    """Blue holds a four; green then plays a card far from it: green cannot
    have kept a card that blocks the four."""
    state = put(new_game([["QS", "6D", *FILLER[:5]], ["9H", *FILLER]], draw_mode=draw_mode), "blue", *FOUR)
    state, _ = apply(state, 0, "QS B5")
    if draw_mode == "tabletop":
        state, _ = apply(state, 0, "draw")
    state, _ = apply(state, 1, "9H E7")
    return state


def test_an_opponent_that_let_a_four_stand_kept_no_card_that_blocks_it():
    state = blue_four_that_green_let_stand()
    sets, maker = read(state, 0, [(0, "QS B5"), (1, "9H E7")])
    [ruled] = sets[1]
    assert ruled >= BLOCKS and "9H" not in ruled and "2S" not in ruled
    # Seven cards: six kept through the play, none of them a block; the one drawn since may be anything.
    assert maker.limits[1] == [ruled] * 6 + [frozenset()]


def test_a_draw_still_open_leaves_every_card_in_the_hand_kept():
    state = blue_four_that_green_let_stand("tabletop")
    assert state.pending[1] is not None and len(state.hands[1]) == 6
    sets, maker = read(state, 0, [(0, "QS B5"), (0, "draw"), (1, "9H E7")])
    assert maker.limits[1] == [sets[1][0]] * 6


def test_older_plays_rule_out_fewer_of_the_cards():
    state = blue_four_that_green_let_stand()
    sets, maker = read(state, 0, [(1, "2S G9"), (0, "QS B5"), (1, "9H E7")])
    newest, older = sets[1]
    assert maker.limits[1] == [newest | older] * 5 + [newest, frozenset()]


def test_a_turn_without_a_play_ends_what_is_read():
    state = blue_four_that_green_let_stand()
    assert read(state, 0, [(0, "QS B5"), (1, "pass 9H")])[0] == {}
    assert read(state, 0, [(0, "QS B5")])[0] == {}  # and one that has not played yet
    # A dead card turned in brought a card more into the hand before the play of its turn.
    sets, _ = read(state, 0, [(1, "2S B1"), (1, "dead 3C"), (1, "2S G9"), (0, "QS B5"), (1, "9H E7")])
    assert len(sets[1]) == 2


def test_an_opponent_play_is_read_on_the_board_it_was_made_on():
    state = blue_four_that_green_let_stand()
    state, _ = apply(state, 0, "6D G3")  # blue's sequence: B3 no longer blocks anything
    sets, _ = read(state, 0, [(0, "QS B5"), (1, "9H E7"), (0, "6D G3")])
    assert "AS" in sets[1][0]  # B3 blocked a four when green played


def test_the_worlds_deal_an_opponent_only_cards_it_may_have_kept():
    state = blue_four_that_green_let_stand()
    maker = WorldMaker(player_view(state, 0), [(0, "QS B5"), (1, "9H E7")])
    rng = random.Random(3)
    for _ in range(50):
        world = maker.sample(rng)
        assert sum(card in BLOCKS for card in world.hands[1]) <= 1  # the card drawn since
        assert Counter(world.hands[1]) + Counter(world.pile) == Counter(maker.unseen)


def test_against_level_1_the_cards_ruled_out_are_never_among_those_it_kept():
    """Level 1 plays greedily, so a hand it really holds always fits what was read of it."""
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        players, draw_mode = (2, 4)[seed % 2], ("automatic", "tabletop")[seed // 2 % 2]
        state = deal(players=players, teams=2, draw_mode=draw_mode, deck=shuffled_deck(rng))
        history = []
        while state.result is None:
            waiting = [s for s in range(players) if state.pending[s] is not None and s != state.turn]
            seat = waiting[0] if waiting else state.turn
            if not waiting:
                for other, limits in WorldMaker(player_view(state, seat), history).limits.items():
                    assert fits(state.hands[other], limits), (other, state.hands[other], history[-8:])
                    checked += 1
            action = choose(player_view(state, seat), legal_actions(state, seat), rng, 1)
            history.append((seat, action["text"]))
            state, _ = apply(state, seat, action["text"], shuffle=lambda cards, rng=rng: rng.sample(cards, len(cards)))
    assert checked > 100


def fits(hand, limits) -> bool:
    """Whether the cards can be matched to the limits, each to one it is not ruled out by."""
    left = list(hand)
    for ruled_out in limits:  # most ruled out first: a greedy match is a full one for nested limits
        allowed = next((card for card in left if card not in ruled_out), None)
        if allowed is None:
            return False
        left.remove(allowed)
    return True
