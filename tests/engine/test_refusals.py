"""Refusals as codes: every raise site names a code that has an English
template, with the params the template needs; every code can be met, and its
params are JSON with cells and cards in canonical notation."""

import ast
import json
import string
from pathlib import Path

import pytest

from games.engine import (
    ENGLISH,
    IllegalMove,
    MoveSyntaxError,
    RecordError,
    Refused,
    SetupError,
    apply,
    check_setup,
    deal,
    parse_move,
    record_load,
    record_parse,
    replay,
)
from games.engine.board import CELL_NAMES
from games.engine.cards import FULL_DECK
from tests.engine.helpers import new_game, play, put
from tests.engine.test_records import a_game_with_a_reshuffle, with_a_wrong_card_in_the_reshuffle
from tests.engine.test_turn import FILLER

ENGINE = Path(__file__).resolve().parents[2] / "games" / "engine"
REFUSALS = {"IllegalMove", "MoveSyntaxError", "RecordError", "SetupError"}
HINTS = {"card_can_go", "card_is_dead", "two_eyed_jack_anywhere"}  # codes given as a `hint` param


def fields(code: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(ENGLISH[code]) if name}


def raise_sites():
    """(file:line, code, keyword names, passes **params through) of every refusal the engine constructs."""
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in REFUSALS:
                where = f"{path.name}:{node.lineno}"
                code = node.args[0].value if node.args and isinstance(node.args[0], ast.Constant) else None
                names = {kw.arg for kw in node.keywords if kw.arg}
                yield where, code, names, any(kw.arg is None for kw in node.keywords)


SITES = list(raise_sites())


def test_every_raise_site_names_a_code_with_a_template_and_the_params_it_needs():
    assert len(SITES) > 60
    for where, code, names, passed_through in SITES:
        if code is None:  # re-raised as another kind: IllegalMove(exc.code, **exc.params)
            assert passed_through, f"{where}: a refusal needs a code as its first argument"
            continue
        assert code in ENGLISH, f"{where}: no English template for {code!r}"
        needed = fields(code) | ({field for hint in HINTS for field in fields(hint)} if "hint" in names else set())
        assert needed <= names, f"{where}: {code!r} needs {sorted(needed - names)}"


def test_every_template_is_used():
    used = {code for _, code, _, _ in SITES if code} | HINTS
    assert set(ENGLISH) == used


def test_the_engine_raises_nothing_but_refusals():
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Raise) and node.exc is not None:
                assert getattr(node.exc.func, "id", None) in REFUSALS, f"{path.name}:{node.lineno}"


# --- each code met, through the public API ----------------------------------------


def two_players(hand=("7H", *FILLER), other=(), **kwargs):
    return new_game([list(hand), list(other)], **kwargs)


def three_players():
    return new_game([["7H", *FILLER[:5]], ["9D"], ["AC"]])


def blue_holds(card, *cells):
    return put(two_players((card, *FILLER)), "blue", *cells)


def blue_sequence_c2_c6():
    state = put(two_players(("8C", *FILLER), ("JS",)), "blue", "C2", "C3", "C4", "C5")
    state, _ = apply(state, 0, "8C C6")
    return state


def naming_position():
    """Blue holds A2-E2; I2 closes E2-I2 or F2-J2, not both."""
    state = blue_holds("TH", "A2", "B2", "C2", "D2", "E2", "F2", "G2", "H2", "J2")
    state.sequences[0] = [(10, 11, 12, 13, 14)]
    state.locked = frozenset(range(10, 15))
    return state


def tabletop_after_a_play():
    state, _ = apply(two_players(draw_mode="tabletop", other=("2S",)), 0, "7H D6")
    return state


def record(**changes):
    doc = {
        "format": "sequence-record/1",
        "teams": 2,
        "seats": [{}, {}],
        "draw_mode": "automatic",
        "deck": list(FULL_DECK),
        "reshuffles": [],
        "moves": [],
    }
    return {**doc, **changes}


DEAL = {"players": 2, "teams": 2, "draw_mode": "automatic", "deck": list(FULL_DECK)}

