"""Moves in plain words, from the public events a move produced:
"anna played 7♥ on C4 — blue made a sequence"."""

from games.engine.cards import TWO_EYED_JACKS, card_label


def describe_move(
    *, seat_names: dict[int, str], seat: int | None, text: str, events: list[dict], cards: dict[int, int] | None = None
) -> str:
    """`cards`: each seat's hand size just after the move, when known, so a
    lost draw can say what it leaves."""
    parts = move_phrases(seat_names=seat_names, seat=seat, text=text, events=events, cards=cards)
    sentence = parts[0]
    for part in parts[1:]:
        sentence += f" — {part}" if not part[0].isupper() else f". {part}"
    return sentence


def move_phrases(
    *, seat_names: dict[int, str], seat: int | None, text: str, events: list[dict], cards: dict[int, int] | None = None
) -> list[str]:
    """One phrase for each thing the move did worth saying, in order."""
    who = seat_names.get(seat, "The site") if seat is not None else "A moderator"
    parts = [f"{who} took the draw"] if text == "draw" else []
    for event in events:
        phrase = _phrase(event, who, seat_names, cards or {})
        if phrase:
            parts.append(phrase)
    return parts or [f"{who}: {text}"]


def _name(seat_names, seat) -> str:
    return seat_names.get(seat, f"seat {seat + 1}")  # people count seats from 1


def _phrase(event: dict, who: str, seat_names: dict[int, str], cards: dict[int, int]) -> str | None:
    kind = event["type"]
    if kind == "chip_placed":
        wild = " (wild)" if event["card"] in TWO_EYED_JACKS else ""
        return f"{who} played {card_label(event['card'])}{wild} on {event['cell']}"
    if kind == "chip_removed":
        return f"{who} removed {event['team']}'s chip from {event['cell']} with {card_label(event['card'])}"
    if kind == "sequence_made":
        return f"{event['team']} made a sequence"
    if kind == "dead_card_turned_in":
        return f"{who} turned in the dead {card_label(event['card'])}"
    if kind == "passed":
        return f"{who} could not play and discarded {card_label(event['card'])}"
    if kind == "draw_lost":
        left = cards.get(event["seat"])
        now = f": now {left} card{'' if left == 1 else 's'}" if left is not None else ""
        return f"{_name(seat_names, event['seat'])} lost a draw{now}"
    if kind == "turn_skipped":
        return f"{_name(seat_names, event['seat'])} missed a turn: time ran out"
    if kind == "resigned":
        return f"{_name(seat_names, event['seat'])} resigned for {event['team']}"
    if kind == "penalized":
        return f"{event['team']} was penalised for table talk"
    if kind == "penalty_discarded":
        return f"{who} discarded {card_label(event['card'])} for the table-talk penalty"
    if kind == "deck_reshuffled":
        return "the discards were shuffled into a new draw pile"
    if kind == "game_over":
        return f"{event['winner'].capitalize()} wins" if event["winner"] else "The game is drawn"
    if kind == "draw_pile_empty":
        return "the draw pile is empty: no card to draw"
    return None  # card_drawn: every play draws, so it goes without saying
