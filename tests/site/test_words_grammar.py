"""The review of the three languages (issue 23): dates in each language's own
order and case, counts that agree with their nouns, and the Hungarian article
before a cell or a number."""

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.template import Context, Template
from django.utils import timezone, translation

from games import refusals
from games.articles import article, resolve
from games.dates import when
from games.describe import describe_move
from games.mail import emails
from games.models import Notification
from games.refusal_text import sentence
from games.web.forms import GameCreateForm
from tests.site import test_languages

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


# --- counts that agree with their nouns ---------------------------------------------------


def test_a_team_count_refusal_agrees_with_the_number_of_players():
    with translation.override("cs"):
        four = sentence("team_count", {"players": 4, "allowed": [2], "teams": 3})
        six = sentence("team_count", {"players": 6, "allowed": [2, 3], "teams": 4})
    assert four == "4 hráči hrají ve 2 týmech, ne ve 3."
    assert six == "6 hráčů hraje ve 2 nebo 3 týmech, ne ve 4."
    with translation.override("en"):
        assert sentence("team_count", {"players": 4, "allowed": [2], "teams": 3}) == "4 players play in 2 teams, not 3."


@pytest.mark.django_db
def test_the_new_game_forms_team_count_agrees_too():
    with translation.override("cs"):
        form = GameCreateForm(data={"players": 4, "teams": 3, "draw_mode": "automatic"})
        form.is_valid()
        assert "4 hráči hrají ve 2 týmech." in form.errors.get("teams", [])


@pytest.mark.parametrize("waiting", [1, 2, 5])
def test_waiting_invitations_read_right_for_any_number(waiting):
    said = {}
    for language in ("cs", "it"):
        with translation.override(language):
            said[language] = str(refusals.TOO_MANY_INVITATIONS(open_seats=1, waiting=waiting))
    assert said["cs"] == (
        f"Tato hra má 1 volné místo a pozvánek čekajících na odpověď je už {waiting}: další pozvěte, až někdo odmítne."
    )
    assert said["it"] == (
        f"Questa partita ha 1 posto libero (inviti in attesa di risposta: {waiting}): "
        "invita altri quando qualcuno rifiuta."
    )


# --- the Hungarian article ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "the"),
    [
        ("A1", "az"), ("E5", "az"), ("F2", "az"), ("I9", "az"), ("B4", "a"), ("C4", "a"), ("J10", "a"),
        ("1", "az"), ("5", "az"), ("52", "az"), ("500", "az"), ("1000", "az"), ("1999", "az"), ("1000000", "az"),
        ("2", "a"), ("10", "a"), ("11", "a"), ("15", "a"), ("100", "a"), ("10000", "a"), ("0", "a"),
        ("kék", "a"), ("zöld", "a"), ("email", "az"), ("anna@example.org", "az"),
    ],
)  # fmt: skip
def test_the_hungarian_article_follows_how_the_next_word_is_read(word, the):
    assert article(word) == the


def test_resolve_decides_each_mark_and_keeps_the_capital_and_the_tags():
    assert resolve("A(z) E5 mezőn, a(z) C4 mezőre; A(z) <strong>5.</strong> játszma, a(z)\n15. hely") == (
        "Az E5 mezőn, a C4 mezőre; Az <strong>5.</strong> játszma, a\n15. hely"
    )
    assert resolve("nothing to decide") == "nothing to decide"


def test_a_hungarian_move_and_refusal_name_cells_with_the_right_article():
    play = {"seat": 0, "text": "7H E5", "events": [{"type": "chip_placed", "card": "7H", "cell": "E5"}]}
    with translation.override("hu"):
        line = describe_move(seat_names={0: "Anna"}, **play)
        taken = sentence("cell_occupied", {"cell": "A1", "owner": "blue", "hint": ""})
        other = sentence("cell_occupied", {"cell": "B4", "owner": "green", "hint": ""})
    assert line == "Anna kijátszotta a kőr hetest, és zsetont tett az E5 mezőre"
    assert taken.startswith("Az A1 mezőn már van egy kék zseton.")
    assert other.startswith("A B4 mezőn már van egy zöld zseton.")


