"""The table's view-model (games.viewmodels), which the game page and the
e-mails both read: cells, legal moves as data, dead cards, turn, winners,
hand order; and a replayed position. Games are dealt from a known deck."""

from collections import Counter

import pytest

from games import engine, services
from games.engine.board import CARD_CELLS, CELL_NAMES, LAYOUT
from games.engine.cards import FULL_DECK
from games.errors import Conflict
from games.viewmodels.replay import replay_frame
from games.viewmodels.table import Action, table_for
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

BLUE_HAND = ["7H", "2S", "JS", "JD", "AD", "KD", "QD"]  # seat 0 plays first
GREEN_HAND = ["2S", "3S", "4S", "5S", "6S", "7S", "8S"]
OTHER_2S = next(CELL_NAMES[cell] for cell in CARD_CELLS["2S"] if CELL_NAMES[cell] != "B1")


def dealing(*hands: list[str]) -> list[str]:
    """A deck whose deal gives these hands, seat 0 first; the rest in order."""
    dealt = [card for round_ in zip(*hands, strict=True) for card in round_]
    rest = Counter(FULL_DECK)
    rest.subtract(dealt)
    return dealt + sorted(rest.elements())


@pytest.fixture
def game(started_game, monkeypatch):
    monkeypatch.setattr(engine, "shuffled_deck", lambda rng: dealing(BLUE_HAND, GREEN_HAND))
    game, users = started_game(2, 2)
    game.users = users
    return game


def play(game, *moves: str) -> None:
    for move in moves:
        game.refresh_from_db()
        user = game.users[game.turn_position]
        services.move_submit(game_id=game.pk, user=user, move=move, expected_version=game.version)
    game.refresh_from_db()


def table(game, position: int | None, **options):
    seats = list(game.seats.order_by("position"))
    mine = seats[position] if position is not None else None
    return table_for(game=game, seats=seats, my_seat=mine, **options)


def cell(view_table, name: str):
    return next(c for row in view_table.rows for c in row if c.name == name)


def test_the_board_is_ten_rows_of_the_layout_with_free_corners(game):
    rows = table(game, 0).rows
    assert [len(row) for row in rows] == [10] * 10
    cells = [c for row in rows for c in row]
    assert [c.name for c in cells] == list(CELL_NAMES) and [c.card for c in cells] == list(LAYOUT)
    assert {c.name for c in cells if c.corner} == {"A1", "J1", "A10", "J10"}
    assert not any(c.chip or c.in_sequence or c.last_move or c.target for c in cells)


def test_a_move_puts_a_chip_and_rings_the_last_move(game):
    play(game, "AD B10", "2S B1")
    after = table(game, 0)
    assert cell(after, "B10").chip == "blue" and cell(after, "B1").chip == "green"
    assert [c.name for row in after.rows for c in row if c.last_move] == ["B1"]
    assert [line.notation for line in after.history] == ["2S B1", "AD B10"]  # newest first


def test_a_finished_sequence_is_marked_on_its_cells(game):
    play(game, "AD B10", "3S C1", "KD C10", "4S D1", "QD D10", "5S E1")
    assert not any(c.in_sequence for row in table(game, 0).rows for c in row)
    play(game, "JD E10")  # with the corner A10, five in a row
    marked = {c.name for row in table(game, None).rows for c in row if c.in_sequence}
    assert marked == {"A10", "B10", "C10", "D10", "E10"}


def test_the_chosen_card_lights_up_its_spaces_as_moves(game):
    chosen = table(game, 0, selected_card="7H")
    spaces = sorted(CELL_NAMES[c] for c in CARD_CELLS["7H"])
    assert chosen.selected == "7H" and chosen.targets == spaces and chosen.selected_reach == "spaces"
    assert {c.name: c.target for row in chosen.rows for c in row if c.target} == {s: f"7H {s}" for s in spaces}
    assert [card.code for card in chosen.hand if card.selected] == ["7H"]


def test_a_two_eyed_jack_goes_anywhere_and_a_one_eyed_jack_takes_a_chip(game):
    wild = table(game, 0, selected_card="JD")
    assert wild.selected_reach == "anywhere" and len(wild.targets) == 96
    assert table(game, 0, selected_card="JS").targets == []  # no chip to take yet
    play(game, "AD B10", "2S B1")
    remove = table(game, 0, selected_card="JS")
    assert remove.selected_reach == "remove" and remove.targets == ["B1"] and cell(remove, "B1").target == "JS B1"
    assert remove.actions.placements("JS") == [Action(kind="remove", text="JS B1", card="JS", cell="B1")]


