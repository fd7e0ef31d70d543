"""Usernames one player cannot use to pose as another: normalised (NFKC),
without invisible characters, in one script, and not a look-alike of a name
already taken. After Unicode TR #39, with the standard library and a small
table instead of its full data."""

import unicodedata

from django.core.exceptions import ValidationError


def normalise(username: str) -> str:
    """The form a name is stored, compared and logged in with: fullwidth and
    other compatibility forms become plain letters ('ｌｏｏｋ' -> 'look')."""
    return unicodedata.normalize("NFKC", username)


# --- validators (the username field's, and so allauth's) ---------------------------

# Unicode categories no username needs: format characters (zero-width spaces
# and joiners, bidi controls such as RLO), controls, unassigned and private
# code points, and every kind of space.
_INVISIBLE = {"Cf", "Cc", "Cn", "Co", "Cs", "Zs", "Zl", "Zp"}


def validate_visible(username: str) -> None:
    if any(unicodedata.category(char) in _INVISIBLE for char in username):
        raise ValidationError("A username cannot contain spaces or invisible characters.", code="invisible")


def validate_normalised(username: str) -> None:
    """Sign-up normalises first; this keeps any other way in honest."""
    if normalise(username) != username:
        raise ValidationError(
            "Write the name in plain letters: %(plain)s", code="not_normalised", params={"plain": normalise(username)}
        )


# The first word of a character's Unicode name is its script, but for these.
_SCRIPT_ALIASES = {
    "ARABIC-INDIC": "ARABIC",
    "EXTENDED": "ARABIC",  # EXTENDED ARABIC-INDIC DIGIT …
    "IDEOGRAPHIC": "CJK",  # 々
    "KATAKANA-HIRAGANA": "KATAKANA",  # ー
}
# Scripts that are written together (TR #39's "highly restrictive" level).
_WRITTEN_TOGETHER = [
    {"LATIN", "CJK", "HIRAGANA", "KATAKANA"},
    {"LATIN", "CJK", "HANGUL"},
    {"LATIN", "CJK", "BOPOMOFO"},
]


def _script(char: str) -> str | None:
    """The script of a letter or digit; None for 0-9 and the punctuation usernames allow."""
    if char.isascii():
        return "LATIN" if char.isalpha() else None
    first = unicodedata.name(char, "UNNAMED").split(" ")[0]
    return _SCRIPT_ALIASES.get(first, first)


def validate_single_script(username: str) -> None:
    scripts = {_script(char) for char in username} - {None}
    if len(scripts) > 1 and not any(scripts <= together for together in _WRITTEN_TOGETHER):
        raise ValidationError(
            "Write the name in one alphabet: it mixes %(scripts)s letters.",
            code="mixed_scripts",
            params={"scripts": " and ".join(sorted(s.title() for s in scripts))},
        )


# --- look-alikes ---------------------------------------------------------------

# Letters that look like Latin ones, and the Latin letters and digits that
# look like others (after TR #39's confusables.txt). Mapped before case
# folding, since capital В looks like B but small в does not look like b.
# Latin capital I stays I: as l it would part ÉLISE from élise.
_LOOKALIKES = str.maketrans(
    {
        **dict(zip("АВЕКМНОРСТУХЅІЈԚԜҮӀ", "ABEKMHOPCTYXSIJQWYI", strict=True)),  # Cyrillic capitals
        **dict(zip("аеорсухѕіјԁһԛԝӏүѵ", "aeopcyxsijdhqwlyv", strict=True)),  # Cyrillic small
        **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧϹͿ", "ABEZHIKMNOPTYXCJ", strict=True)),  # Greek capitals
        **dict(zip("αορνυικχγϲϳ", "aopvuikxycj", strict=True)),  # Greek small
        **dict(zip("ՕՍօսհոզ", "OUouhnq", strict=True)),  # Armenian
        **dict(zip("ıɑɡ01", "iagol", strict=True)),  # Latin and digits
    }
)
_LOOKALIKE_PAIRS = [("rn", "m"), ("vv", "w")]


def skeleton(username: str) -> str:
    """What a name looks like: two names with one skeleton are look-alikes
    ('сосо' in Cyrillic and 'coco', 'paypa1' and 'PayPal')."""
    shape = normalise(username).translate(_LOOKALIKES).casefold()
    for pair, single in _LOOKALIKE_PAIRS:
        shape = shape.replace(pair, single)
    return unicodedata.normalize("NFC", shape)