@pytest.mark.django_db
def test_a_hungarian_turn_email_decides_the_article_of_its_game(started_game):
    game, users = started_game(2, 2)
    users[0].language = "hu"
    users[0].save()
    message = emails.build(Notification.objects.get(game=game, kind=Notification.Kind.YOUR_TURN))
    texts = [message.subject, message.body, message.alternatives[0].content]
    assert not [text for text in texts if "a(z)" in text.lower()]
    assert f"{article(str(game.pk)).capitalize()} {game.pk}. játszmában te következel" in message.body
    assert message.body.startswith("Szia, ") or "\nSzia, " in message.body


# --- dates where the site shows them ------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["cs", "it", "hu"])
def test_a_turn_emails_deadline_is_in_the_readers_date_format(started_game, language):
    game, users = started_game(2, 2)
    users[0].language, users[0].time_zone = language, "Europe/Rome"
    users[0].save()
    message = emails.build(Notification.objects.get(game=game, kind=Notification.Kind.YOUR_TURN))
    with translation.override(language), timezone.override("Europe/Rome"):
        expected = when(timezone.localtime(game.turn_deadline), "deadline")
    assert expected in message.alternatives[0].content


@pytest.mark.django_db
def test_the_table_shows_its_deadline_in_hungarian_order(client, started_game):
    game, users = started_game(2, 2)
    client.force_login(users[0])
    page = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    with translation.override("hu"):
        expected = when(timezone.localtime(game.turn_deadline), "short")
    assert expected in page


# --- one set of words per language: the catalog and the rules page agree ------------------

RULES = Path(__file__).resolve().parents[2] / "templates" / "rules"
LOCALE = Path(__file__).resolve().parents[2] / "locale"
# Words the review replaced, each by the one the site and the rules page now share.
REPLACED = {
    "cs": [r"Rady u stolu", r"rady u stolu", r"\bZačít\b", r"přichází o dobrání", r"hrací desce", r"\bji spustit"],
    "it": [r"\bfiche\b", r"\bjack\b", r"\britir", r"\bInizia\)", r"\bla pesca\b", r"\buna pesca\b", r"occhio solo"],
    "hu": [
        r"egyszemű",
        r"(?<![#\"])\bjack",
        r"dobópakli",
        r"asztali beszélgetés",
        r"\bsort\b",
        r"kész sorban",
        r"\bsor kell",
    ],
}


def catalog_strings(language):
    with open(LOCALE / language / "LC_MESSAGES" / "django.po", "rb") as po:
        for message in read_po(po):
            if message.id:
                yield from (message.string if isinstance(message.string, tuple) else (message.string,))


@pytest.mark.parametrize("language", sorted(REPLACED))
def test_the_catalog_and_the_rules_page_use_one_set_of_words(language):
    texts = [*catalog_strings(language), (RULES / f"how_to_play.{language}.html").read_text()]
    found = {word for word in REPLACED[language] for text in texts if re.search(word, text)}
    assert not found


@pytest.mark.django_db
def test_no_hungarian_page_or_email_leaves_an_article_undecided(client, started_game, monkeypatch):
    undecided = []
    for name, path, user in test_languages.pages(client, started_game):
        if user is not None:
            user.language = "hu"
            user.save()
            client.force_login(user)
        else:
            client.logout()
        if "a(z)" in client.get(path, HTTP_ACCEPT_LANGUAGE="hu").content.decode().lower():
            undecided.append(name)
    monkeypatch.setattr(test_languages, "PSEUDO", "hu")  # every e-mail, to Hungarian readers
    for kind, message in test_languages.every_email(started_game):
        if "a(z)" in " ".join([message.subject, message.body, message.alternatives[0].content]).lower():
            undecided.append(kind)
    assert not undecided


@pytest.mark.django_db
def test_a_hungarian_page_counts_its_bytes_after_the_articles_are_decided(client, started_game):
    game, _ = started_game(2, 2, is_public=True)
    response = client.get(f"/games/{game.pk}/replay/", HTTP_ACCEPT_LANGUAGE="hu")
    assert "a(z)" not in response.content.decode().lower()
    assert int(response["Content-Length"]) == len(response.content)
