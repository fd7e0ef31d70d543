"""Any text a player, an e-mail or a record can send: the parsers the site
shares with replay answer with a move, None or MoveSyntaxError, and `apply`
with IllegalMove; never another exception."""

import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from games.engine import ENGLISH, IllegalMove, MoveSyntaxError, ParsedMove, apply, deal, parse_move, shuffled_deck
from games.engine.board import parse_cell
from games.engine.cards import ONE_SUIT_DECK, parse_card
from games.engine.moves import foreign_character

# Letters and digits that Unicode folds to ASCII ones (long s, dotted and
# dotless i, Kelvin sign, fullwidth forms, other digits), spaces other than
# ASCII ones, NUL, the white suit symbols and the emoji variation selector.
LOOK_ALIKES = "\u017f\u0130\u0131\u212aＫＨＣＤＳＪ０１２７²³¹٣١٠\x00\u00a0\u2003\u3000♡♤♢♧\ufe0f"
WORDS = ["7H", "10♥", "jd", "JS", "qs", "C4", "c10", "I5", "seq", "C2-C6", "dead", "pass", "draw", "lost"]
WORDS += ["skip", "resign", "penalty", "penalize", "green", "-", "10", "♠"]
words = st.sampled_from(WORDS)


@st.composite
def near_words(draw):
    """A word of a move with one character swapped for a look-alike."""
    word = draw(words)
    at = draw(st.integers(0, len(word) - 1))
    return word[:at] + draw(st.sampled_from(LOOK_ALIKES)) + word[at + 1 :]


texts = st.one_of(
    st.text(max_size=30),  # any Unicode but lone surrogates
    st.lists(st.one_of(words, near_words()), min_size=1, max_size=5).map(" ".join),
    st.text(alphabet="7HCSDJKQTA10 -seqdrawpn" + LOOK_ALIKES, max_size=12),
)


@settings(max_examples=500, deadline=None)
@given(text=texts)
@example("\ud800")
@example("s\u212aip")
@example("7ſ D6")
@example("7H İ5")
def test_parse_move_gives_a_canonical_move_or_a_syntax_error(text):
    try:
        move = parse_move(text)
    except MoveSyntaxError as exc:
        assert exc.code in ENGLISH and str(exc)
        return
    assert isinstance(move, ParsedMove)
    assert foreign_character(text) is None  # only the documented characters make a move
    assert move.text.isascii() and parse_move(move.text) == move


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(texts, near_words(), words))
def test_cards_and_cells_are_canonical_or_none(text):
    card, cell = parse_card(text), parse_cell(text)
    assert card is None or card in ONE_SUIT_DECK
    assert cell is None or 0 <= cell < 100
    if card is not None or cell is not None:
        assert foreign_character(text) is None


STATE = deal(players=2, teams=2, draw_mode="tabletop", deck=shuffled_deck(random.Random(3)))


@settings(max_examples=500, deadline=None)
@given(
    text=st.one_of(texts, st.none(), st.integers(), st.lists(st.text(max_size=3), max_size=2)),
    seat=st.one_of(st.none(), st.integers(-2, 3)),
)
@example(text="\ud800", seat=0)
@example(text="7H İ5", seat=0)
def test_apply_refuses_any_text_only_with_illegal_move(text, seat):
    try:
        apply(STATE, seat, text)
    except IllegalMove as exc:
        assert exc.code in ENGLISH and str(exc)
