"""In a real browser, no page breaks the Content-Security-Policy or the
Permissions-Policy: Chromium reports either as a console error."""

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from games import services
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def errors_on(context, base: str, paths: list[str]) -> list[str]:
    page = context.new_page()
    errors = []

    def note(message):
        # The admin links no icon, so the browser asks for /favicon.ico: a 404, not a policy error.
        if message.type == "error" and not message.location["url"].endswith("/favicon.ico"):
            errors.append(f"{page.url}: {message.text}")

    page.on("console", note)
    for path in paths:
        response = page.goto(base + path)
        assert response.ok, f"{path}: {response.status}"
        assert response.headers["content-security-policy"]
        page.wait_for_load_state("load")
    page.close()
    return errors


def signed_in(browser, base: str, user):
    client = Client()
    client.force_login(user)
    context = browser.new_context()
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])
    return context


def test_no_page_breaks_the_policies(browser, live_server, started_game):
    base = live_server.url
    table, users = started_game(2, 2)
    forming = services.game_create(creator=users[0], players=2, teams=2)
    card = table.seats.get(position=0).hand.cards[0]

    visitor = browser.new_context()
    errors = errors_on(visitor, base, ["/", reverse("open_games"), reverse("account_login"), reverse("account_signup")])

    player = signed_in(browser, base, users[0])
    game = reverse("game", args=[table.pk])
    errors += errors_on(
        player,
        base,
        [
            game,
            f"{game}?card={card}",
            reverse("game", args=[forming.pk]),
            reverse("game_new"),
            reverse("account_settings"),
            reverse("account_email"),
        ],
    )

    moderator = signed_in(browser, base, UserFactory(is_staff=True, is_superuser=True))
    errors += errors_on(
        moderator,
        base,
        [
            reverse("admin:index"),
            reverse("admin:games_game_changelist"),
            reverse("admin:games_game_change", args=[table.pk]),
            reverse("admin:accounts_user_add"),
        ],
    )
    assert errors == []
