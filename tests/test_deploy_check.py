import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_check_deploy_is_clean_with_production_settings(tmp_path):
    env = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DEBUG": "false",
        "SECRET_KEY": "x7Hq2-k9vLr0pW3sZ8nB4cY1mT6gF5dJ0aQ2eR7uI9oP3lK8jH4",
        "ALLOWED_HOSTS": "sequence.example.org",
        "SITE_URL": "https://sequence.example.org",
        "VAR_DIR": str(tmp_path),
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "WARNING" not in result.stderr and "issues" in result.stdout + result.stderr


def test_check_deploy_flags_the_development_secret_key(tmp_path):
    env = {**os.environ, "DEBUG": "false", "SITE_URL": "https://sequence.example.org", "VAR_DIR": str(tmp_path)}
    env.pop("SECRET_KEY", None)
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode != 0
    assert "security.W009" in result.stderr
