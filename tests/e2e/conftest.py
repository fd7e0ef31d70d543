"""Browser tests: Playwright driving Debian's Chromium against live_server."""

import os
import shutil
from pathlib import Path

import pytest

# Playwright's sync API keeps an event loop in the test thread for the whole
# session, and the database fixtures run beside it; they are synchronous and
# safe. (test_deploy_check removes this from the environment it checks.)
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "e2e"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium is not installed (apt-get install chromium); CI installs it")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


@pytest.fixture
def screenshot():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    def take(page, name: str):
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)

    return take
