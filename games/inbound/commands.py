"""The commands in the words of a reply: moves in the engine's notation
(friendly forms turned into it first), and help, board, resign, confirm.
The engine's parser decides what a move is; this module only folds the
forgiving forms ("play 7h on c4", "7 srdce c4", "7♡ c4") into notation."""

import contextlib
import re
import unicodedata
from dataclasses import dataclass

from games import engine
from games.engine.board import parse_cell
from games.engine.cards import parse_card
from games.errors import IllegalMoveError
from games.inbound.words import FILLERS, PRESENTATION, SUIT_SIGNS, suit_of

HELP, BOARD, RESIGN, CONFIRM, MOVE = "help", "board", "resign", "confirm", "move"
MAX_LINES = 20  # non-empty lines read from the top of a reply
MAX_LINE = 200
_RANK = re.compile(r"10|[2-9tjqka]")
_CODE = re.compile(r"[a-z0-9]{6,12}")
_SEPARATORS = re.compile(r"[;,]")
_REPLY_PREFIX = re.compile(r"^\s*((re|aw|sv|odp|r|vs|fw|fwd|tr|wg)\s*(\[\d+\])?\s*:\s*)+", re.IGNORECASE)


# The moves that end a turn: a reply holds one at most (a dead card, a draw or a penalty may go with it).
_TURN_ENDING = {engine.moves.PLAY, engine.moves.PASS}


@dataclass(frozen=True)
class Command:
    kind: str
    text: str = ""  # a move in canonical notation, or a resignation's code


class Refused(Exception):
    """A reply read no further: the refusal, and the words it refuses (quoted back in the answer)."""

    def __init__(self, error: IllegalMoveError, line: str = ""):
        super().__init__(error.code)
        self.error, self.line = error, line


def _normalised(segment: str) -> list[str]:
    text = unicodedata.normalize("NFC", segment).strip().rstrip(".!")
    text = "".join(c for c in text if c not in PRESENTATION)  # "♥️" as phone keyboards send it
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
        raise IllegalMoveError("move_unreadable")
    try:
        parsed = engine.parse_move(text)
    except engine.MoveSyntaxError as exc:
        raise IllegalMoveError.passing_on(exc) from None
    return Command(MOVE, parsed.text)


def read_line(line: str) -> list[Command]:
    return [read_segment(part) for part in _SEPARATORS.split(line) if part.strip()]


def _looks_like_a_move(line: str) -> bool:
    """A card or a cell in it: meant as a move, so never passed over as a greeting."""
    return any(parse_card(word) or parse_cell(word) for part in _SEPARATORS.split(line) for word in _normalised(part))


def _one_play(commands: list[Command]) -> None:
    ending = [c.text for c in commands if c.kind == MOVE and engine.parse_move(c.text).kind in _TURN_ENDING]
    if len(ending) > 1:
        raise Refused(IllegalMoveError("one_play_a_turn"), "; ".join(c.text or c.kind for c in commands))


def read(body: str, subject: str = "", *, quoted: bool = False) -> list[Command]:
    """The commands at the top of a reply: the first lines that are
    commands, from the first such line to the next line that is not one;
    one play at most. A line above them that names a card or a cell is
    refused, not passed over ("Hi," is). None in the body: the subject
    (without its Re:). None at all: Refused, with the line meant as a move,
    or "no command" (`quoted`: the reply held only what it quoted).
    Refused carries the words it refuses."""
    lines = [line[:MAX_LINE] for line in body.splitlines() if line.strip()][:MAX_LINES]
    commands: list[Command] = []
    errors: list[tuple[str, IllegalMoveError]] = []
    for line in lines:
        try:
            commands.extend(read_line(line))
        except IllegalMoveError as exc:
            if commands:
                break
            if _looks_like_a_move(line):
                raise Refused(exc, line.strip()) from None
            errors.append((line, exc))
    if not commands:
        topic = _REPLY_PREFIX.sub("", subject or "")[:MAX_LINE]
        with contextlib.suppress(IllegalMoveError):  # a subject is no command: no refusal of its own
            commands = read_line(topic) if topic.strip() else []
    if commands:
        _one_play(commands)
        return commands
    if errors:
        line, exc = errors[0]
        raise Refused(exc, line.strip())
    raise Refused(IllegalMoveError("no_command_in_reply" if quoted else "no_command"))
