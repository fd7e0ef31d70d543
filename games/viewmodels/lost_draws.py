"""Lost draws (tabletop mode) as the table tells everyone: how many each seat
has lost, what its hand was left at, and the loser's own explanation."""

from collections import Counter

from django.db.models import TextField
from django.db.models.functions import Cast
from django.utils.translation import gettext

from games.models import Game, Move

CARD_OUT = ("chip_placed", "chip_removed", "dead_card_turned_in", "passed", "penalty_discarded")


def lost_by_seat(moves: list[Move]) -> Counter:
    return Counter(event["seat"] for move in moves for event in move.events if event["type"] == "draw_lost")


def lost_in_game(game: Game) -> Counter:
    """Each seat's lost draws over the whole game, not just the moves the
    table shows: one query, which reads only the few moves with a lost draw
    (the event's name appears nowhere else in a move's events). Only
    tabletop mode loses draws, so other games ask nothing."""
    if game.draw_mode != Game.DrawMode.TABLETOP:
        return Counter()
    moves = (
        Move.objects.filter(game=game)
        .annotate(events_text=Cast("events", TextField()))
        .filter(events_text__contains='"draw_lost"')
        .only("events")
    )
    return lost_by_seat(list(moves))


def hand_sizes_after(moves: list[Move], now: dict[int, int]) -> list[dict[int, int]]:
    """Each seat's hand size just after each move (newest first), walked back
    from the hands now: events say every card that left or joined a hand."""
    sizes, after = [], dict(now)
    for move in moves:
        sizes.append(dict(after))
        for event in move.events:
            if event["type"] == "card_drawn":
                after[event["seat"]] -= 1
            elif event["type"] in CARD_OUT:
                after[event["seat"]] += 1
    return sizes


def why_mine_was_lost(news: list[Move], position: int | None, names: dict[int, str]) -> str | None:
    """Why the viewer's draw was lost since they last acted, or None."""
    for move in news:
        if any(e["type"] == "draw_lost" and e["seat"] == position for e in move.events):
            if move.text == "lost":  # the site's move when the draw deadline passed
                return gettext("You lost a draw: the draw window's time ran out before you drew.")
            if move.seat not in names:
                return gettext("You lost a draw: the next player completed their turn before you drew.")
            return gettext("You lost a draw: {name} completed their turn before you drew.").format(
                name=names[move.seat]
            )
    return None
