"""The words players may use for suits in an e-mail, by language: one table,
so that each language's help can list its own (issue 13). Keys are lower
case; the ASCII-folded form (kor for kőr) is accepted too (see `suit_of`)."""

import unicodedata

SUIT_WORDS = {
    "en": {
        "spades": "S",
        "spade": "S",
        "hearts": "H",
        "heart": "H",
        "diamonds": "D",
        "diamond": "D",
        "clubs": "C",
        "club": "C",
    },
    "cs": {"piky": "S", "pik": "S", "srdce": "H", "káry": "D", "kára": "D", "kříže": "C", "kříž": "C"},
    "it": {"picche": "S", "cuori": "H", "quadri": "D", "fiori": "C"},
    "hu": {"pikk": "S", "kőr": "H", "káró": "D", "treff": "C"},
}
# The outline suit signs some keyboards and fonts give, and the emoji heart.
SUIT_SIGNS = {"♤": "♠", "♡": "♥", "♢": "♦", "♧": "♣", "❤": "♥"}
# Variation selectors: phone keyboards send ♥ as "♥\ufe0f" (emoji presentation).
PRESENTATION = {"\ufe0e", "\ufe0f"}
# Words a friendly move may carry that mean nothing: "play 7h on c4", "7 of hearts".
FILLERS = {"play", "on", "at", "to", "of"}


def ascii_folded(word: str) -> str:
    """kőr -> kor, kříže -> krize."""
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


_SUITS = {ascii_folded(word): suit for table in SUIT_WORDS.values() for word, suit in table.items()}


def suit_of(word: str) -> str | None:
    """The suit letter a word names, in any of the languages, or None."""
    return _SUITS.get(ascii_folded(word.lower()))
