"""GAME_RECORD.md: `python -m games.engine replay` refuses odd input with exit 2
and one line on standard error, never a traceback; it prints all or nothing.
Run as a real command, from a file and from standard input."""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RECORD = json.loads((Path(__file__).resolve().parent / "records" / "card-not-held.record.json").read_text())
TEN_MB = 10 * 1024 * 1024


def replay_command(source: str, stdin=None, env=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "games.engine", "replay", source],
        input=stdin if isinstance(stdin, bytes) else None,
        stdin=stdin if not isinstance(stdin, bytes | None) else None,
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )


def with_move(text: str) -> dict:
    return {**RECORD, "moves": [{"seat": 0, "move": text}]}


def with_first_card(card: str) -> dict:
    return {**RECORD, "deck": [card, *RECORD["deck"][1:]]}


def as_json(doc: dict) -> bytes:
    return json.dumps(doc, ensure_ascii=False).encode("utf-8", "surrogatepass")


ODD_INPUTS = {
    "not-utf-8": b'{"format": "\x80\xff"}',
    "utf-8-then-a-stray-byte": as_json(RECORD)[:-1] + b"\xc3}",
    "nested-deeper-than-any-record": b"[" * 100_000 + b"]" * 100_000,
    "nested-deep-inside-a-record": as_json({**RECORD, "seats": [{"player": "a"}, {"x": 0}]}).replace(
        b'{"x": 0}', b'{"x": ' + b"[" * 50_000 + b"]" * 50_000 + b"}"
    ),
    "lone-surrogate-in-a-move": json.dumps(with_move("7H \ud800")).encode("ascii"),
    "lone-surrogate-in-the-deck": json.dumps(with_first_card("7\ud800")).encode("ascii"),
    "long-s-as-a-suit-in-the-deck": as_json(with_first_card(RECORD["deck"][0][0] + "ſ")),
    "long-s-as-a-suit-in-a-move": as_json(with_move("7ſ D6")),
    "dotted-capital-i-as-a-column": as_json(with_move("7H İ5")),
    "dotless-i-as-a-column": as_json(with_move("7H ı5")),
    "kelvin-sign-as-a-rank": as_json(with_move("\u212aD B10")),
    "kelvin-sign-in-skip": as_json(with_move("s\u212aip")),
    "fullwidth-letters": as_json(with_move("７Ｈ　Ｄ６")),
    "superscript-two": as_json(with_move("7H D²")),
    "arabic-three": as_json(with_move("7H C٣")),
    "nul-in-a-move": as_json(with_move("7H D6\x00")),
    "more-than-10-mb": as_json(RECORD)[:-1] + b" " * TEN_MB + b"}",
}


def assert_refused(result: subprocess.CompletedProcess) -> None:
    assert result.returncode == 2, result.stderr
    assert result.stdout == b""
    message = result.stderr.decode("utf-8", "backslashreplace")
    assert "Traceback" not in message
    assert message.startswith("malformed record: ") and message.count("\n") == 1, message


@pytest.mark.parametrize("name", ODD_INPUTS)
def test_odd_input_on_standard_input_is_refused_in_one_line(name):
    assert_refused(replay_command("-", stdin=ODD_INPUTS[name]))


@pytest.mark.parametrize("name", ODD_INPUTS)
def test_odd_input_in_a_file_is_refused_in_one_line(name, tmp_path):
    path = tmp_path / f"{name}.json"
    path.write_bytes(ODD_INPUTS[name])
    assert_refused(replay_command(str(path)))


def test_exactly_10_mb_is_read():
    doc = as_json(RECORD)
    padded = doc[:-1] + b" " * (TEN_MB - len(doc)) + b"}"
    assert len(padded) == TEN_MB
    result = replay_command("-", stdin=padded)
    assert result.returncode == 1 and json.loads(result.stdout)["applied"] == 1


def test_endless_input_is_cut_off_at_10_mb_quickly():
    started = time.monotonic()
    assert_refused(replay_command("/dev/zero"))
    with open("/dev/zero", "rb") as zeros:
        assert_refused(replay_command("-", stdin=zeros))
    assert time.monotonic() - started < 20


def test_the_output_is_utf_8_whatever_the_locale_says():
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "LC_ALL": "C"}
    result = replay_command("-", stdin=as_json(RECORD), env=env)
    assert result.returncode == 1, result.stderr
    assert "9♦" in json.loads(result.stdout.decode("utf-8"))["error"]["reason"]


def test_a_file_that_cannot_be_read_is_one_line(tmp_path):
    for source in (str(tmp_path), str(tmp_path / "missing\nname.json")):
        result = replay_command(source)
        assert result.returncode == 2 and result.stdout == b""
        assert result.stderr.startswith(b"cannot read ") and result.stderr.count(b"\n") == 1
