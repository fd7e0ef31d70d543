"""Teams and cards in the reader's words.

A team's colour is the adjective of its chips and of the team itself ("the
blue team", "modrý tým", "la squadra blu", "a kék csapat"): sentences around it
say "team" or "chip" where their language needs a noun.

A card, where a sentence names one ("Anna hraje srdcovou sedmičku na C4"), is
one message per card and grammatical role, so each language gives the form
its sentences need; English keeps the notation (7♥). Only the one-eyed jacks
ever remove a chip, so only they have the "means" form. A card's name by
itself (a screen reader's "7♥, srdcová sedmička") is its nominative."""

from functools import cache

from django.utils.translation import get_language, pgettext_lazy

TEAMS = {
    "blue": pgettext_lazy("team colour", "blue"),
    "green": pgettext_lazy("team colour", "green"),
    "red": pgettext_lazy("team colour", "red"),
}


def team(name: str) -> str:
    return str(TEAMS.get(name, name))


# A card played, discarded or turned in: the object of the sentence.
OBJECT = {
    "2S": pgettext_lazy("card, object", "2♠"),
    "3S": pgettext_lazy("card, object", "3♠"),
    "4S": pgettext_lazy("card, object", "4♠"),
    "5S": pgettext_lazy("card, object", "5♠"),
    "6S": pgettext_lazy("card, object", "6♠"),
    "7S": pgettext_lazy("card, object", "7♠"),
    "8S": pgettext_lazy("card, object", "8♠"),
    "9S": pgettext_lazy("card, object", "9♠"),
    "TS": pgettext_lazy("card, object", "10♠"),
    "JS": pgettext_lazy("card, object", "J♠"),
    "QS": pgettext_lazy("card, object", "Q♠"),
    "KS": pgettext_lazy("card, object", "K♠"),
    "AS": pgettext_lazy("card, object", "A♠"),
    "2H": pgettext_lazy("card, object", "2♥"),
    "3H": pgettext_lazy("card, object", "3♥"),
    "4H": pgettext_lazy("card, object", "4♥"),
    "5H": pgettext_lazy("card, object", "5♥"),
    "6H": pgettext_lazy("card, object", "6♥"),
    "7H": pgettext_lazy("card, object", "7♥"),
    "8H": pgettext_lazy("card, object", "8♥"),
    "9H": pgettext_lazy("card, object", "9♥"),
    "TH": pgettext_lazy("card, object", "10♥"),
    "JH": pgettext_lazy("card, object", "J♥"),
    "QH": pgettext_lazy("card, object", "Q♥"),
    "KH": pgettext_lazy("card, object", "K♥"),
    "AH": pgettext_lazy("card, object", "A♥"),
    "2D": pgettext_lazy("card, object", "2♦"),
    "3D": pgettext_lazy("card, object", "3♦"),
    "4D": pgettext_lazy("card, object", "4♦"),
    "5D": pgettext_lazy("card, object", "5♦"),
    "6D": pgettext_lazy("card, object", "6♦"),
    "7D": pgettext_lazy("card, object", "7♦"),
    "8D": pgettext_lazy("card, object", "8♦"),
    "9D": pgettext_lazy("card, object", "9♦"),
    "TD": pgettext_lazy("card, object", "10♦"),
    "JD": pgettext_lazy("card, object", "J♦"),
    "QD": pgettext_lazy("card, object", "Q♦"),
    "KD": pgettext_lazy("card, object", "K♦"),
    "AD": pgettext_lazy("card, object", "A♦"),
    "2C": pgettext_lazy("card, object", "2♣"),
    "3C": pgettext_lazy("card, object", "3♣"),
    "4C": pgettext_lazy("card, object", "4♣"),
    "5C": pgettext_lazy("card, object", "5♣"),
    "6C": pgettext_lazy("card, object", "6♣"),
    "7C": pgettext_lazy("card, object", "7♣"),
    "8C": pgettext_lazy("card, object", "8♣"),
    "9C": pgettext_lazy("card, object", "9♣"),
    "TC": pgettext_lazy("card, object", "10♣"),
    "JC": pgettext_lazy("card, object", "J♣"),
    "QC": pgettext_lazy("card, object", "Q♣"),
    "KC": pgettext_lazy("card, object", "K♣"),
    "AC": pgettext_lazy("card, object", "A♣"),
}

