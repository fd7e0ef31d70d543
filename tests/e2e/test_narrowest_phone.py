"""The narrowest phones (320 CSS px, the width WCAG's reflow criterion names):
no page scrolls sideways in any language, the header's links may go under the
brand but stay on screen, and the rules' tables never split a word across
lines (a table whose whole words cannot fit scrolls in its own box)."""

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.e2e.conftest import overflow, signed_in
from tests.e2e.test_audit import pages, world  # noqa: F401 - the fixture, used by name

pytestmark = pytest.mark.django_db(transaction=True)

NARROWEST = {"viewport": {"width": 320, "height": 640}, "is_mobile": True, "has_touch": True}

# Each word of the tables' cells, in turn: a word drawn as more than one box was split across lines.
SPLIT_WORDS = """() => {
  const split = [];
  for (const cell of document.querySelectorAll('.rules-table th, .rules-table td')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        if (range.getClientRects().length > 1) split.push(match[0]);
      }
    }
  }
  return split;
}"""


@pytest.mark.parametrize("language", ["en", "cs", "it", "hu"])
def test_nothing_scrolls_sideways_on_the_narrowest_phone(browser, live_server, world, language, screenshot):  # noqa: F811
    get_user_model().objects.update(language=language)
    base, problems, contexts = live_server.url, [], {}
    for name, user, url in [*pages(world), ("rules", None, reverse("rules"))]:
        key = user.pk if user else None
        if key not in contexts:
            contexts[key] = browser.new_context(**NARROWEST, java_script_enabled=False)
            contexts[key].add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": base}])
            if user:
                signed_in(contexts[key], base, user)
        page = contexts[key].pages[0] if contexts[key].pages else contexts[key].new_page()
        page.goto(base + url)
        if overflow(page) > 0 or page.evaluate("window.innerWidth") > 320:  # a phone widens its viewport to fit
            problems.append(f"{name}: {page.evaluate('document.scrollingElement.scrollWidth')}px wide")
            screenshot(page, f"narrowest-{language}-{name}")
        header = page.locator(".site-header").bounding_box()
        if header["x"] + header["width"] > 320:
            problems.append(f"{name}: the header reaches {header['x'] + header['width']}px")
        if name == "rules":
            screenshot(page, f"narrowest-{language}-rules")
            if split := page.evaluate(SPLIT_WORDS):
                problems.append(f"rules: words split across lines: {split}")
    for context in contexts.values():
        context.close()
    assert problems == []