def test_a_card_not_in_the_hand_selects_nothing(game):
    for card in ("3S", None):
        unchosen = table(game, 0, selected_card=card)
        assert unchosen.selected is None and unchosen.targets == [] and unchosen.selected_reach is None


def test_a_dead_card_is_marked_and_offered_to_turn_in(game):
    play(game, "AD B10", "2S B1", f"JD {OTHER_2S}", "3S C1")
    mine = table(game, 0)
    assert [card.code for card in mine.hand if card.dead] == ["2S"]
    assert mine.actions.dead == [Action(kind="dead", text="dead 2S", card="2S")]
    assert "2S" not in mine.actions.playable


def test_the_legal_moves_are_the_engines_in_order(game):
    mine = table(game, 0)
    state = engine.state_from_json(game.state)
    assert [a.text for a in mine.actions.legal] == engine.legal_moves(state, 0)
    assert mine.actions.texts == engine.legal_moves(state, 0)[:-1] and mine.actions.resign
    assert not mine.actions.draw and not mine.actions.passes and not mine.actions.penalty
    assert table(game, 1).actions.legal == [Action(kind="resign", text="resign")]  # not green's turn


def test_the_hand_is_sorted_for_the_page_and_as_held_for_the_emails(game):
    mine = table(game, 0)
    assert [card.code for card in mine.hand] == ["2S", "7H", "QD", "KD", "AD", "JS", "JD"]  # jacks last
    assert mine.hand_labels == ["7♥", "2♠", "J♠", "J♦", "A♦", "K♦", "Q♦"]
    assert {card.code for card in mine.hand if card.playable} == set(BLUE_HAND) - {"JS"}


def test_the_turn_seat_and_then_the_winners(game):
    before = table(game, 1)
    assert before.turn_seat.name == game.users[0].username and before.turn_seat.is_turn
    assert not before.my_turn and table(game, 0).my_turn and before.winners == []
    play(game, "resign")
    after = table(game, None)
    assert after.turn_seat is None and after.winners == [game.users[1].username]


def test_a_spectator_sees_no_hand_and_has_no_moves(game):
    watching = table(game, None, selected_card="7H")
    assert watching.hand == [] and watching.hand_labels == [] and watching.actions.legal == []
    assert watching.selected is None and not watching.my_turn


def test_history_zero_reads_no_move(game, django_assert_num_queries):
    play(game, "AD B10")
    # with their players, as every door reads them (whether one is on vacation is read from there)
    seats, mine = list(game.seats.select_related("user").order_by("position")), None
    with django_assert_num_queries(0):
        quiet = table_for(game=game, seats=seats, my_seat=mine, history=0)
    assert quiet.history == [] and not any(c.last_move for row in quiet.rows for c in row)
    assert [line.seq for line in table(game, None, history=1).history] == [1]


def test_a_replayed_position_is_the_board_after_that_move(game):
    play(game, "AD B10", "2S B1")
    seats = list(game.seats.order_by("position"))
    deal = replay_frame(game=game, seats=seats, at=0)
    assert (deal.at, deal.total) == (0, 2) and not any(c.chip for row in deal.table.rows for c in row)
    first = replay_frame(game=game, seats=seats, at=1).table
    assert {c.name for row in first.rows for c in row if c.chip} == {"B10"} and cell(first, "B10").last_move
    assert first.hand == [] and [line.seq for line in first.history] == [1]
    assert replay_frame(game=game, seats=seats, at=99).at == 2 == replay_frame(game=game, seats=seats, at=None).at


def test_a_game_not_started_has_no_replay():
    forming = services.game_create(creator=UserFactory(), players=2, teams=2)
    with pytest.raises(Conflict):
        replay_frame(game=forming, seats=list(forming.seats.all()), at=None)


def test_the_news_says_what_changed_since_i_last_acted(game):
    play(game, "AD B10", "2S B1")
    names = {seat.position: seat.name for seat in game.seats.all()}
    assert [(entry.team, entry.text) for entry in table(game, 0).news] == [("green", f"{names[1]} played 2♠ on B1")]
    assert table(game, 1).news == []  # nothing since green's own move
    assert [entry.text for entry in table(game, None).news] == [f"{names[1]} played 2♠ on B1"]  # a spectator


def test_the_news_names_a_sequence(game):
    play(game, "AD B10", "3S C1", "KD C10", "4S D1", "QD D10", "5S E1", "JD E10")
    assert table(game, 1).news[-1].text.endswith("blue made a sequence")
