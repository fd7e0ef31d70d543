"""RULES.md: Components; Coordinates and notation."""

from collections import Counter
from pathlib import Path

import pytest

from games.engine import parse_move
from games.engine.board import CARD_CELLS, CELL_INDEX, CELL_NAMES, CORNERS, LAYOUT, parse_cell
from games.engine.cards import FULL_DECK, JACKS, ONE_EYED_JACKS, TWO_EYED_JACKS, card_label, card_name, parse_card
from games.engine.moves import MoveSyntaxError

SHARED_BOARD = Path(__file__).resolve().parents[3] / "shared" / "board.txt"


def test_board_is_the_shared_board_row_1_at_the_top():
    packaged = (Path(__file__).resolve().parents[2] / "games" / "engine" / "board.txt").read_text()
    if SHARED_BOARD.exists():
        assert packaged.split() == SHARED_BOARD.read_text().split()
    rows = [row.split() for row in packaged.strip().splitlines()]
    assert len(rows) == 10 and all(len(row) == 10 for row in rows)
    assert LAYOUT[CELL_INDEX["B1"]] == "2S"  # "B1 is 2♠"
    assert LAYOUT[CELL_INDEX["A2"]] == rows[1][0] == "6C"
    assert LAYOUT[CELL_INDEX["J9"]] == rows[8][9]


def test_corners_are_the_four_xx_cells():
    assert {CELL_NAMES[c] for c in CORNERS} == {"A1", "J1", "A10", "J10"}


def test_every_card_but_jacks_has_exactly_two_spaces_and_jacks_none():
    on_board = Counter(card for card in LAYOUT if card)
    assert len(on_board) == 48 and set(on_board.values()) == {2}
    assert not JACKS & set(on_board)
    assert set(CARD_CELLS) == set(on_board)


def test_two_decks_without_jokers_make_104_cards():
    assert len(FULL_DECK) == 104
    assert set(Counter(FULL_DECK).values()) == {2}


def test_jack_kinds():
    assert {"JD", "JC"} == TWO_EYED_JACKS
    assert {"JS", "JH"} == ONE_EYED_JACKS


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("TH", "TH"),
        ("10h", "TH"),
        ("10H", "TH"),
        ("7♥", "7H"),
        ("qs", "QS"),
        ("2c", "2C"),
        ("A♦", "AD"),
        ("j♣", "JC"),
        (" 9S ", "9S"),
    ],
)
def test_card_input_is_lenient_and_output_canonical(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["", "1H", "11S", "TX", "H7", "10", "♥", "7HH", "Joker"])
def test_not_a_card(text):
    assert parse_card(text) is None


# Characters that Unicode case folding, width folding or digit values would
# turn into the ASCII of a card or a cell, and other junk: none is accepted.
LOOK_ALIKE_CARDS = [
    "7ſ",  # long s, folds to S
    "Kſ",
    "\u212aS",  # Kelvin sign, folds to K
    "\u212ad",
    "ＫＳ",  # fullwidth
    "７H",
    "7Ｈ",
    "²S",  # superscript two
    "٣H",  # Arabic-Indic three
    "1٠H",
    "7H\x00",
    "\x007H",
    "7\x00H",
    "7♡",  # the white suit symbols are not the documented ones
    "10♤",
    "7♥\ufe0f",
    "\u00a07H",
]


@pytest.mark.parametrize("text", LOOK_ALIKE_CARDS)
def test_look_alikes_are_not_cards(text):
    assert parse_card(text) is None


LOOK_ALIKE_CELLS = ["İ5", "ı5", "A²", "A٣", "A١٠", "Ａ1", "Ｃ４", "C4\x00", "\x00C4", "C\u00a04"]


@pytest.mark.parametrize("text", LOOK_ALIKE_CELLS)
def test_look_alikes_are_not_cells(text):
    assert parse_cell(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "7ſ D6",
        "7H İ5",
        "7H ı5",
        "\u212aD B10",
        "s\u212aip",  # folds to "skip"
        "pa\u017f\u017f 7H",
        "penalize gree\u0274",
        "7H D6 \u017feq C2-C6",
        "7H C4 seq C2-C\u0666",
        "dead 7H\x00",
        "resign\x00",
        "7H\u00a0D6",
        "７Ｈ　Ｄ６",
        "\ud800",
        "7H \udc80",
    ],
)
def test_look_alikes_and_control_characters_are_not_moves(text):
    with pytest.raises(MoveSyntaxError, match="has no place in a move"):
        parse_move(text)


def test_card_labels_for_people():
    assert card_label("TH") == "10♥"
    assert card_name("QS") == "queen of spades"


@pytest.mark.parametrize(("text", "cell"), [("A1", 0), ("c4", CELL_INDEX["C4"]), ("J10", 99), ("b1", 1)])
def test_cells(text, cell):
    assert parse_cell(text) == cell


@pytest.mark.parametrize("text", ["K1", "A0", "A11", "4C", "", "AA"])
def test_not_a_cell(text):
    assert parse_cell(text) is None


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("7h c4", "7H C4"),
        ("10♥ i2", "TH I2"),
        ("jd c4", "JD C4"),
        ("7H C4 seq c6-c2", "7H C4 seq C2-C6"),
        ("9D F10 SEQ J10-F10", "9D F10 seq F10-J10"),
        ("Dead 7h", "dead 7H"),
        ("pass 10d", "pass TD"),
        ("DRAW", "draw"),
        ("lost", "lost"),
        ("skip", "skip"),
        ("resign", "resign"),
        ("penalty q♠", "penalty QS"),
        ("Penalize GREEN", "penalize green"),
        ("7H E5 seq A1-E5 seq E1-E5", "7H E5 seq A1-E5 seq E1-E5"),
    ],
)
def test_moves_read_leniently_print_canonically(text, canonical):
    assert parse_move(text).text == canonical


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "empty"),
        ("7H", "is not a move"),
        ("7X C4", "not a card"),
        ("7H Z4", "not a cell"),
        ("draw now", "takes nothing"),
        ("dead", "one card"),
        ("penalize purple", "team"),
        ("7H C4 seq C2-D6", "straight line"),
        ("7H C4 seq C2", "end cells"),
        ("7H C4 hello", "seq"),
        ("7H C4 seq C2-C6 seq C6-C2", "twice"),
    ],
)
def test_malformed_moves_say_what_is_wrong(text, says):
    with pytest.raises(MoveSyntaxError, match=says):
        parse_move(text)
