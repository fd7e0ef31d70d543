"""A search keeps one Position up to date from each move's events instead of
counting the 192 windows again: it must always equal a fresh count."""

import random

import pytest

from games.bots import choose
from games.bots.position import Position
from games.engine import apply, deal, legal_actions, player_view, shuffled_deck


def same(followed: Position, fresh: Position) -> bool:
    return (followed.counts, followed.empties, followed.open) == (fresh.counts, fresh.empties, fresh.open)


@pytest.mark.parametrize(("players", "teams"), [(2, 2), (3, 3), (4, 2)])
@pytest.mark.parametrize("level", [0, 1])
def test_a_followed_position_equals_a_fresh_one_after_every_move(players, teams, level):
    kinds = set()
    for seed in range(3):
        rng = random.Random(seed)
        state = deal(players=players, teams=teams, draw_mode="automatic", deck=shuffled_deck(rng))
        pos = Position.from_state(state, 0)
        while state.result is None:
            seat = state.turn
            action = choose(player_view(state, seat), legal_actions(state, seat), rng, level)
            state, events = apply(
                state, seat, action["text"], shuffle=lambda cards, pick=rng: pick.sample(cards, len(cards))
            )
            pos.follow(state, events)
            kinds.update(event["type"] for event in events)
            assert same(pos, Position.from_state(state, seat))
    assert {"chip_placed", "chip_removed", "sequence_made"} <= kinds
