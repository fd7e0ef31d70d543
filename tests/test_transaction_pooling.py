"""DB_TRANSACTION_POOLING: behind PgBouncer in transaction mode no state may
outlive a transaction. The settings are read in a fresh interpreter, as a
host reads them at start (tests/scale runs the site through PgBouncer)."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
READ = (
    "import json; from django.conf import settings; d = settings.DATABASES['default'];"
    "print(json.dumps([d.get('DISABLE_SERVER_SIDE_CURSORS', False), d.get('OPTIONS', {})]))"
)


def database_settings(**env) -> list:
    environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "sequence_site.settings", **env}
    done = subprocess.run([sys.executable, "-c", READ], env=environment, cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_transaction_pooling_turns_off_server_side_cursors_and_prepared_statements():
    url = "postgres://sequence@db.invalid:6432/sequence"
    pooled = database_settings(DATABASE_URL=url, DB_TRANSACTION_POOLING="true")
    assert pooled == [True, {"server_side_binding": True, "prepare_threshold": None}]
    direct = database_settings(DATABASE_URL=url, DB_TRANSACTION_POOLING="false")
    assert direct == [False, {"server_side_binding": True, "prepare_threshold": 5}]
    secured = database_settings(DATABASE_URL=f"{url}?sslmode=require")
    assert secured == [False, {"sslmode": "require", "server_side_binding": True, "prepare_threshold": 5}]
