"""gunicorn's master (sequence_site/gunicorn_config.py) loads, before it forks
its workers, what a request would otherwise load on first use in each worker:
after `when_ready`, a first page imports nothing of the template engine, its
tag libraries and loaders, or the cache's backend and client; and a web
process has no HTTP client loaded (`requests`: only the worker sends e-mail
and pushes). Run in a process of its own: `when_ready` freezes the garbage
collector's objects."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOADED_ON_FIRST_USE = (
    "django.template.",
    "django.templatetags.",
    "games.templatetags.",
    "django.core.cache.backends.",
    "redis",
)

READY = """
import json, sys
import django
django.setup()
from sequence_site.gunicorn_config import when_ready
when_ready(None)
"""
FIRST_PAGE = (
    READY
    + """
from django.test import Client
before = set(sys.modules)
status = Client(SERVER_NAME="localhost").get("/rules/").status_code
print(json.dumps({"status": status, "new": sorted(set(sys.modules) - before), "loaded": sorted(sys.modules)}))
"""
)


def _in_a_master(code: str, **env: str) -> subprocess.CompletedProcess:
    """`code` run in a process of its own, as gunicorn's master would run it."""
    run = subprocess.run(
        [sys.executable, "-c", code], env={**os.environ, **env}, capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert run.returncode == 0, run.stderr[-2000:]
    return run


def test_a_workers_first_page_finds_what_it_needs_loaded_before_the_fork():
    # DEBUG: the static files' names unhashed, as the tests have no collected manifest.
    run = _in_a_master(FIRST_PAGE, DJANGO_SETTINGS_MODULE="sequence_site.settings", DEBUG="true")
    page = json.loads(run.stdout.strip().splitlines()[-1])
    assert page["status"] == 200
    assert [name for name in page["new"] if name.startswith(LOADED_ON_FIRST_USE)] == []
    assert "requests" not in page["loaded"]


def test_an_app_without_sessions_auth_or_messages_starts_under_the_same_master():
    """The bench's minimal floor (bench/bare/minimal_settings.py) runs under this
    gunicorn configuration too, with none of the apps whose parts it preloads."""
    _in_a_master(READY, DJANGO_SETTINGS_MODULE="bench.bare.minimal_settings", SECRET_KEY="test")
