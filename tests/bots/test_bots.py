"""games/bots (issue 25): what each level chooses, that a bot sees only what
its seat may see, and that bots play whole games through the engine's rules."""

import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from games.bots import choose
from games.bots.greedy import ranked_plays
from games.bots.search import Keeper
from games.bots.worlds import WorldMaker, unseen_cards
from games.engine import apply, deal, legal_actions, legal_moves, player_view, shuffled_deck
from games.engine.board import CELL_NAMES, CORNERS
from tests.engine.helpers import new_game, put
from tests.test_layers import import_graph

ROOT = Path(__file__).resolve().parents[2]
FILLER = ["2S", "3S", "4S", "5S", "6S", "8S"]


def decide(state, seat, level=1, seed=0, **budget):
    action = choose(player_view(state, seat), legal_actions(state, seat), random.Random(seed), level, **budget)
    return action and action["text"]


def play_game(levels, *, players=2, draw_mode="automatic", seed=0, **budget):
    """A whole game between bots; every move goes through apply, so an illegal one fails the test."""
    rng = random.Random(seed)
    state = deal(players=players, teams=2, draw_mode=draw_mode, deck=shuffled_deck(rng))
    moves = 0
    while state.result is None:
        waiting = [s for s in range(players) if state.pending[s] is not None and s != state.turn]
        seat = waiting[0] if waiting else state.turn
        action = choose(player_view(state, seat), legal_actions(state, seat), rng, levels[seat % 2], **budget)
        assert action is not None and action["kind"] != "resign"
        state, _ = apply(state, seat, action["text"], shuffle=lambda cards: rng.sample(cards, len(cards)))
        moves += 1
    return state, moves


# --- level 1 ------------------------------------------------------------------


FOUR = ("C3", "D3", "E3", "F3")  # 2D 3D 4D 5D: B3 (AS) or G3 (6D) makes five


def with_a_sequence(state, team="blue"):
    """The team already holds A5-E5 (far from row 3): one more sequence wins."""
    cells = tuple(range(40, 45))
    put(state, team, *[CELL_NAMES[c] for c in cells])
    state.sequences[("blue", "green").index(team)] = [cells]
    state.locked = frozenset(cells)
    return state


def test_level_1_wins_now():
    state = with_a_sequence(put(new_game([["6D", *FILLER], []]), "blue", *FOUR))
    state.hands[0] = ["QS", "6D", *FILLER[:5]]
    assert decide(state, 0) == "6D G3"
    after, _ = apply(state, 0, "6D G3")
    assert after.result == {"winner": "blue", "reason": "sequences"}


def test_level_1_blocks_an_opponents_four_before_extending_its_own():
    state = put(new_game([["6D", *FILLER], []]), "green", *FOUR)
    put(state, "blue", "B2", "C2", "D2")  # 5C 4C 3C: blue's own line waits
    state.hands[0] = ["6D", "2C", *FILLER[:5]]  # 2C (E2) would make blue's four
    assert decide(state, 0) == "6D G3"


def test_level_1_breaks_a_four_with_a_one_eyed_jack_when_it_cannot_block():
    state = put(new_game([["JS", *FILLER], []]), "green", *FOUR)
    assert decide(state, 0) in {"JS D3", "JS E3"}  # in both of green's windows


def test_level_1_keeps_a_two_eyed_jack_for_a_line_and_plays_a_card():
    state = new_game([["JD", *FILLER], []])
    assert not decide(state, 0).startswith("JD")
    state = with_a_sequence(put(new_game([["JD", *FILLER], []]), "blue", *FOUR))
    assert decide(state, 0) in {"JD B3", "JD G3"}


def test_level_1_turns_in_a_dead_card_first():
    state = new_game([["7H", *FILLER], []])
    put(state, "green", "I5", "D6")  # both spaces of 7H covered
    assert decide(state, 0) == "dead 7H"


def test_level_1_takes_its_draw_in_tabletop_mode():
    state = new_game([["7H", *FILLER], ["9D", *FILLER]], draw_mode="tabletop")
    state, _ = apply(state, 0, decide(state, 0))
    assert state.pending[0] is not None and state.turn == 1
    assert decide(state, 0) == "draw"


def test_with_no_play_level_1_passes_the_card_least_worth_keeping():
    state = new_game([["7H", "JS", *FILLER[:5]], []])
    for cell in range(100):
        if cell not in CORNERS:
            state.board[cell] = 1  # all blue: nothing to play, nothing to remove
    assert decide(state, 0) == "dead 7H"
    state, _ = apply(state, 0, "dead 7H")
    assert decide(state, 0).startswith("pass ") and decide(state, 0) != "pass JS"


def test_level_2_keeps_a_two_eyed_jack_for_a_sequence():
    state = put(new_game([["JD", *FILLER], []]), "blue", "C3", "D3", "E3")
    assert decide(state, 0, 1).startswith("JD")  # level 1 makes its four with the jack
    assert not decide(state, 0, 2, iterations=12).startswith("JD")
    state = put(new_game([["JD", *FILLER], []]), "blue", *FOUR)
    assert decide(state, 0, 2, iterations=12) in {"JD B3", "JD G3"}  # a sequence is worth the jack


def level_2_ranking(state, seat=0):
    return [text for _, text in ranked_plays(Keeper.from_view(player_view(state, seat)), legal_moves(state, seat))]


