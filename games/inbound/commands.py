"""The commands in the words of a reply: moves in the engine's notation
(friendly forms turned into it first), and help, board, resign, confirm.
The engine's parser decides what a move is; this module only folds the
forgiving forms ("play 7h on c4", "7 srdce c4", "7♡ c4", "srdcová sedmička
na c4", "kőr 7 a c4-re", "nápověda") into notation, with the words of
games.inbound.words."""

import contextlib
import re
import unicodedata
from dataclasses import dataclass

from games import engine, refusals
from games.engine.board import parse_cell
from games.engine.cards import parse_card
from games.errors import IllegalMoveError
from games.inbound.words import (
    ARTICLES,
    CELL_ENDINGS,
    FILLERS,
    PRESENTATION,
    SUIT_SIGNS,
    command_of,
    rank_of,
    suit_of,
)

HELP, BOARD, RESIGN, CONFIRM, MOVE = "help", "board", "resign", "confirm", "move"
MAX_LINES = 20  # non-empty lines read from the top of a reply
MAX_LINE = 200
_RANK = re.compile(r"10|[2-9tjqka]")
_CODE = re.compile(r"[a-z0-9]{6,12}")
_SEPARATORS = re.compile(r"[;,]")
_BUBI_DAMA = re.compile(r"([bd])([shdc♠♥♦♣])")  # Hungarian index letters: "DH" is the queen of hearts
# Reply and forward prefixes: en, de, nordic, cs (Odp, PŘ), it (R, RIF, I), hu (Vá, Válasz, Továbbítás).
_REPLY_PREFIX = re.compile(
    r"^\s*((re|aw|sv|odp|r|vs|fw|fwd|tr|wg|př|rif|i|vá|válasz|továbbítás)\s*(\[\d+\])?\s*:\s*)+", re.IGNORECASE
)
# Words a move may hold besides cards, cells and commands.
_KNOWN = {"seq", "penalize", *engine.TEAM_NAMES}
# The moves that end a turn: a reply holds one at most (a dead card, a draw or a penalty may go with it).
_TURN_ENDING = {engine.moves.PLAY, engine.moves.PASS}


@dataclass(frozen=True)
class Command:
    kind: str
    text: str = ""  # a move in canonical notation, or a resignation's code

    @property
    def written(self) -> str:
        """The command as an answer quotes it back: the way the help writes it."""
        if self.kind == CONFIRM:
            return f"{RESIGN} {self.text}"
        return self.text or self.kind


class Refused(Exception):
    """A reply read no further: the refusal, and the words it refuses (quoted back in the answer)."""

    def __init__(self, error: IllegalMoveError, line: str = ""):
        super().__init__(error.code)
        self.error, self.line = error, line


def _cell_word(word: str) -> str:
    """ "c4-re" -> "c4": a Hungarian case ending on a cell."""
    for ending in CELL_ENDINGS:
        if word.endswith(ending) and parse_cell(word[: -len(ending)]) is not None:
            return word[: -len(ending)]
    return word


def _bubi_dama(word: str) -> str:
    match = _BUBI_DAMA.fullmatch(word)
    return ({"b": "j", "d": "q"}[match[1]] + match[2]) if match else word


def _rank(word: str) -> str | None:
    return word if _RANK.fullmatch(word) else rank_of(word)


def _merged(words: list[str]) -> list[str]:
    """A rank word and a suit word side by side, in either order, as one
    card: "7 srdce", "kőr 7", "srdcová sedmička", "sette cuori" -> "7h"."""
    out: list[str] = []
    ranks: dict[int, str] = {}  # places in `out` holding a rank word not yet merged
    suits: dict[int, str] = {}  # and a suit word
    for word in words:
        suit, rank, last = suit_of(word), _rank(word), len(out) - 1
        if suit and last in ranks:
            out[last] = ranks.pop(last) + suit.lower()
            suits.pop(last, None)
        elif rank and last in suits:
            out[last] = rank + suits.pop(last).lower()
            ranks.pop(last, None)
        else:
            out.append(word)
            if rank:
                ranks[len(out) - 1] = rank
            if suit:
                suits[len(out) - 1] = suit
    return out


def _normalised(segment: str) -> list[str]:
    text = unicodedata.normalize("NFC", segment).strip().rstrip(".!")
    text = "".join(c for c in text if c not in PRESENTATION)  # "♥️" as phone keyboards send it
    for sign, canonical in SUIT_SIGNS.items():
        text = text.replace(sign, canonical)
    words = [_cell_word(w.removeprefix("l'")) for w in text.lower().split()]
    words = [
        _BUBI_DAMA.sub(lambda m: {"b": "j", "d": "q"}[m[1]] + m[2], w) if _BUBI_DAMA.fullmatch(w) else w for w in words
    ]
    phrase = command_of(" ".join(words[:2])) if len(words) > 1 else None
    if phrase:  # "vzdávám se", "mi ritiro"
        words = [phrase, *words[2:]]
    words = [
        w
        for i, w in enumerate(words)
        if w not in FILLERS and not (w in ARTICLES and i + 1 < len(words) and parse_cell(words[i + 1]) is not None)
    ]
    return _merged([command_of(w) or w for w in words])


def _unknown_word(words: list[str]) -> str | None:
    """The first word that is neither a command nor part of a move
    ("nápovéda" misspelt, "hello"): the refusal names it."""
    for word in words:
        known = word in _KNOWN or command_of(word) or parse_card(word) or parse_cell(word)
        if word.isalpha() and not known:
            return word
    return None


def read_segment(segment: str) -> Command:
    """One command, or IllegalMoveError with the reason."""
    words = _normalised(segment)
    if words == [HELP]:
        return Command(HELP)
    if words == [BOARD]:
        return Command(BOARD)
    if words == [RESIGN]:
        return Command(RESIGN)
    if len(words) == 2 and words[0] in (CONFIRM, RESIGN) and _CODE.fullmatch(words[1]):
        return Command(CONFIRM, words[1])
    text = " ".join(words)
    unknown = _unknown_word(words)
    if len(text) > MAX_LINE:
        raise refusals.MOVE_UNREADABLE()
    if engine.moves.foreign_character(text) is not None:
        raise refusals.WORD_UNKNOWN(word=unknown) if unknown else refusals.MOVE_UNREADABLE()
    try:
        parsed = engine.parse_move(text)
    except engine.MoveSyntaxError as exc:
        if unknown:
            raise refusals.WORD_UNKNOWN(word=unknown) from None
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
        raise Refused(refusals.ONE_PLAY_A_TURN(), "; ".join(c.text or c.kind for c in commands))


def read(body: str, subject: str = "", *, quoted: bool = False) -> list[Command]:
    """The commands at the top of a reply: the first lines that are
    commands, from the first such line to the next line that is not one;
    one play at most. A line above them, or the one that ends them, that
    names a card or a cell is refused, not passed over ("Hi," is). None in the body: the subject
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
            if _looks_like_a_move(line):  # above the commands or right under them: meant as one
                raise Refused(exc, line.strip()) from None
            if commands:
                break
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
    if quoted:
        raise Refused(refusals.NO_COMMAND_IN_REPLY())
    raise Refused(refusals.NO_COMMAND())
