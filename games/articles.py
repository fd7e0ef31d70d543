"""The Hungarian definite article: "a" or "az", chosen by how the next word is
read aloud ("az" before a vowel sound). The catalog writes "a(z)" or "A(z)"
only before a value it cannot know (a cell, a game's or a seat's number);
resolve() decides each one once the value is in the sentence:

    az A1, az E5, az F2, az I9   but  a B4, a C4   (the letter's name: á, é, ef, i / bé, cé)
    az 1., az 5., az 52., az 1000.  but  a 2., a 10., a 100.   (egy, öt, ezer / kettő, tíz, száz)

Pages get it from games/web/hungarian.py, e-mails from games/mail/emails.py, and
the doors that say a refusal or a move without a page from sentence() and
describe_move()."""

import re

# Letters whose Hungarian names start with a vowel: á, é, ef, i, el, em, en, ó, er, es, ú, iksz, ipszilon.
_VOWEL_LETTERS = set("AEFILMNORSUXYÁÉÍÓÖŐÚÜŰ")
_VOWELS = set("aáeéiíoóöőuúüű")
_MARK = re.compile(r"\b([Aa])\(z\)((?:\s|<[^<>]*>)+)([^\s<]+)")
_CELL = re.compile(r"[A-Za-z](?:10|[1-9])(?![0-9])")


def article(word: str) -> str:
    """'az' or 'a' before `word`, as it is read: a number, a cell name or a word."""
    digits = re.match(r"\d+", word)
    if digits:
        number = digits.group()
        # egy (1), ezer (1xxx), egymillió (1xxxxxx); öt, ötven, ötszáz... (5...)
        return "az" if number[0] == "5" or (number[0] == "1" and len(number) % 3 == 1) else "a"
    if _CELL.match(word):
        return "az" if word[0].upper() in _VOWEL_LETTERS else "a"
    return "az" if word[:1].lower() in _VOWELS else "a"


def resolve(text: str) -> str:
    """`text` with every "a(z)"/"A(z)" replaced by the article its next word takes."""
    if "(z)" not in text:
        return text

    def decided(match: re.Match) -> str:
        chosen = article(match.group(3))
        return (chosen.capitalize() if match.group(1) == "A" else chosen) + match.group(2) + match.group(3)

    return _MARK.sub(decided, text)
