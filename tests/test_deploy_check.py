"""`manage.py check --deploy`, run as a self-hoster runs it: passes for a real
deployment, and names what is still a laptop's default."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": "x7Hq2-k9vLr0pW3sZ8nB4cY1mT6gF5dJ0aQ2eR7uI9oP3lK8jH4",
    "ALLOWED_HOSTS": "sequence.example.org",
    "SITE_URL": "https://sequence.example.org",
    "DATABASE_URL": "postgres://sequence:secret@db.example.org:5432/sequence",
    "REDIS_URL": "redis://redis.example.org:6379/0",
    "EMAIL_HOST": "smtp.example.org",
    "EMAIL_USE_TLS": "true",
}
# Whatever the test run itself is configured with must not leak into the check.
CONFIGURATION = {*PRODUCTION, "EMAIL_BACKEND", "DJANGO_ALLOW_ASYNC_UNSAFE", "WEBHOOK_ALLOW_LOOPBACK"}


def check_deploy(tmp_path, **env) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k not in CONFIGURATION and not k.startswith("ANYMAIL_")}
    static = tmp_path / "static"  # as collectstatic leaves it (its manifest)
    static.mkdir(exist_ok=True)
    (static / "staticfiles.json").write_text('{"paths": {}, "version": "1.1"}')
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env={**base, "VAR_DIR": str(tmp_path), "STATIC_ROOT": str(static), **env},
        capture_output=True,
        text=True,
    )


def test_check_deploy_is_clean_with_production_settings(tmp_path):
    result = check_deploy(tmp_path, **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "WARNING" not in result.stderr and "issues" in result.stdout + result.stderr


def test_an_anymail_provider_is_as_good_as_smtp(tmp_path):
    production = {k: v for k, v in PRODUCTION.items() if not k.startswith("EMAIL_")}
    result = check_deploy(
        tmp_path,
        **production,
        EMAIL_BACKEND="anymail.backends.postmark.EmailBackend",
        ANYMAIL_POSTMARK_SERVER_TOKEN="a-token",
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_check_deploy_says_when_the_static_files_are_not_collected(tmp_path):
    result = check_deploy(tmp_path, **PRODUCTION, STATIC_ROOT=str(tmp_path / "never-collected"))
    assert result.returncode != 0
    assert "sequence_site.E010" in result.stderr and "collectstatic --noinput" in result.stderr


def test_check_deploy_flags_the_development_secret_key(tmp_path):
    result = check_deploy(tmp_path, **{k: v for k, v in PRODUCTION.items() if k != "SECRET_KEY"})
    assert result.returncode != 0
    assert "security.W009" in result.stderr


def test_check_deploy_refuses_the_embedded_defaults_with_a_reason_for_each(tmp_path):
    """On several machines each would get its own queue, cache and mail folder, silently."""
    result = check_deploy(tmp_path, DEBUG="false", SITE_URL="https://sequence.example.org")
    assert result.returncode != 0
    assert "sequence_site.E001" in result.stderr and "embedded file broker" in result.stderr
    assert "sequence_site.E002" in result.stderr and "cache is a local folder" in result.stderr
    assert "sequence_site.E003" in result.stderr and "local folder (var/mail/)" in result.stderr
    assert "Set REDIS_URL" in result.stderr and "Set EMAIL_HOST" in result.stderr


def test_each_embedded_default_is_refused_on_its_own(tmp_path):
    no_redis = check_deploy(tmp_path, **{k: v for k, v in PRODUCTION.items() if k != "REDIS_URL"})
    assert no_redis.returncode != 0
    assert "E001" in no_redis.stderr and "E002" in no_redis.stderr and "E003" not in no_redis.stderr
    no_mail = check_deploy(tmp_path, **{k: v for k, v in PRODUCTION.items() if k != "EMAIL_HOST"})
    assert no_mail.returncode != 0
    assert "E003" in no_mail.stderr and "E001" not in no_mail.stderr and "E002" not in no_mail.stderr


def test_a_local_run_is_not_bothered(tmp_path):
    """`make run` sets DEBUG: the embedded defaults are what it is for."""
    result = check_deploy(tmp_path, DEBUG="true")
    assert "sequence_site.E00" not in result.stdout + result.stderr


def test_an_http_site_url_is_one_clear_message(tmp_path):
    """Not four generic ones (HSTS, SSL redirect, two cookies): the one cause, named."""
    result = check_deploy(tmp_path, **{**PRODUCTION, "SITE_URL": "http://sequence.example.org"})
    assert result.returncode != 0
    assert "SITE_URL must be https in production" in result.stderr
    assert "sequence_site.E004" in result.stderr
    for generic in ("security.W004", "security.W008", "security.W012", "security.W016"):
        assert generic not in result.stderr


def test_webhooks_to_loopback_are_refused_in_production(tmp_path):
    result = check_deploy(tmp_path, **PRODUCTION, WEBHOOK_ALLOW_LOOPBACK="true")
    assert result.returncode != 0
    assert "sequence_site.E020" in result.stderr and "WEBHOOK_ALLOW_LOOPBACK" in result.stderr