CASES = [  # (code, hint, what meets it)
    # MoveSyntaxError
    ("not_text", None, lambda: parse_move(7)),
    ("foreign_character", None, lambda: parse_move("7ſ D6")),
    ("empty_move", None, lambda: parse_move("  ")),
    ("not_a_move", None, lambda: parse_move("7H")),
    ("takes_nothing", None, lambda: parse_move("draw now")),
    ("needs_one_card", None, lambda: parse_move("dead")),
    ("needs_team", None, lambda: parse_move("penalize purple")),
    ("not_a_card", None, lambda: parse_move("7X C4")),
    ("not_a_cell", None, lambda: parse_move("7H Z4")),
    ("only_seq_after_cell", None, lambda: parse_move("7H C4 hello")),
    ("not_sequence_ends", None, lambda: parse_move("7H C4 seq C2")),
    ("not_a_line", None, lambda: parse_move("7H C4 seq C2-D6")),
    ("named_twice", None, lambda: parse_move("7H C4 seq C2-C6 seq C6-C2")),
    # IllegalMove
    ("game_over", None, lambda: apply(apply(two_players(), 1, "resign")[0], 0, "7H D6")),
    ("not_a_seat", None, lambda: apply(two_players(), None, "7H D6")),
    ("team_resigned", None, lambda: apply(apply(three_players(), 1, "resign")[0], 1, "9D F10")),
    ("not_your_turn", None, lambda: apply(two_players(other=("9D",)), 1, "9D F10")),
    ("draw_first", None, lambda: apply(play(tabletop_after_a_play(), (1, "2S B1"))[0], 0, "2S B1")),
    ("penalty_first", None, lambda: apply(apply(two_players(), None, "penalize blue")[0], 0, "7H D6")),
    ("card_not_held", None, lambda: apply(two_players(), 0, "9D F10")),
    ("corner", None, lambda: apply(two_players(("JD",)), 0, "JD A1")),
    ("cell_occupied", "card_can_go", lambda: apply(put(two_players(), "green", "D6"), 0, "7H D6")),
    ("cell_occupied", "two_eyed_jack_anywhere", lambda: apply(put(two_players(("JD",)), "green", "D6"), 0, "JD D6")),
    ("cell_occupied", "card_is_dead", lambda: apply(put(two_players(), "green", "D6", "I5"), 0, "7H D6")),
    ("not_on_card", "card_can_go", lambda: apply(two_players(), 0, "7H C4")),
    ("jack_names_sequence", None, lambda: apply(put(two_players(("JS",)), "green", "C4"), 0, "JS C4 seq C2-C6")),
    ("remove_corner", None, lambda: apply(two_players(("JS",)), 0, "JS A1")),
    ("remove_empty", None, lambda: apply(two_players(("JS",)), 0, "JS C4")),
    ("remove_own", None, lambda: apply(blue_holds("JS", "C4"), 0, "JS C4")),
    ("remove_sequence", None, lambda: apply(blue_sequence_c2_c6(), 1, "JS C4")),
    ("named_without_sequence", None, lambda: apply(two_players(("2C",)), 0, "2C E2 seq A2-E2")),
    ("not_a_new_sequence", None, lambda: apply(naming_position(), 0, "TH I2 seq D2-H2")),
    (
        "sequence_not_named",
        None,
        lambda: apply(blue_holds("5H", "A5", "B5", "C5", "D5", "E1", "E2", "E3", "E4"), 0, "5H E5 seq A5-E5"),
    ),
    ("named_overlap", None, lambda: apply(naming_position(), 0, "TH I2 seq E2-I2 seq F2-J2")),
    (
        "dead_used",
        None,
        lambda: apply(
            apply(put(two_players(("7H", "2D")), "green", "D6", "I5", "C3", "J6"), 0, "dead 7H")[0], 0, "dead 2D"
        ),
    ),
    ("not_dead", None, lambda: apply(two_players(), 0, "dead 7H")),
    ("jack_never_dead", None, lambda: apply(two_players(("JD",)), 0, "dead JD")),
    ("can_still_play", None, lambda: apply(two_players(), 0, "pass 7H")),
    ("draw_is_part_of_play", None, lambda: apply(two_players(), 0, "draw")),
    ("no_draw_to_take", None, lambda: apply(two_players(draw_mode="tabletop"), 0, "draw")),
    ("no_open_draw", None, lambda: apply(two_players(), 0, "lost")),
    ("skip_not_on_turn", None, lambda: apply(two_players(), 1, "skip")),
    ("no_penalty_owed", None, lambda: apply(two_players(), 0, "penalty 7H")),
    ("moderator_only", None, lambda: apply(two_players(), 0, "penalize green")),
    ("no_such_team", None, lambda: apply(two_players(), None, "penalize red")),
    (
        "bad_reshuffle",
        None,
        lambda: apply(full_pile_discarded(two_players()), 0, "7H D6", shuffle=lambda cards: cards[1:]),
    ),
    # SetupError
    ("player_count", None, lambda: check_setup(5, 2)),
    ("team_count", None, lambda: check_setup(4, 3)),
    ("draw_mode", None, lambda: deal(**{**DEAL, "draw_mode": "by post"})),
    ("deck", None, lambda: deal(**{**DEAL, "deck": list(FULL_DECK)[1:]})),
    # RecordError
    ("too_long", None, lambda: record_parse(b" " * (10 * 1024 * 1024 + 1))),
    ("not_utf8", None, lambda: record_parse(b'{"format": "\x80"}')),
    ("too_deep", None, lambda: record_parse(b"[" * 100_000 + b"]" * 100_000)),
    ("not_json", None, lambda: record_parse(b"{")),
    ("not_an_object", None, lambda: record_load([])),
    ("wrong_format", None, lambda: record_load(record(format="sequence-record/2"))),
    ("missing_keys", None, lambda: record_load({"format": "sequence-record/1"})),
    ("bad_teams", None, lambda: record_load(record(teams=4))),
    ("bad_seats", None, lambda: record_load(record(seats=["a", "b"]))),
    ("seat_count", None, lambda: record_load(record(seats=[{}] * 5))),
    ("team_count", None, lambda: record_load(record(teams=3))),
    ("bad_draw_mode", None, lambda: record_load(record(draw_mode="post"))),
    ("not_cards", None, lambda: record_load(record(deck="all"))),
    ("not_a_card_in", None, lambda: record_load(record(deck=["7ſ", *FULL_DECK[1:]]))),
    ("bad_deck", None, lambda: record_load(record(deck=list(FULL_DECK[1:])))),
    ("bad_reshuffles", None, lambda: record_load(record(reshuffles={}))),
    ("bad_moves", None, lambda: record_load(record(moves={}))),
    ("bad_rules", None, lambda: record_load(record(rules=3))),
    ("bad_move_entry", None, lambda: record_load(record(moves=[{"seat": 0}]))),
    ("bad_move_seat", None, lambda: record_load(record(moves=[{"seat": 2, "move": "draw"}]))),
    ("move_not_text", None, lambda: record_load(record(moves=[{"seat": 0, "move": 7}]))),
    ("move_foreign_character", None, lambda: record_load(record(moves=[{"seat": 0, "move": "7H İ5"}]))),
    ("reshuffle_missing", None, lambda: replay(record_load({**a_game_with_a_reshuffle(), "reshuffles": []}))),
    (
        "reshuffle_wrong",
        None,
        lambda: replay(record_load(with_a_wrong_card_in_the_reshuffle(a_game_with_a_reshuffle()))),
    ),
]


