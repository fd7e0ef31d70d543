"""Moves in plain words, from the public events a move produced:
"anna played 7♥ on C4 — blue made a sequence", in the active language. Each
phrase is one whole message with placeholders (and another for "you", whose
verb differs in most languages), so translators never assemble words."""

from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext

from games.articles import resolve
from games.engine.cards import TWO_EYED_JACKS
from games.words import MEANS, OBJECT, team


def sentence_case(text: str, names) -> str:
    """The first letter a capital, unless the text opens with one of `names`:
    a username keeps the case its owner chose ("ann played…", "bob hraje…")."""
    if any(name and text.startswith(name) for name in names):
        return text
    return capfirst(text)


def describe_move(
    *,
    seat_names: dict[int, str],
    seat: int | None,
    text: str,
    events: list[dict],
    cards: dict[int, int] | None = None,
    you: int | None = None,
) -> str:
    """`cards`: each seat's hand size just after the move, when known, so a
    lost draw can say what it leaves. `you`: the reader's seat."""
    return join_phrases(move_phrases(seat_names=seat_names, seat=seat, text=text, events=events, cards=cards, you=you))


def join_phrases(parts: list[str]) -> str:
    """Phrases as one sentence: a dash between them, a full stop before one
    that is a sentence of its own ("Blue wins")."""
    sentence = parts[0] if parts else ""
    for part in parts[1:]:
        sentence += f" — {part}" if not part[0].isupper() else f". {part}"
    return sentence


def move_phrases(
    *,
    seat_names: dict[int, str],
    seat: int | None,
    text: str,
    events: list[dict],
    cards: dict[int, int] | None = None,
    you: int | None = None,
    with_draw: bool = True,
) -> list[str]:
    """One phrase for each thing the move did worth saying, in order;
    `with_draw=False` leaves out a tabletop draw, which the play before said enough about."""
    who = gettext("A moderator") if seat is None else seat_names.get(seat) or gettext("The site")
    acting_you = seat is not None and seat == you
    parts = []
    if text == "draw" and with_draw:
        if any(event["type"] == "draw_lost" for event in events):  # the draw completed a turn: the loss follows
            took = gettext("you completed your turn") if acting_you else gettext("{who} completed their turn")
        else:
            took = gettext("you took the draw") if acting_you else gettext("{who} took the draw")
        parts.append(took.format(who=who))
    for event in events:
        phrase = _phrase(event, who, acting_you, seat_names, cards or {}, you)
        if phrase:
            parts.append(resolve(phrase))  # Hungarian "a(z) {cell}"
    if parts or text == "draw":
        return parts
    return [gettext("{who}: {move}").format(who=who, move=text)]


def _name(seat_names, seat) -> str:
    return seat_names.get(seat) or gettext("seat {number}").format(number=seat + 1)  # people count seats from 1


def _phrase(event: dict, who: str, acting_you: bool, seat_names, cards: dict[int, int], you) -> str | None:
    kind = event["type"]
    card = str(OBJECT[event["card"]]) if "card" in event and event["card"] in OBJECT else None
    if kind == "chip_placed":
        if event["card"] in TWO_EYED_JACKS:
            said = (
                gettext("you played {card} (wild) on {cell}")
                if acting_you
                else gettext("{who} played {card} (wild) on {cell}")
            )
        else:
            said = gettext("you played {card} on {cell}") if acting_you else gettext("{who} played {card} on {cell}")
        return said.format(who=who, card=card, cell=event["cell"])
    if kind == "chip_removed":
        said = (
            gettext("you removed {team}'s chip from {cell} with {card}")
            if acting_you
            else gettext("{who} removed {team}'s chip from {cell} with {card}")
        )
        means = str(MEANS.get(event["card"], card))
        return said.format(who=who, team=team(event["team"]), cell=event["cell"], card=means)
    if kind == "sequence_made":
        return gettext("{team} made a sequence").format(team=team(event["team"]))
    if kind == "dead_card_turned_in":
        said = gettext("you turned in the dead {card}") if acting_you else gettext("{who} turned in the dead {card}")
        return said.format(who=who, card=card)
    if kind == "passed":
        said = (
            gettext("you could not play and discarded {card}")
            if acting_you
            else gettext("{who} could not play and discarded {card}")
        )
        return said.format(who=who, card=card)
    if kind == "penalty_discarded":
        said = (
            gettext("you discarded {card} for the table-talk penalty")
            if acting_you
            else gettext("{who} discarded {card} for the table-talk penalty")
        )
        return said.format(who=who, card=card)
    if kind in ("draw_lost", "turn_skipped", "resigned"):
        return _seat_phrase(event, _name(seat_names, event["seat"]), event["seat"] == you, cards)
    if kind == "penalized":
        return gettext("{team} was penalised for table talk").format(team=team(event["team"]))
    if kind == "deck_reshuffled":
        return gettext("the discards were shuffled into a new draw pile")
    if kind == "game_over":
        if not event["winner"]:
            return gettext("The game is drawn")
        return capfirst(gettext("{team} wins").format(team=team(event["winner"])))
    if kind == "draw_pile_empty":
        return gettext("the draw pile is empty: no card to draw")
    return None  # card_drawn: every play draws, so it goes without saying


def _seat_phrase(event: dict, name: str, is_you: bool, cards: dict[int, int]) -> str:
    """What happened to a seat (not necessarily the one that moved)."""
    kind = event["type"]
    if kind == "draw_lost":
        left = cards.get(event["seat"])
        if left is None:
            return gettext("you lost a draw") if is_you else gettext("{name} lost a draw").format(name=name)
        if is_you:
            return ngettext("you lost a draw: now {count} card", "you lost a draw: now {count} cards", left).format(
                count=left
            )
        return ngettext("{name} lost a draw: now {count} card", "{name} lost a draw: now {count} cards", left).format(
            name=name, count=left
        )
    if kind == "turn_skipped":
        if is_you:
            return gettext("you missed a turn: time ran out")
        return gettext("{name} missed a turn: time ran out").format(name=name)
    if is_you:
        return gettext("you resigned for {team}").format(team=team(event["team"]))
    return gettext("{name} resigned for {team}").format(name=name, team=team(event["team"]))
