"""RULES.md: Players, teams, seats; Setup."""

import random

import pytest

from games.engine import HAND_SIZE, SetupError, check_setup, cut_for_deal, deal, sequences_to_win
from games.engine.cards import FULL_DECK
from games.engine.setup import Cut, team_of


@pytest.mark.parametrize(
    ("players", "teams"),
    [(2, 2), (3, 3), (4, 2), (6, 2), (6, 3), (8, 2), (9, 3), (10, 2), (12, 2), (12, 3)],
)
def test_allowed_player_and_team_counts(players, teams):
    check_setup(players, teams)


@pytest.mark.parametrize("players", [0, 1, 5, 7, 11, 13, 14])
def test_other_player_counts_are_refused_with_the_allowed_ones(players):
    with pytest.raises(SetupError, match="2, 3, 4, 6, 8, 9, 10, 12"):
        check_setup(players, 2)


@pytest.mark.parametrize(("players", "teams"), [(2, 3), (3, 2), (4, 3), (8, 3), (9, 2), (10, 3)])
def test_team_counts_must_divide_the_players(players, teams):
    with pytest.raises(SetupError, match="teams"):
        check_setup(players, teams)


def test_seats_alternate_teams():
    assert [team_of(seat, 2) for seat in range(6)] == [0, 1, 0, 1, 0, 1]
    assert [team_of(seat, 3) for seat in range(6)] == [0, 1, 2, 0, 1, 2]


def test_hand_sizes():
    assert HAND_SIZE == {2: 7, 3: 6, 4: 6, 6: 5, 8: 4, 9: 4, 10: 3, 12: 3}


def test_sequences_to_win():
    assert sequences_to_win(2) == 2
    assert sequences_to_win(3) == 1


def test_deal_one_card_at_a_time_from_the_top_seat_0_first():
    deck = list(FULL_DECK)
    random.Random(5).shuffle(deck)
    state = deal(players=3, teams=3, draw_mode="automatic", deck=deck)
    assert state.hands[0] == deck[0:18:3]
    assert state.hands[1] == deck[1:18:3]
    assert state.hands[2] == deck[2:18:3]
    assert len(state.pile) == 104 - 18
    assert state.pile[-1] == deck[18]  # the next card drawn
    assert state.turn == 0  # the player left of the dealer moves first


def test_deal_refuses_a_deck_that_is_not_two_full_decks():
    with pytest.raises(ValueError, match="104"):
        deal(players=2, teams=2, draw_mode="automatic", deck=[*list(FULL_DECK[:-1]), "AS"])


class ScriptedCuts(random.Random):
    """A random source whose `sample` returns the cut cards we choose."""

    def __init__(self, *cuts):
        super().__init__(0)
        self.cuts = list(cuts)

    def sample(self, population, k):
        cards = self.cuts.pop(0)
        assert len(cards) == k
        return cards


def test_lowest_cut_deals_aces_high():
    cut = cut_for_deal(3, ScriptedCuts(["AS", "2H", "KD"]))
    assert cut.dealer == 1
    assert cut.rounds == ({0: "AS", 1: "2H", 2: "KD"},)


def test_jacks_rank_between_ten_and_queen_in_the_cut():
    assert cut_for_deal(2, ScriptedCuts(["JS", "QS"])).dealer == 0
    assert cut_for_deal(2, ScriptedCuts(["JS", "TS"])).dealer == 1


def test_a_tie_for_lowest_is_cut_again_between_the_tied_players():
    cut = cut_for_deal(4, ScriptedCuts(["5H", "3C", "3S", "9D"], ["KH", "QC"]))
    assert cut.rounds == ({0: "5H", 1: "3C", 2: "3S", 3: "9D"}, {1: "KH", 2: "QC"})
    assert cut.dealer == 2


def test_seat_0_sits_left_of_the_dealer():
    assert Cut(rounds=(), dealer=2).seat_order(4) == [3, 0, 1, 2]


def test_cut_with_a_real_random_source_always_names_one_dealer():
    for seed in range(50):
        cut = cut_for_deal(12, random.Random(seed))
        assert 0 <= cut.dealer < 12
        last = cut.rounds[-1]
        assert cut.dealer in last
