"""games.bots.playout (issue 25): level 2's copy-free playout game gives the
engine's board, sequences, hands and winner for the same moves, and its
policy plays only legal moves and takes a win or blocks a four when it can."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.bots.playout import Playout
from games.bots.position import window_counts
from games.engine import apply, deal, legal_moves, shuffled_deck
from games.engine.board import CELL_INDEX, CELL_NAMES
from games.engine.moves import CANONICAL_PLAYS, parse_move
from tests.engine.helpers import new_game, put

FILLER = ["2S", "3S", "4S", "5S", "6S", "8S"]
FOUR = ("C3", "D3", "E3", "F3")  # 2D 3D 4D 5D: B3 (AS) or G3 (6D) makes five


def playout_of(state, jack_cost=(25, 25)):
    discards = [card for pile in state.discards for card in pile]
    game = Playout(state.board, state.sequences, state.teams, state.needed)
    return game.deal(state.hands, state.pile, discards, random.Random(0), list(jack_cost))


def same_game(state, game):
    assert game.board == state.board
    assert game.sequences == [list(seqs) for seqs in state.sequences]
    assert game.locked == set(state.locked)
    winner = state.result and state.result["winner"]
    assert game.winner == (None if winner is None else ("blue", "green", "red").index(winner))
    assert game.hands == state.hands
    # The counts kept move by move, and the windows each team holds three of, are those of the board.
    empties, counts = window_counts(game.board, game.teams)
    assert (game.empties, game.counts) == (empties, counts)
    assert game.hot == [{w for w, held in enumerate(team) if held >= 3} for team in counts]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]))
def test_random_legal_moves_give_the_engines_board_sequences_hands_and_winner(seed, players):
    rng = random.Random(seed)
    state = deal(players=players, teams=3 if players == 3 else 2, draw_mode="automatic", deck=shuffled_deck(rng))
    game = playout_of(state)
    while state.result is None:
        seat = state.turn
        moves = [m for m in legal_moves(state, seat) if m.startswith("dead ") or m in CANONICAL_PLAYS]
        if not moves:
            break
        text = rng.choice(moves)
        move = parse_move(text)
        state, _ = apply(state, seat, text, shuffle=lambda cards: rng.sample(cards, len(cards)))
        if move.kind == "dead":
            game.discard(seat, move.card)
        elif game.board[move.cell]:
            game.remove(seat, move.card, move.cell)
        else:
            game.place(seat, move.card, move.cell)
        if game.winner is None:  # a winning play ends the game before its draw
            game.draw(seat)
        if state.reshuffles and game.pile != state.pile:  # a reshuffle orders the pile each its own way
            game.hands, game.pile, game.discards = [h[:] for h in state.hands], state.pile[:], []
        same_game(state, game)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 4]), turns=st.integers(0, 60))
def test_the_policy_plays_only_legal_moves(seed, players, turns):
    rng = random.Random(seed)
    state = deal(players=players, teams=2, draw_mode="automatic", deck=shuffled_deck(rng))
    game = playout_of(state)
    for _ in range(turns):
        if state.result is not None:
            break
        seat = state.turn
        card, cell, removal = game.choose(seat)
        legal = legal_moves(state, seat)
        text = f"{card} {CELL_NAMES[cell]}" if cell is not None else f"dead {card}"
        if cell is None and text not in legal:  # nothing to play: a pass, or a jack given up
            assert not any(m in CANONICAL_PLAYS for m in legal if not m.startswith(("JD", "JC")))
            return
        assert text in legal
        assert removal == (cell is not None and state.board[cell] != 0)
        state, _ = apply(state, seat, text, shuffle=lambda cards: rng.sample(cards, len(cards)))
        game = playout_of(state)  # the engine's draw, not the playout's


def test_the_policy_wins_now_and_blocks_a_four():
    state = put(new_game([["6D", "2C", *FILLER[:5]], []]), "blue", *FOUR)
    assert playout_of(state).choose(0) == ("6D", CELL_INDEX["G3"], False)
    state = put(new_game([["6D", "2C", *FILLER[:5]], []]), "green", *FOUR)
    put(state, "blue", "B2", "C2", "D2")  # 2C (E2) would make blue's four
    assert playout_of(state).choose(0) == ("6D", CELL_INDEX["G3"], False)


def test_the_policy_breaks_a_four_with_a_one_eyed_jack_and_keeps_a_two_eyed_one_as_told():
    state = put(new_game([["JS", *FILLER], []]), "green", *FOUR)
    card, cell, removal = playout_of(state).choose(0)
    assert card == "JS" and removal and CELL_NAMES[cell] in FOUR
    state = put(new_game([["JD", *FILLER], []]), "blue", "C3", "D3", "E3")
    assert playout_of(state, jack_cost=(25, 25)).choose(0)[0] == "JD"  # level 1's price: make the four
    assert playout_of(state, jack_cost=(900, 25)).choose(0)[0] != "JD"  # level 2's: keep it
    put(state, "blue", "F3")
    assert playout_of(state, jack_cost=(900, 25)).choose(0)[0] == "JD"  # a sequence is worth it
