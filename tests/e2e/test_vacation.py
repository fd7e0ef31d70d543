"""A player plans a vacation on the settings page, in Chromium; the other
player's table says they are on vacation, and until when."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import User
from tests.e2e.conftest import signed_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_vacation_set_on_the_settings_page_shows_on_the_other_players_table(browser, live_server, started_game):
    game, users = started_game(2, 2)
    away, other = users
    User.objects.filter(pk=away.pk).update(date_joined=timezone.now() - timedelta(days=80))  # 10 days held
    back = (timezone.now() + timedelta(days=4)).date()

    context = browser.new_context()
    signed_in(context, live_server.url, away)
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/settings/")
    assert "You hold: 10 days." in page.inner_text("#vacation")
    page.fill("#vacation input[name=back]", back.isoformat())
    page.click("#vacation button[type=submit]")
    page.wait_for_selector("text=Your vacation is planned")
    assert "End my vacation now" in page.inner_text("#vacation")
    context.close()

    context = browser.new_context()
    signed_in(context, live_server.url, other)
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{game.pk}/")
    seat = page.locator("tr.seat", has_text=away.username)  # the seats are rows of a table (#33)
    assert "on vacation until" in seat.inner_text()
    context.close()