# A chip removed with a card: the means.
MEANS = {
    "JS": pgettext_lazy("card, means", "J♠"),
    "JH": pgettext_lazy("card, means", "J♥"),
}


# A card by itself, as a screen reader says it beside its label ("7♥, 7 of hearts").
NAME = {
    "2S": pgettext_lazy("card, name", "2 of spades"),
    "3S": pgettext_lazy("card, name", "3 of spades"),
    "4S": pgettext_lazy("card, name", "4 of spades"),
    "5S": pgettext_lazy("card, name", "5 of spades"),
    "6S": pgettext_lazy("card, name", "6 of spades"),
    "7S": pgettext_lazy("card, name", "7 of spades"),
    "8S": pgettext_lazy("card, name", "8 of spades"),
    "9S": pgettext_lazy("card, name", "9 of spades"),
    "TS": pgettext_lazy("card, name", "10 of spades"),
    "JS": pgettext_lazy("card, name", "jack of spades"),
    "QS": pgettext_lazy("card, name", "queen of spades"),
    "KS": pgettext_lazy("card, name", "king of spades"),
    "AS": pgettext_lazy("card, name", "ace of spades"),
    "2H": pgettext_lazy("card, name", "2 of hearts"),
    "3H": pgettext_lazy("card, name", "3 of hearts"),
    "4H": pgettext_lazy("card, name", "4 of hearts"),
    "5H": pgettext_lazy("card, name", "5 of hearts"),
    "6H": pgettext_lazy("card, name", "6 of hearts"),
    "7H": pgettext_lazy("card, name", "7 of hearts"),
    "8H": pgettext_lazy("card, name", "8 of hearts"),
    "9H": pgettext_lazy("card, name", "9 of hearts"),
    "TH": pgettext_lazy("card, name", "10 of hearts"),
    "JH": pgettext_lazy("card, name", "jack of hearts"),
    "QH": pgettext_lazy("card, name", "queen of hearts"),
    "KH": pgettext_lazy("card, name", "king of hearts"),
    "AH": pgettext_lazy("card, name", "ace of hearts"),
    "2D": pgettext_lazy("card, name", "2 of diamonds"),
    "3D": pgettext_lazy("card, name", "3 of diamonds"),
    "4D": pgettext_lazy("card, name", "4 of diamonds"),
    "5D": pgettext_lazy("card, name", "5 of diamonds"),
    "6D": pgettext_lazy("card, name", "6 of diamonds"),
    "7D": pgettext_lazy("card, name", "7 of diamonds"),
    "8D": pgettext_lazy("card, name", "8 of diamonds"),
    "9D": pgettext_lazy("card, name", "9 of diamonds"),
    "TD": pgettext_lazy("card, name", "10 of diamonds"),
    "JD": pgettext_lazy("card, name", "jack of diamonds"),
    "QD": pgettext_lazy("card, name", "queen of diamonds"),
    "KD": pgettext_lazy("card, name", "king of diamonds"),
    "AD": pgettext_lazy("card, name", "ace of diamonds"),
    "2C": pgettext_lazy("card, name", "2 of clubs"),
    "3C": pgettext_lazy("card, name", "3 of clubs"),
    "4C": pgettext_lazy("card, name", "4 of clubs"),
    "5C": pgettext_lazy("card, name", "5 of clubs"),
    "6C": pgettext_lazy("card, name", "6 of clubs"),
    "7C": pgettext_lazy("card, name", "7 of clubs"),
    "8C": pgettext_lazy("card, name", "8 of clubs"),
    "9C": pgettext_lazy("card, name", "9 of clubs"),
    "TC": pgettext_lazy("card, name", "10 of clubs"),
    "JC": pgettext_lazy("card, name", "jack of clubs"),
    "QC": pgettext_lazy("card, name", "queen of clubs"),
    "KC": pgettext_lazy("card, name", "king of clubs"),
    "AC": pgettext_lazy("card, name", "ace of clubs"),
}


def card_name(card: str) -> str:
    return _card_name(card, get_language())


@cache
def _card_name(card: str, language: str | None) -> str:
    """Each card's name once per language: the board names its cells' cards
    (some 200 names a table page), and a lazy translation costs each time."""
    return str(NAME[card])
