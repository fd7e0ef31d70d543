"""The embedded default database, as `make run`, the worker and beat open it."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PRAGMAS = """
import json
from django.db import connection
with connection.cursor() as cursor:
    found = {p: cursor.execute(f"PRAGMA {p}").fetchone()[0] for p in ("journal_mode", "busy_timeout", "synchronous")}
found["transaction_mode"] = connection.transaction_mode
print(json.dumps(found))
"""


@pytest.mark.parametrize("database_url", [None, ""], ids=["unset", "empty"])
def test_sqlite_waits_for_the_lock_and_takes_it_at_begin(tmp_path, database_url):
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    if database_url is not None:
        env["DATABASE_URL"] = database_url
    # SQLite makes the file but not its folder; with a Redis broker, nothing else makes var/.
    env.update(VAR_DIR=str(tmp_path / "not-made-yet"), REDIS_URL="redis://127.0.0.1:6379/15")
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", PRAGMAS], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout.strip().splitlines()[-1])
    # busy_timeout is in milliseconds; synchronous 1 is NORMAL.
    assert found == {"journal_mode": "wal", "busy_timeout": 20000, "synchronous": 1, "transaction_mode": "IMMEDIATE"}
