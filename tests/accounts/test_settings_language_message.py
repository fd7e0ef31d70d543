"""Saving the settings with another language: the confirmation on the page the
player lands on speaks that page's language, the one just chosen."""

import html

import pytest
from django.urls import reverse

from accounts.models import EmailKind
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

SAVED = {"en": "Your settings are saved.", "cs": "Nastavení je uloženo."}


def _settings_data(user, language: str) -> dict:
    return {
        "language": language,
        "time_zone": user.time_zone,
        "digest_hour": user.digest_hour,
        "reminder_hours": user.reminder_hours,
        **{f"delivery_{kind}": user.delivery_for(kind) for kind in EmailKind.values},
    }


def _landing(client, user, language: str, **headers) -> tuple[str, str]:
    answer = client.post(reverse("account_settings"), _settings_data(user, language), follow=True, **headers)
    assert answer.status_code == 200 and answer.redirect_chain
    page = html.unescape(answer.content.decode())
    return page, answer["Content-Language"]


@pytest.mark.parametrize(("before", "after"), [("en", "cs"), ("cs", "en")])
def test_the_saved_message_speaks_the_language_just_chosen(client, before, after):
    user = UserFactory(language=before)
    client.force_login(user)
    page, spoken = _landing(client, user, after)
    user.refresh_from_db()
    assert user.language == after
    assert spoken == after and f'<html lang="{after}">' in page  # the page itself is in the new language
    assert SAVED[after] in page
    assert SAVED[before] not in page


def test_back_to_the_browsers_language_the_message_follows_the_browser(client):
    user = UserFactory(language="cs")
    client.force_login(user)
    page, spoken = _landing(client, user, "", HTTP_ACCEPT_LANGUAGE="en")
    assert spoken == "en"
    assert SAVED["en"] in page and SAVED["cs"] not in page


def test_the_language_chosen_is_still_spoken_after_signing_out(client):
    user = UserFactory(language="en")
    client.force_login(user)
    _landing(client, user, "cs")
    client.post(reverse("account_logout"))  # signing out as a player does (the test client's logout drops every cookie)
    page = client.get(reverse("rules"), HTTP_ACCEPT_LANGUAGE="en")  # the browser asks for English…
    assert page["Content-Language"] == "cs"  # …but the player chose Czech on this browser
    client.force_login(user)
    _landing(client, user, "")  # "as my browser asks": the browser's own choice again
    client.post(reverse("account_logout"))
    assert client.get(reverse("rules"), HTTP_ACCEPT_LANGUAGE="en")["Content-Language"] == "en"


def test_as_my_browser_asks_is_confirmed_in_the_browsers_language_not_the_forgotten_cookies(client):
    user = UserFactory(language="cs")
    client.force_login(user)
    _landing(client, user, "cs")  # the browser keeps Czech…
    page, spoken = _landing(client, user, "", HTTP_ACCEPT_LANGUAGE="en")  # …until the player lets it ask
    assert spoken == "en" and SAVED["en"] in page and SAVED["cs"] not in page
