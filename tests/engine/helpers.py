"""Games set up for a rule test: chosen hands, chosen draws, chips placed."""

import random
from collections import Counter

from games.engine import HAND_SIZE, apply, deal, legal_moves, record_export, shuffled_deck
from games.engine.board import CELL_INDEX
from games.engine.cards import FULL_DECK, JACKS
from games.engine.setup import TEAM_NAMES


def stacked_deck(hands: list[list[str]], draws: list[str] = ()) -> list[str]:
    """A deck that deals `hands` (filled up with non-jacks that nobody asked
    for) and then draws `draws` in order; the remaining cards follow."""
    players = len(hands)
    size = HAND_SIZE[players]
    left = Counter(FULL_DECK)
    left.subtract(card for hand in hands for card in hand)
    left.subtract(draws)
    assert all(count >= 0 for count in left.values()), "a card is asked for more than twice"
    fillers = [card for card in sorted(left.elements(), key=lambda c: (c in JACKS, c))]
    full_hands = []
    for hand in hands:
        assert len(hand) <= size, f"{players} players hold {size} cards each"
        extra = size - len(hand)
        full_hands.append([*hand, *fillers[:extra]])
        fillers = fillers[extra:]
    deck = [full_hands[seat][round_] for round_ in range(size) for seat in range(players)]
    return deck + list(draws) + fillers


def new_game(hands, draws=(), *, teams=None, draw_mode="automatic"):
    players = len(hands)
    teams = teams or (3 if players in (3, 9) else 2)
    return deal(players=players, teams=teams, draw_mode=draw_mode, deck=stacked_deck(hands, list(draws)))


def put(state, team: str, *cells: str):
    """Place chips directly, to set up a position (tests only)."""
    bit = 1 << TEAM_NAMES.index(team)
    for cell in cells:
        state.board[CELL_INDEX[cell]] = bit
    return state


def play(state, *moves):
    """Apply (seat, move) pairs in order, returning the final state and all events."""
    events = []
    for seat, move in moves:
        state, new = apply(state, seat, move)
        events.extend(new)
    return state, events


def hand(state, seat):
    return sorted(state.hands[seat])


def a_game_with_a_reshuffle() -> dict:
    """A record of random play up to just past the first reshuffle of the discards."""
    rng = random.Random(5)
    state = deal(players=2, teams=2, draw_mode="automatic", deck=shuffled_deck(rng))
    log = []
    while not state.reshuffles:
        seat = state.turn
        move = rng.choice([m for m in legal_moves(state, seat) if m != "resign"])
        state, _ = apply(state, seat, move, shuffle=lambda cards: rng.sample(cards, len(cards)))
        log.append((seat, move))
    assert state.result is None
    return record_export(state, seats=[{"player": "a"}, {"player": "b"}], moves=log)
