"""Properties that hold for every game: random legal playouts of every setup."""

import json
import random
from collections import Counter
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import (
    TEAM_NAMES,
    IllegalMove,
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
from games.engine.cards import FULL_DECK
from games.engine.state import State

SETUPS = [(2, 2), (3, 3), (4, 2), (6, 2), (6, 3), (8, 2), (9, 3), (10, 2), (12, 2), (12, 3)]
ALL_CARDS = Counter(FULL_DECK)


def cards_accounted_for(state: State) -> bool:
    seen = Counter(card for hand in state.hands for card in hand)
    seen.update(state.pile)
    seen.update(card for pile in state.discards for card in pile)
    return seen == ALL_CARDS


def sequences_fixed_and_apart(before: State, after: State) -> bool:
    """A sequence once made never changes, and two of a team share at most one cell."""
    for old, new in zip(before.sequences, after.sequences, strict=True):
        if new[: len(old)] != old:
            return False
        if any(len(set(a) & set(b)) > 1 for a, b in combinations(new, 2)):
            return False
    return True


def random_input(state: State, rng: random.Random):
    """A seat's legal move, or now and then one of the site's own inputs."""
    roll = rng.random()
    if roll < 0.02:
        return state.turn, "skip"
    playing = [seat for seat in range(state.players) if not state.resigned[seat % state.teams]]
    if roll < 0.03:
        return None, f"penalize {TEAM_NAMES[rng.choice(playing) % state.teams]}"
    open_draws = [seat for seat in playing if state.pending[seat] is not None]
    if open_draws and roll < 0.06:
        return rng.choice(open_draws), "lost"
    if roll < 0.065:
        return rng.choice(playing), "resign"
    seats = [seat for seat in range(state.players) if [m for m in legal_moves(state, seat) if m != "resign"]]
    seat = state.turn if roll < 0.8 or not seats else rng.choice(seats)
    moves = [m for m in legal_moves(state, seat) if m != "resign"]
    return seat, rng.choice(moves) if moves else "resign"


def playout(players, teams, mode, seed, check_each_move=True, limit=5000):
    rng = random.Random(seed)
    state = deal(players=players, teams=teams, draw_mode=mode, deck=shuffled_deck(rng))

    def shuffle(cards):
        return rng.sample(cards, len(cards))

    log = []
    while state.result is None and len(log) < limit:
        seat, move = random_input(state, rng)
        before = json.dumps(state_to_json(state)) if check_each_move else None
        state_after, _ = apply(state, seat, move, shuffle=shuffle)
        if check_each_move:
            assert json.dumps(state_to_json(state)) == before, "apply changed its input state"
            assert cards_accounted_for(state_after)
            assert sequences_fixed_and_apart(state, state_after)
        state = state_after
        log.append((seat, move))
    return state, log


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.sampled_from(SETUPS), mode=st.sampled_from(["automatic", "tabletop"]), seed=st.integers(0, 2**32))
def test_random_playouts_end_in_a_win_or_a_draw_with_every_card_accounted_for(setup, mode, seed):
    players, teams = setup
    state, log = playout(players, teams, mode, seed)
    assert state.result is not None, f"no result after {len(log)} moves"
    assert state.result["reason"] in {"sequences", "resign", "draw"}
    assert state.turn is None
    # The record of the game replays to the same state, through JSON.
    doc = json.loads(json.dumps(record_export(state, seats=[{"player": f"p{i}"} for i in range(players)], moves=log)))
    again = replay(record_load(doc))
    assert again.error is None
    assert again.state == state
    # And the state itself round-trips through JSON.
    assert state_from_json(json.loads(json.dumps(state_to_json(state)))) == state


@settings(max_examples=25, deadline=None)
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 2**32), stop=st.integers(0, 120))
def test_every_listed_move_applies_for_every_seat(setup, seed, stop):
    players, teams = setup
    state, _ = playout(players, teams, "tabletop", seed, check_each_move=False, limit=stop)
    for seat in range(players):
        for move in legal_moves(state, seat):
            apply(state, seat, move)  # must not raise
    assert state_from_json(state_to_json(state)) == state


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=30), seat=st.one_of(st.none(), st.integers(-2, 3)))
def test_any_text_is_applied_or_refused_with_a_message(text, seat):
    state = deal(players=2, teams=2, draw_mode="automatic", deck=shuffled_deck(random.Random(1)))
    try:
        apply(state, seat, text)
    except IllegalMove as exc:
        assert str(exc)


move_words = st.sampled_from(["7H", "JD", "JS", "C4", "D6", "seq", "C2-C6", "dead", "pass", "draw", "10♥", "i5"])


@settings(max_examples=300, deadline=None)
@given(words=st.lists(move_words, min_size=1, max_size=5), seat=st.integers(0, 1))
def test_near_miss_moves_are_applied_or_refused_with_a_message(words, seat):
    state = deal(players=2, teams=2, draw_mode="tabletop", deck=shuffled_deck(random.Random(2)))
    try:
        apply(state, seat, " ".join(words))
    except IllegalMove as exc:
        assert str(exc)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)
VALID = {
    "format": "sequence-record/1",
    "teams": 2,
    "seats": [{"player": "a"}, {"player": "b"}],
    "draw_mode": "automatic",
    "deck": list(FULL_DECK),
    "reshuffles": [],
    "moves": [],
}


@settings(max_examples=300, deadline=None)
@given(
    key=st.sampled_from(sorted(VALID)),
    value=json_values,
    moves=st.lists(
        st.fixed_dictionaries({"seat": st.one_of(st.none(), st.integers(-1, 2)), "move": st.text(max_size=12)}),
        max_size=4,
    ),
)
def test_a_damaged_record_is_refused_with_a_message_or_replays(key, value, moves):
    doc = {**VALID, "moves": moves, key: value}
    try:
        record = record_load(doc)
    except RecordError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    result = replay(record)
    assert result.error is None or result.error["reason"]
