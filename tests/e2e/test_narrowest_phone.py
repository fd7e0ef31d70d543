"""The narrowest phones (320 CSS px, the width WCAG's reflow criterion names):
no page scrolls sideways in any language, the header's links may go under the
brand but stay on screen, the rules' tables never split a word across lines
(a table whose whole words cannot fit scrolls in its own box), a move's
notation is never split and the table's news line is never cut short."""

import random

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.e2e.conftest import overflow, signed_in
from tests.e2e.test_audit import pages, world  # noqa: F401 - the fixture, used by name
from tests.gameplay import play_a_move, state_of

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

# A notation ("5D J9") drawn as more than one box, and a news line whose text is wider than its box (cut short).
CUT_SHORT = """() => [
  ...[...document.querySelectorAll('.notation')].filter(code => code.getClientRects().length > 1)
    .map(code => code.textContent),
  ...[...document.querySelectorAll('.news-newest')].filter(line => line.scrollWidth > line.clientWidth)
    .map(line => line.textContent.trim()),
]"""


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


@pytest.mark.parametrize("language", ["en", "cs", "it", "hu"])
def test_a_played_table_keeps_its_moves_whole(browser, live_server, started_game, language, screenshot):
    game, users = started_game(2, 2, seed=7)
    rng = random.Random(7)
    for _ in range(12):  # the history's lines, and the news of the opponent's last play
        play_a_move(game, users, rng, avoid=("resign", "pass"))
        game.refresh_from_db()
    get_user_model().objects.update(language=language)
    context = browser.new_context(**NARROWEST, java_script_enabled=False)
    signed_in(context, live_server.url, users[state_of(game).turn])
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{game.pk}/")
    screenshot(page, f"narrowest-{language}-played-table")
    assert page.locator(".news-newest, p.news").count() == 1 and page.locator(".notation").count() == 12
    assert page.evaluate(CUT_SHORT) == []
    assert page.locator("a.hand-card").count() == 7
    assert page.evaluate("(hand => hand.scrollWidth <= hand.clientWidth)(document.querySelector('.hand'))")  # all seen
    assert overflow(page) <= 0
    context.close()
