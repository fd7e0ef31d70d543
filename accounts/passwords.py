"""Django's minimum length, in our words: Django 5.2 changed its message's msgid
("at least %d character(s)"), and its Czech and Italian catalogs still hold only
the old one, so there the refusal showed in English."""

from django.contrib.auth.password_validation import MinimumLengthValidator as DjangoMinimumLengthValidator
from django.utils.translation import ngettext


class MinimumLengthValidator(DjangoMinimumLengthValidator):
    def get_error_message(self) -> str:
        return ngettext(
            "This password is too short: it must have at least %(min_length)d character.",
            "This password is too short: it must have at least %(min_length)d characters.",
            self.min_length,
        ) % {"min_length": self.min_length}
