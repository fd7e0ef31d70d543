"""Browser tests: Playwright driving Debian's Chromium against live_server,
at a desktop and a phone size, with axe-core (vendored) to audit pages."""

from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "e2e"
AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture
def screenshot():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    def take(page, name: str):
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)

    return take


def signed_in(context, base_url: str, user) -> None:
    """Give a browser context the session of `user` (no log-in form: the
    form has its own tests, and its rate limit would slow these down)."""
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": base_url}])


def axe_violations(page) -> list[str]:
    """axe-core's violations on the page as it is, one line per rule and
    element. Injected through the DevTools protocol, so the page's CSP stays on."""
    page.evaluate(AXE.read_text())
    violations = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {node['target']}: {node.get('failureSummary', '')}"
        for v in violations
        for node in v["nodes"]
    ]


def overflow(page) -> int:
    """How far the page is wider than the window (0: no horizontal scroll)."""
    return page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")


# An init script for a browser context whose tables must not reload themselves (static/js/table-poll.js
# does nothing without fetch): for tests that open each table themselves, step by step.
NO_POLL = "Object.defineProperty(window, 'fetch', { value: undefined })"
