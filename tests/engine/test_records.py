"""GAME_RECORD.md: replay output and exit codes, on the shared examples and on
hand-made records (tests/engine/records/) whose outputs were worked out by hand."""

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine import (
    RecordError,
    apply,
    deal,
    legal_moves,
    record_export,
    record_load,
    replay,
    replay_steps,
    replay_summary,
    shuffled_deck,
)
from games.engine.__main__ import main
from tests.engine.helpers import a_game_with_a_reshuffle

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent / "records"
SHARED = ROOT.parent / "shared" / "examples"
CASES = sorted(HERE.glob("*.record.json")) + sorted(SHARED.glob("*.record.json"))
MALFORMED = sorted(HERE.glob("*.malformed.json"))


def run_cli(argv, stdin_text=None, monkeypatch=None, capsys=None):
    if stdin_text is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin_text))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("record_path", CASES, ids=lambda p: p.name)
def test_replay_prints_the_expected_outcome(record_path, capsys):
    expected = json.loads(record_path.with_name(record_path.name.replace(".record.", ".replay.")).read_text())
    code, out, err = run_cli(["replay", str(record_path)], capsys=capsys)
    assert code == (0 if expected["valid"] else 1)
    assert err == ""
    actual = json.loads(out)
    assert set(actual) == set(expected)
    for key, value in expected.items():
        if key == "hands":
            assert {s: sorted(h) for s, h in actual[key].items()} == {s: sorted(h) for s, h in value.items()}
        elif key == "error" and value is not None:
            assert {**actual[key], "reason": None} == {**value, "reason": None}
            if record_path.parent == HERE:
                assert value["reason"] in actual[key]["reason"]
        else:
            assert actual[key] == value, key


@pytest.mark.parametrize("path", MALFORMED, ids=lambda p: p.name)
def test_a_malformed_document_exits_2_with_one_line_on_stderr(path, capsys):
    code, out, err = run_cli(["replay", str(path)], capsys=capsys)
    assert code == 2
    assert out == ""
    assert err.startswith("malformed record: ") and err.count("\n") == 1


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("wrong-format", "format"),
        ("short-deck", "104"),
        ("five-players", "2, 3, 4, 6"),
        ("seat-out-of-range", "moves[0].seat"),
        ("no-moves", "'moves'"),
        ("move-not-text", "string"),
        ("teams-for-two", "2 players"),
        ("not-json", "JSON"),
    ],
)
def test_the_message_says_what_is_malformed(name, says, capsys):
    _, _, err = run_cli(["replay", str(HERE / f"{name}.malformed.json")], capsys=capsys)
    assert says in err


def test_a_missing_file_is_exit_2(capsys):
    code, _, err = run_cli(["replay", "/nonexistent/record.json"], capsys=capsys)
    assert code == 2 and "cannot read" in err


def test_replay_reads_standard_input_through_the_real_command():
    text = (HERE / "tabletop-lost-draw.record.json").read_text()
    result = subprocess.run(
        [sys.executable, "-m", "games.engine", "replay", "-"], input=text, capture_output=True, text=True, cwd=ROOT
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["applied"] == 5
    bad = subprocess.run(
        [sys.executable, "-m", "games.engine", "replay", "-"], input="[]", capture_output=True, text=True, cwd=ROOT
    )
    assert bad.returncode == 2 and bad.stdout == "" and len(bad.stderr.strip().splitlines()) == 1


def test_an_exported_record_replays_to_the_same_state():
    rng = random.Random(7)
    state = deal(players=3, teams=3, draw_mode="tabletop", deck=shuffled_deck(rng))
    start = state
    log = []
    for _ in range(60):
        if state.result:
            break
        seat = state.turn
        moves = [m for m in legal_moves(state, seat) if m != "resign"]
        move = rng.choice(moves)
        state, _ = apply(state, seat, move, shuffle=lambda cards: rng.sample(cards, len(cards)))
        log.append((seat, move))
    doc = record_export(state, seats=[{"player": f"p{i}"} for i in range(3)], moves=log)
    again = replay(record_load(json.loads(json.dumps(doc))))
    assert again.error is None and again.state == state
    assert record_load(doc).initial_state() == start
    assert replay_summary(again)["applied"] == len(log)


# --- reshuffles (GAME_RECORD.md: a missing or wrong entry is a malformed document) ---


def without_the_reshuffle(doc):
    return {**doc, "reshuffles": []}


def with_a_wrong_card_in_the_reshuffle(doc):
    pile = list(doc["reshuffles"][0])
    pile[0] = next(card for card in ("2S", "3S") if card != pile[0])
    return {**doc, "reshuffles": [pile]}


BROKEN_RESHUFFLES = [
    pytest.param(without_the_reshuffle, "no entry", id="missing"),
    pytest.param(with_a_wrong_card_in_the_reshuffle, "does not hold exactly the cards", id="wrong-card"),
]


def test_the_game_with_a_reshuffle_replays():
    doc = a_game_with_a_reshuffle()
    assert replay(record_load(doc)).error is None


@pytest.mark.parametrize(("damage", "says"), BROKEN_RESHUFFLES)
def test_a_broken_reshuffle_entry_is_a_record_error_from_the_library(damage, says):
    record = record_load(damage(a_game_with_a_reshuffle()))  # the document's shape is fine
    with pytest.raises(RecordError, match=rf"'reshuffles'.*{says}|{says}.*'reshuffles'"):
        replay(record)
    with pytest.raises(RecordError):
        list(replay_steps(record))


@pytest.mark.parametrize(("damage", "says"), BROKEN_RESHUFFLES)
def test_a_broken_reshuffle_entry_exits_2_from_the_command(damage, says, tmp_path, capsys):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(damage(a_game_with_a_reshuffle())))
    code, out, err = run_cli(["replay", str(path)], capsys=capsys)
    assert (code, out) == (2, "")
    assert err.startswith("malformed record: ") and says in err and err.count("\n") == 1
