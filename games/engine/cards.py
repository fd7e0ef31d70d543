"""Cards: notation, the 104-card double deck, jack kinds and the cut order."""

import re
import string

RANKS = "23456789TJQKA"  # also the cut order: 2 low, jacks between 10 and Q, aces high
SUITS = "SHDC"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {"T": "10", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
_SUIT_INPUT = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}
# re.ASCII: case-insensitive for a-z only, so that look-alikes such as the long
# s (ſ) or the Kelvin sign (K) that Unicode folds to S and K are not cards.
_CARD_RE = re.compile(r"(10|[2-9TJQKA])([SHDC♠♥♦♣])", re.IGNORECASE | re.ASCII)

ONE_SUIT_DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)
FULL_DECK = ONE_SUIT_DECK + ONE_SUIT_DECK  # two decks, jokers removed: 104 cards
TWO_EYED_JACKS = frozenset({"JD", "JC"})  # wild: a chip on any empty space
ONE_EYED_JACKS = frozenset({"JS", "JH"})  # anti-wild: remove an opposing chip
JACKS = TWO_EYED_JACKS | ONE_EYED_JACKS
CUT_VALUE = {card: RANKS.index(card[0]) for card in ONE_SUIT_DECK}


def parse_card(text: str) -> str | None:
    """Canonical form (`TH`) of a card written leniently (`10h`, `7♥`), or None."""
    match = _CARD_RE.fullmatch(text.strip(string.whitespace))
    if not match:
        return None
    rank, suit = match.groups()
    return ("T" if rank == "10" else rank.upper()) + _SUIT_INPUT[suit.upper()]


def card_label(card: str) -> str:
    """7♥, 10♠ — how a person reads a card."""
    rank = "10" if card[0] == "T" else card[0]
    return rank + SUIT_SYMBOLS[card[1]]


def card_name(card: str) -> str:
    """'7 of hearts', 'jack of spades' — for screen readers and plain text."""
    return f"{RANK_NAMES.get(card[0], card[0])} of {SUIT_NAMES[card[1]]}"


def is_red(card: str) -> bool:
    return card[1] in "HD"
