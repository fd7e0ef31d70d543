"""Usernames one player cannot use to pose as another: normalised (NFKC),
without invisible characters, in one script, and not a look-alike of a name
already taken: Unicode TR #39's skeleton, computed by ICU (PyICU) over
Unicode's full confusables table, with case folding."""

import unicodedata

import icu
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


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
        raise ValidationError(_("A username cannot contain spaces or invisible characters."), code="invisible")


def validate_normalised(username: str) -> None:
    """Sign-up normalises first; this keeps any other way in honest."""
    if normalise(username) != username:
        raise ValidationError(
            _("Write the name in plain letters: %(plain)s"),
            code="not_normalised",
            params={"plain": normalise(username)},
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


# The names a refusal gives the scripts people mix most, each a noun that
# stands alone in a list (so no language has to make it agree with a noun).
_SCRIPT_NAMES = {
    "LATIN": pgettext_lazy("script of a username", "Latin"),
    "CYRILLIC": pgettext_lazy("script of a username", "Cyrillic"),
    "GREEK": pgettext_lazy("script of a username", "Greek"),
    "ARMENIAN": pgettext_lazy("script of a username", "Armenian"),
    "GEORGIAN": pgettext_lazy("script of a username", "Georgian"),
    "HEBREW": pgettext_lazy("script of a username", "Hebrew"),
    "ARABIC": pgettext_lazy("script of a username", "Arabic"),
    "DEVANAGARI": pgettext_lazy("script of a username", "Devanagari"),
    "THAI": pgettext_lazy("script of a username", "Thai"),
    "HANGUL": pgettext_lazy("script of a username", "Hangul"),
    "HIRAGANA": pgettext_lazy("script of a username", "Hiragana"),
    "KATAKANA": pgettext_lazy("script of a username", "Katakana"),
    "BOPOMOFO": pgettext_lazy("script of a username", "Bopomofo"),
    "CJK": pgettext_lazy("script of a username", "Chinese characters"),
}


def validate_single_script(username: str) -> None:
    scripts = list(dict.fromkeys(filter(None, map(_script, username))))  # in the order they come
    if len(scripts) > 1 and not any(set(scripts) <= together for together in _WRITTEN_TOGETHER):
        if all(script in _SCRIPT_NAMES for script in scripts):
            raise ValidationError(
                _("Write the name in one alphabet; it mixes several: %(scripts)s."),
                code="mixed_scripts",
                params={"scripts": ", ".join(str(_SCRIPT_NAMES[script]) for script in scripts)},
            )
        raise ValidationError(_("Write the name in one alphabet; it mixes several."), code="mixed_scripts")


# --- look-alikes ---------------------------------------------------------------

# ICU's skeleton is TR #39's over confusables.txt (ICU 77: Unicode 16). It
# is case-sensitive, as looks are: capital I looks like l, small i does not;
# small m looks like rn, capital M does not. Names are told apart without
# regard to case, so each is kept as it looks written in small letters, in
# capitals and as typed, and two names look alike when any of these meet:
# 'Iookalike' as typed is 'lookalike' in small letters, 'ΙΟΝ' (Greek) as typed
# is 'ion' in capitals, 'modem' and 'modern' meet in small letters.
_SPOOF = icu.SpoofChecker()
SKELETON_MAX_LENGTH = 600  # the columns' length; a longer skeleton is cut, which can only refuse more


def _skeleton(text: str) -> str:
    return unicodedata.normalize("NFC", _SPOOF.getSkeleton(0, text))[:SKELETON_MAX_LENGTH]


def skeleton(username: str) -> str:
    """What a name looks like in small letters ('сосо' in Cyrillic and 'coco'
    have one; 'paypa1' and 'PayPal' too)."""
    return _skeleton(normalise(username).casefold())


def capitals_skeleton(username: str) -> str:
    """What it looks like in capitals ('ВОВ' in Cyrillic and 'bob': 'BOB')."""
    return _skeleton(normalise(username).upper())


def written_skeleton(username: str) -> str:
    """What it looks like as typed ('Iookalike': 'lookalike')."""
    return _skeleton(normalise(username))


def skeletons(username: str) -> set[str]:
    """A name looks like another when these two sets meet."""
    return {skeleton(username), capitals_skeleton(username), written_skeleton(username)}
