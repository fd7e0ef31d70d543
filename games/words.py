"""Teams and cards in the reader's words.

A team's colour is the adjective of its chips and of the team itself ("the
blue team", "modrý tým", "la squadra blu", "a kék csapat"): sentences around it
say "team" or "chip" where their language needs a noun.

A card, where a sentence names one ("Anna hraje srdcovou sedmičku na C4"), is
one message per card and grammatical role, so each language gives the form
its sentences need; English keeps the notation (7♥). Only the one-eyed jacks
ever remove a chip, so only they have the "means" form."""

from django.utils.translation import pgettext_lazy

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
