"""Browser tests: Playwright driving Debian's Chromium against live_server."""

from pathlib import Path

import pytest

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "e2e"


@pytest.fixture
def screenshot():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    def take(page, name: str):
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)

    return take
