"""The commands in the words of a reply: moves in the engine's notation
(friendly forms turned into it first), and help, board, resign, confirm.
The engine's parser decides what a move is; this module only folds the
forgiving forms ("play 7h on c4", "7 srdce c4", "7♡ c4") into notation."""

import re
import unicodedata
from dataclasses import dataclass

from games import engine, refusals
from games.errors import IllegalMoveError
from games.inbound.words import FILLERS, SUIT_SIGNS, suit_of

HELP, BOARD, RESIGN, CONFIRM, MOVE = "help", "board", "resign", "confirm", "move"
MAX_LINES = 20  # non-empty lines read from the top of a reply
MAX_LINE = 200
_RANK = re.compile(r"10|[2-9tjqka]")
_CODE = re.compile(r"[a-z0-9]{6,12}")
_SEPARATORS = re.compile(r"[;,]")
_REPLY_PREFIX = re.compile(r"^\s*((re|aw|sv|odp|r|vs|fw|fwd|tr|wg)\s*(\[\d+\])?\s*:\s*)+", re.IGNORECASE)


@dataclass(frozen=True)
class Command:
    kind: str
    text: str = ""  # a move in canonical notation, or a resignation's code


def _normalised(segment: str) -> list[str]:
    text = unicodedata.normalize("NFC", segment).strip().rstrip(".!")
    for sign, canonical in SUIT_SIGNS.items():
        text = text.replace(sign, canonical)
    words = [w for w in text.lower().split() if w not in FILLERS]
    merged: list[str] = []
    for word in words:
        suit = suit_of(word)
        if suit and merged and _RANK.fullmatch(merged[-1]):
            merged[-1] += suit.lower()  # "7 srdce" -> "7h"
        else:
            merged.append(word)
    return merged


def read_segment(segment: str) -> Command:
    """One command, or IllegalMoveError with the reason."""
    words = _normalised(segment)
    if words in ([HELP], ["?"]):
        return Command(HELP)
    if words == [BOARD]:
        return Command(BOARD)
    if words == [RESIGN]:
        return Command(RESIGN)
    if len(words) == 2 and words[0] in (CONFIRM, RESIGN) and _CODE.fullmatch(words[1]):
        return Command(CONFIRM, words[1])
    text = " ".join(words)
    if engine.moves.foreign_character(text) is not None or len(text) > MAX_LINE:
        raise refusals.MOVE_UNREADABLE()
    try:
        parsed = engine.parse_move(text)
    except engine.MoveSyntaxError as exc:
        raise IllegalMoveError.passing_on(exc) from None
    return Command(MOVE, parsed.text)


def read_line(line: str) -> list[Command]:
    return [read_segment(part) for part in _SEPARATORS.split(line) if part.strip()]


def read(body: str, subject: str = "") -> list[Command]:
    """The commands at the top of a reply: the first lines that are
    commands, from the first such line to the next line that is not one.
    None in the body: the subject (without its Re:). None at all: IllegalMoveError,
    with the reason the first line that looks like a move was refused."""
    lines = [line[:MAX_LINE] for line in body.splitlines() if line.strip()][:MAX_LINES]
    commands: list[Command] = []
    errors: list[tuple[str, IllegalMoveError]] = []
    for line in lines:
        try:
            commands.extend(read_line(line))
        except IllegalMoveError as exc:
            if commands:
                break
            errors.append((line, exc))
    if commands:
        return commands
    topic = _REPLY_PREFIX.sub("", subject or "")[:MAX_LINE]
    if topic.strip():
        try:
            return read_line(topic)
        except IllegalMoveError:
            pass
    if not errors:
        raise refusals.NO_COMMAND()
    # "Hi," above "7H C44": the line with a digit is the one meant as a move.
    raise next((exc for line, exc in errors if any(c.isdigit() for c in line)), errors[0][1])