def full_pile_discarded(state):
    """Every card of the draw pile moved onto seat 1's discard pile: the next draw reshuffles."""
    state.discards[1] = list(reversed(state.pile))
    state.pile = []
    return state


CELL_PARAMS = {"cell", "free_cells"}
CARD_PARAMS = {"card", "hand", "example"}


def test_every_code_is_met():
    assert {code for code, _, _ in CASES} | {hint for _, hint, _ in CASES if hint} == set(ENGLISH)


@pytest.mark.parametrize(("code", "hint", "meet"), CASES, ids=[f"{c}/{h}" if h else c for c, h, _ in CASES])
def test_each_refusal_has_its_code_json_params_and_an_english_sentence(code, hint, meet):
    with pytest.raises(Refused) as caught:
        meet()
    exc = caught.value
    assert (exc.code, exc.params.get("hint")) == (code, hint)
    assert json.loads(json.dumps(exc.refusal.as_dict())) == {"code": code, "params": exc.params}
    assert str(exc) and "\n" not in str(exc)
    for key, value in exc.params.items():
        values = value if isinstance(value, list) else [value]
        if key in CELL_PARAMS:
            assert set(values) <= set(CELL_NAMES), (key, value)
        if key in CARD_PARAMS:
            assert set(values) <= set(FULL_DECK), (key, value)


def test_a_syntax_error_reaches_apply_as_an_illegal_move_with_the_same_code():
    with pytest.raises(IllegalMove) as caught:
        apply(two_players(), 0, "7X C4")
    assert caught.value.code == "not_a_card" and caught.value.params == {"token": "7X"}
    assert str(caught.value) == "'7X' is not a card: write rank then suit, e.g. 7H, TD, 10C, Q♠."


def test_the_site_kinds_stay_value_errors_and_keep_their_english():
    for kind in (IllegalMove, MoveSyntaxError, RecordError, SetupError):
        assert issubclass(kind, Refused) and issubclass(kind, ValueError)
    with pytest.raises(IllegalMove) as caught:
        apply(put(two_players(), "green", "D6"), 0, "7H D6")
    assert caught.value.params == {
        "cell": "D6",
        "owner": "green",
        "card": "7H",
        "free_cells": ["I5"],
        "hint": "card_can_go",
    }
    assert str(caught.value) == "D6 already holds a green chip. 7♥ can go on I5."