def test_level_2_lets_a_cell_no_other_seat_can_take_wait():
    # Blue's D4 D5: D6 (7H) makes three in column D, level 1's best play.
    contested = put(new_game([["7H", *FILLER], []]), "blue", "D4", "D5")
    assert level_2_ranking(contested)[0] == "7H D6"  # green may draw the other 7H
    both = put(new_game([["7H", "7H", *FILLER[:5]], []]), "blue", "D4", "D5")
    assert level_2_ranking(both)[0] != "7H D6" and decide(both, 0, 1) == "7H D6"
    discarded = put(new_game([["7H", *FILLER], []]), "blue", "D4", "D5")
    discarded.pile.remove("7H")
    discarded.discards[1] = ["7H"]
    assert level_2_ranking(discarded)[0] != "7H D6"


def test_level_2_searches_at_most_its_candidates():
    # Blue's D4 D5 and both 7H: level 2 ranks 7H D6 lower; with one candidate there is nothing to search.
    state = put(new_game([["7H", "7H", *FILLER[:5]], []]), "blue", "D4", "D5")
    assert decide(state, 0, 2, iterations=60, candidates=1) == level_2_ranking(state)[0]
    for seed in range(4):
        state = midgame(seed=seed, turns=12 + seed)
        ranking = level_2_ranking(state, state.turn)
        assert decide(state, state.turn, 2, seed=seed, iterations=60, candidates=1) == ranking[0]


def test_level_2_with_the_same_seed_chooses_the_same():
    for seed in range(4):
        state = midgame(seed=seed, turns=12 + seed)
        seat = state.turn
        first = decide(state, seat, 2, seed=seed, iterations=60)
        assert first in legal_moves(state, seat)
        assert all(decide(state, seat, 2, seed=seed, iterations=60) == first for _ in range(2))


@pytest.mark.parametrize("level", [0, 1, 2])
def test_a_bot_never_resigns(level):
    state = new_game([["7H", *FILLER], ["9D", *FILLER]])
    assert decide(state, 1, level) is None  # not its turn: nothing but resigning is legal
    assert decide(state, 0, level, iterations=5) not in (None, "resign")


def test_an_unknown_level_is_refused():
    state = new_game([["7H", *FILLER], []])
    with pytest.raises(ValueError, match="no bot level 3"):
        decide(state, 0, 3)


# --- hidden information ---------------------------------------------------------


def midgame(seed=4, turns=16, players=2):
    rng = random.Random(seed)
    state = deal(players=players, teams=2, draw_mode="automatic", deck=shuffled_deck(rng))
    for _ in range(turns):
        state, _ = apply(state, state.turn, decide(state, state.turn))
    return state


def with_hidden_cards_dealt_again(state, seat, seed):
    """The same game but for the cards `seat` cannot see: the other hands and the pile dealt anew."""
    other = state.copy()
    hidden = [card for s in range(state.players) if s != seat for card in state.hands[s]] + state.pile
    random.Random(seed).shuffle(hidden)
    for s in range(state.players):
        if s != seat:
            other.hands[s], hidden = hidden[: len(state.hands[s])], hidden[len(state.hands[s]) :]
    other.pile = hidden
    return other


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize(("level", "budget"), [(0, {}), (1, {}), (2, {"iterations": 12})])
def test_a_bot_chooses_the_same_whatever_the_cards_it_cannot_see(players, level, budget):
    state = midgame(players=players)
    seat = state.turn
    for seed in range(3):
        other = with_hidden_cards_dealt_again(state, seat, seed)
        assert other.hands != state.hands or other.pile != state.pile
        assert player_view(other, seat) == player_view(state, seat)
        assert decide(other, seat, level, seed=7, **budget) == decide(state, seat, level, seed=7, **budget)


def test_the_sampled_worlds_deal_exactly_the_unseen_cards():
    state = midgame(players=4)
    seat = state.turn
    view = player_view(state, seat)
    hidden = Counter(card for s in range(4) if s != seat for card in state.hands[s]) + Counter(state.pile)
    assert Counter(unseen_cards(view)) == hidden
    world = WorldMaker(view).sample(random.Random(1))
    assert world.hands[seat] == state.hands[seat]
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands] and len(world.pile) == len(state.pile)
    assert world.board == state.board and world.discards == state.discards and world.turn == state.turn


# --- whole games ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("draw_mode", ["automatic", "tabletop"])
def test_level_1_beats_level_0(players, draw_mode):
    for seed in range(2):
        levels = (1, 0) if seed % 2 == 0 else (0, 1)
        state, _ = play_game(levels, players=players, draw_mode=draw_mode, seed=seed)
        assert state.result["winner"] == ("blue" if levels[0] == 1 else "green")


def test_level_2_plays_a_whole_game_within_its_budget():
    state, moves = play_game((2, 1), draw_mode="tabletop", seed=3, iterations=4)
    assert state.result is not None and moves > 10


# --- purity -------------------------------------------------------------------


def test_the_bots_import_only_the_engine_and_the_standard_library():
    graph = import_graph(ROOT)
    own = {module: targets for module, targets in graph.items() if module.startswith("games.bots")}
    assert own, "games.bots not found"
    for module, targets in own.items():
        site = {t for t in targets if t.split(".")[0] in ("games", "accounts", "sequence_site", "django")}
        assert all(t.startswith(("games.bots", "games.engine")) for t in site), (module, site)
    code = "import sys, games.bots; assert 'django' not in sys.modules; print('pure')"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.strip() == "pure", result.stderr
