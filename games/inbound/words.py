"""The words players may use in an e-mail, by language: suits, ranks,
commands and the little words a sentence carries ("7 di cuori su C4",
"srdcová sedmička na C4", "kőr 7 a C4-re"). Every language's words are
read in every reply; each language's help lists its own (issue 13, 23).
Keys are lower case; the ASCII-folded form (kor for kőr) is accepted too
(see `folded`)."""

import unicodedata

# The suit words the help lists, by language.
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
    "cs": {
        "piky": "S",
        "pik": "S",
        "srdce": "H",
        "káry": "D",
        "kára": "D",
        "káro": "D",
        "kříže": "C",
        "kříž": "C",
        "trefy": "C",
        "tref": "C",
    },
    "it": {"picche": "S", "cuori": "H", "quadri": "D", "fiori": "C"},
    "hu": {"pikk": "S", "kőr": "H", "káró": "D", "treff": "C"},
}
# Also read, not listed: the Czech adjectives (srdcová sedmička, srdcovou
# sedmičku, srdcové eso) and the Italian singulars.
_CZECH_STEMS = {"pikov": "S", "srdcov": "H", "károv": "D", "křížov": "C", "trefov": "C"}
SUIT_FORMS = {
    **{stem + end: suit for stem, suit in _CZECH_STEMS.items() for end in ("á", "é", "ou", "ý", "ého", "ém")},
    "picca": "S",
    "cuore": "H",
    "quadro": "D",
    "fiore": "C",
}
# Rank words, in any case the sentence puts them ("srdcovou sedmičku").
RANK_WORDS = {
    "en": {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "ten": "T"},
    "cs": {
        **dict.fromkeys(["eso"], "A"),
        **dict.fromkeys(["král", "krále"], "K"),
        **dict.fromkeys(["dáma", "dámu"], "Q"),
        **dict.fromkeys(["kluk", "kluka"], "J"),
        **dict.fromkeys(["desítka", "desítku"], "T"),
        **dict.fromkeys(["devítka", "devítku"], "9"),
        **dict.fromkeys(["osmička", "osmičku"], "8"),
        **dict.fromkeys(["sedmička", "sedmičku"], "7"),
        **dict.fromkeys(["šestka", "šestku"], "6"),
        **dict.fromkeys(["pětka", "pětku"], "5"),
        **dict.fromkeys(["čtyřka", "čtyřku"], "4"),
        **dict.fromkeys(["trojka", "trojku"], "3"),
        **dict.fromkeys(["dvojka", "dvojku"], "2"),
    },
    "it": {
        "asso": "A",
        "re": "K",
        "donna": "Q",
        "regina": "Q",
        "fante": "J",
        "dieci": "T",
        "nove": "9",
        "otto": "8",
        "sette": "7",
        "sei": "6",
        "cinque": "5",
        "quattro": "4",
        "tre": "3",
        "due": "2",
    },
    "hu": {  # and the accusative a sentence puts them in ("kőr ászt az F2-re")
        **dict.fromkeys(["ász", "ászt"], "A"),
        **dict.fromkeys(["király", "királyt"], "K"),
        **dict.fromkeys(["dáma", "dámát"], "Q"),
        **dict.fromkeys(["bubi", "bubit"], "J"),
        **dict.fromkeys(["tízes", "tízest"], "T"),
        **dict.fromkeys(["kilences", "kilencest"], "9"),
        **dict.fromkeys(["nyolcas", "nyolcast"], "8"),
        **dict.fromkeys(["hetes", "hetest"], "7"),
        **dict.fromkeys(["hatos", "hatost"], "6"),
        **dict.fromkeys(["ötös", "ötöst"], "5"),
        **dict.fromkeys(["négyes", "négyest"], "4"),
        **dict.fromkeys(["hármas", "hármast"], "3"),
        **dict.fromkeys(["kettes", "kettest"], "2"),
        # French-suited Hungarian decks print B (bubi) and D (dáma): read before a suit only.
        "b": "J",
        "d": "Q",
    },
}
# The commands in each language, as the engine writes them; the help lists them.
COMMAND_WORDS = {
    "en": {"help": "help", "board": "board", "resign": "resign", "dead": "dead", "pass": "pass", "draw": "draw"},
    "cs": {
        "nápověda": "help",
        "pomoc": "help",
        "plán": "board",
        "vzdávám": "resign",
        "mrtvá": "dead",
        "pas": "pass",
        "beru": "draw",
        "dobrat": "draw",
        "trest": "penalty",
    },
    "it": {
        "aiuto": "help",
        "tabellone": "board",
        "abbandono": "resign",
        "morta": "dead",
        "passo": "pass",
        "pesco": "draw",
        "pesca": "draw",
        "penalità": "penalty",
    },
    "hu": {
        "súgó": "help",
        "segítség": "help",
        "tábla": "board",
        "feladom": "resign",
        "halott": "dead",
        "passz": "pass",
        "húzok": "draw",
        "húzás": "draw",
        "büntetés": "penalty",
    },
}
# Other forms of the commands, read but not listed.
COMMAND_FORMS = {
    "?": "help",
    "vzdávám se": "resign",
    "mrtvou": "dead",
    "dobírám": "draw",
    "mi ritiro": "resign",
    "sequenza": "seq",
    "sekvence": "seq",
    "sorozat": "seq",
}
# Words a friendly move may carry that mean nothing: "play 7h on c4", "7 of
# hearts", "7h na c4", "7 di cuori su c4", "il sette di cuori". (Hungarian
# "a"/"az" is an ace in "a kőr": commands.py drops it only before a cell.)
FILLERS = {
    *("play", "on", "at", "to", "of", "the"),
    *("na", "hraju", "hraji", "hraju:"),
    *("di", "su", "gioco", "il", "lo", "la"),
    *("lerakom", "rakom"),
}
ARTICLES = {"a", "az"}
# Hungarian case endings on a cell: "C4-re", "C4-ra", "C4-en", "A1-be".
CELL_ENDINGS = ("-re", "-ra", "-n", "-on", "-en", "-ön", "-ba", "-be")
# The outline suit signs some keyboards and fonts give, and the emoji heart.
SUIT_SIGNS = {"♤": "♠", "♡": "♥", "♢": "♦", "♧": "♣", "❤": "♥"}
# Variation selectors: phone keyboards send ♥ as "♥\ufe0f" (emoji presentation).
PRESENTATION = {"\ufe0e", "\ufe0f"}


def ascii_folded(word: str) -> str:
    """kőr -> kor, kříže -> krize."""
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


def _folded_table(*tables: dict) -> dict:
    return {ascii_folded(word): value for table in tables for word, value in table.items()}


_SUITS = _folded_table(*SUIT_WORDS.values(), SUIT_FORMS)
_RANKS = _folded_table(*RANK_WORDS.values())
_COMMANDS = _folded_table(*COMMAND_WORDS.values(), COMMAND_FORMS)


def suit_of(word: str) -> str | None:
    """The suit letter a word names, in any of the languages, or None."""
    return _SUITS.get(ascii_folded(word.lower()))


def rank_of(word: str) -> str | None:
    """The rank letter a word names ("sedmička" -> "7"), or None."""
    return _RANKS.get(ascii_folded(word.lower()))


def command_of(words: str) -> str | None:
    """The engine's command a word (or two) names ("nápověda" -> "help"), or None."""
    return _COMMANDS.get(ascii_folded(words.lower()))


def local_commands(language: str) -> list[str]:
    """A language's command words for its help: "nápověda (help)", …"""
    if language == "en":
        return []
    return [f"{word} ({command})" for word, command in COMMAND_WORDS.get(language, {}).items()]
