"""Every kind of page in Czech, Italian and Hungarian (English: test_audit.py)
at a desktop and a phone width: nothing scrolls sideways, and on a phone the
header is one line whose menu opens without JavaScript (#23 items 6, 8)."""

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.e2e.conftest import WIDTHS, overflow, signed_in
from tests.e2e.test_audit import pages, world  # noqa: F401 - the fixture, used by name

pytestmark = pytest.mark.django_db(transaction=True)

ONE_LINE = 64  # px: the header's height with one line of links (three lines were ~125)


@pytest.mark.parametrize("language", ["en", "cs", "it", "hu"])
@pytest.mark.parametrize("size", WIDTHS)
def test_no_page_scrolls_sideways_in_any_language(browser, live_server, world, size, language, screenshot):  # noqa: F811
    get_user_model().objects.update(language=language)
    base, problems, contexts = live_server.url, [], {}
    for name, user, url in [
        *pages(world),
        ("rules", None, reverse("rules")),
        ("rules-player", world["host"], reverse("rules")),
    ]:
        key = user.pk if user else None
        if key not in contexts:
            contexts[key] = browser.new_context(viewport=WIDTHS[size], java_script_enabled=False)
            contexts[key].add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": base}])
            if user:
                signed_in(contexts[key], base, user)
        page = contexts[key].pages[0] if contexts[key].pages else contexts[key].new_page()
        page.goto(base + url)
        assert page.locator("html").get_attribute("lang") == language, name
        if name in ("my-games", "table-my-turn", "table-finished", "rules", "home"):
            screenshot(page, f"lang-{language}-{size}-{name}")
        if overflow(page) > 0:
            problems.append(f"{name}: scrolls sideways by {overflow(page)}px")
        if size == "phone" and page.locator(".site-header").bounding_box()["height"] > ONE_LINE:
            problems.append(f"{name}: the header takes {page.locator('.site-header').bounding_box()['height']}px")
    for context in contexts.values():
        context.close()
    assert problems == []


def test_the_phone_menu_opens_without_javascript(browser, live_server, world):  # noqa: F811
    context = browser.new_context(viewport=WIDTHS["phone"], java_script_enabled=False)
    signed_in(context, live_server.url, world["host"])
    page = context.new_page()
    page.goto(live_server.url + "/")
    settings_link = page.locator(".menu-items a", has_text="Settings")
    assert not settings_link.is_visible()
    page.locator(".menu summary").click()
    assert settings_link.is_visible() and overflow(page) <= 0
    context.close()
