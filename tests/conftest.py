import os
import shutil
from pathlib import Path

import pytest

IN_CI = os.environ.get("CI", "").lower() == "true"
CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"

# Playwright's sync API keeps an event loop in the test thread for the whole
# session, and the database fixtures run beside it; they are synchronous and
# safe. (test_deploy_check removes this from the environment it checks.)
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """In CI every service is present, so a skipped test means a broken set-up: fail it."""
    outcome = yield
    report = outcome.get_result()
    if IN_CI and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"Skipped in CI, where nothing may be skipped: {report.longrepr}"


def _database_order(item) -> int:
    """pytest-django's order: tests in a rolled-back transaction, then those
    that commit (their teardown empties every table), then those without a database."""
    marker = item.get_closest_marker("django_db")
    fixtures = getattr(item, "fixturenames", ())
    committing = {"transactional_db", "live_server"} & set(fixtures) or (
        marker and (marker.kwargs.get("transaction") or marker.kwargs.get("reset_sequences"))
    )
    if committing:
        return 1
    return 0 if marker or "db" in fixtures else 2


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    """pytest then groups the tests of the session's browser together, which
    put rolled-back tests after committing ones, where the rows the migrations
    made (the Moderators group) are gone: sort again, keeping the grouping within each part."""
    items.sort(key=_database_order)


@pytest.fixture(autouse=True)
def _fresh_cache(request):
    """Rate-limit counters, heartbeats and kept headers must not leak from one test to the next."""
    if "django_db_setup" in request.fixturenames or request.node.get_closest_marker("django_db"):
        from django.core.cache import cache

        from games.web.header import header_html

        cache.clear()
        header_html.cache_clear()


@pytest.fixture(autouse=True)
def _language_of_its_own():
    """A request activates its reader's language for the thread (as Django's
    LocaleMiddleware does): the next test must not start in it."""
    yield
    from django.utils import translation

    translation.deactivate()


@pytest.fixture(autouse=True)
def _plain_static_storage(settings):
    """Tests run without collectstatic, so no hashed manifest exists."""
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    """Every test user gets a password; no test is about the hasher's cost."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Debian's Chromium for every test that opens a browser (pytest-playwright's `browser`)."""
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


from tests.gameplay import started_game  # noqa: E402, F401  (a fixture for every test package)


@pytest.fixture(scope="session", autouse=True)
def _tasks_known_by_name():
    """Import every app's tasks module, as a worker does at start: a task sent
    by name (games.mail.dispatch) then runs in process when eager instead of
    going to the broker unseen."""
    from sequence_site.celery import app

    app.loader.import_default_modules()


@pytest.fixture(autouse=True)
def _tasks_run_in_process(request):
    """Tasks run at once in the test process; the tests of the real worker
    (marked `real_worker`) turn this off and start one."""
    from sequence_site.celery import app

    eager = not request.node.get_closest_marker("real_worker")
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = eager
    yield
    app.conf.task_always_eager = previous


from tests.big_tables import big_table  # noqa: E402, F401  (#33: a 12- or 6-player game at seat 0's turn)
