"""The review of the three languages (issue 23): dates in each language's own
order and case, counts that agree with their nouns, and the Hungarian article
before a cell or a number."""

from datetime import UTC, datetime

import pytest
from django.template import Context, Template
from django.utils import timezone, translation

from games.dates import when

TUESDAY = datetime(2026, 12, 1, 14, 5, tzinfo=UTC)
THURSDAY = datetime(2026, 3, 5, 9, 5, tzinfo=UTC)


def said(language, value, kind):
    with translation.override(language):
        return when(value, kind)


@pytest.mark.parametrize(
    ("language", "deadline", "short", "day", "stamp", "date"),
    [
        ("en", "Thursday 5 March, 09:05 UTC", "Thu 5 Mar, 09:05 UTC", "5 March", "5 Mar 09:05", "5 Mar 2026"),
        ("cs", "5. března 9:05 UTC", "5. 3. 9:05 UTC", "5. března", "5. 3. 9:05", "5. 3. 2026"),
        ("it", "giovedì 5 marzo, 09:05 UTC", "gio 5 mar, 09:05 UTC", "5 marzo", "5 mar 09:05", "5 mar 2026"),
        (
            "hu",
            "március 5., csütörtök 9:05 UTC",
            "márc. 5., csütörtök 9:05 UTC",
            "március 5.",
            "márc. 5. 9:05",
            "2026. márc. 5.",
        ),
    ],
)
def test_dates_are_in_each_languages_own_format(language, deadline, short, day, stamp, date):
    assert [said(language, THURSDAY, kind) for kind in ("deadline", "short", "day", "stamp", "date")] == [
        deadline,
        short,
        day,
        stamp,
        date,
    ]


def test_italian_names_are_lower_case_and_the_first_is_1o():
    assert said("it", TUESDAY, "deadline") == "martedì 1º dicembre, 14:05 UTC"
    assert said("it", TUESDAY, "day") == "1º dicembre"
    assert said("hu", TUESDAY, "weekday") == "dec. 1., kedd"
    assert said("cs", TUESDAY, "weekday") == "út 1. 12."


def test_the_filter_shows_the_readers_time_zone():
    template = Template('{% load dates %}{{ value|when:"deadline" }}')
    with translation.override("cs"), timezone.override("Europe/Prague"):
        assert template.render(Context({"value": TUESDAY})) == "1. prosince 15:05 CET"
    assert template.render(Context({"value": None})) == ""
