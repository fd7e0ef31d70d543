"""`check --deploy` refuses the embedded defaults. Each of them works on one
machine only: web, worker and beat on several machines would each get their
own broker queue, cache (rate limits, the worker heartbeat) or mail folder,
and nothing would say so. An http:// SITE_URL is one message too, not
Django's four about what follows from it."""

from pathlib import Path

from django.conf import settings
from django.core import checks

FILE_CACHE = "django.core.cache.backends.filebased.FileBasedCache"
LOCAL_MAILBOX = "sequence_site.mail.LocalMailboxBackend"


@checks.register("sequence_site", deploy=True)
def embedded_services(app_configs, **kwargs) -> list[checks.Error]:
    if settings.DEBUG:
        return []
    errors = []
    if settings.CELERY_BROKER_URL.startswith("filesystem:"):
        errors.append(
            checks.Error(
                "Celery uses the embedded file broker: a worker on another machine never sees its tasks.",
                hint="Set REDIS_URL to the Redis that every web process, worker and beat share.",
                id="sequence_site.E001",
            )
        )
    if settings.CACHES["default"]["BACKEND"] == FILE_CACHE:
        errors.append(
            checks.Error(
                "The cache is a local folder: rate limits and the worker heartbeat are not shared between machines.",
                hint="Set REDIS_URL; the cache uses the same Redis as the broker.",
                id="sequence_site.E002",
            )
        )
    if settings.EMAIL_BACKEND == LOCAL_MAILBOX:
        errors.append(
            checks.Error(
                "E-mail is written to a local folder (var/mail/) instead of being sent.",
                hint="Set EMAIL_HOST (SMTP) or EMAIL_BACKEND with its ANYMAIL_* credentials.",
                id="sequence_site.E003",
            )
        )
    return errors


def static_files_missing() -> str | None:
    """Without DEBUG the pages name hashed static files from collectstatic's
    manifest: without it every page is a 500. The sentence that says so, or None."""
    if settings.DEBUG or not settings.STORAGES["staticfiles"]["BACKEND"].endswith("ManifestStaticFilesStorage"):
        return None
    manifest = Path(settings.STATIC_ROOT) / "staticfiles.json"
    if manifest.exists():
        return None
    return (
        f"DEBUG is false and the static files are not collected ({manifest} is missing): "
        "run `python manage.py collectstatic --noinput` first (or set DEBUG=true for development, as `make run` does)."
    )


@checks.register("sequence_site", deploy=True)
def static_files_collected(app_configs, **kwargs) -> list[checks.Error]:
    missing = static_files_missing()
    return [checks.Error(missing, id="sequence_site.E010")] if missing else []


@checks.register("sequence_site", deploy=True)
def https_site(app_configs, **kwargs) -> list[checks.Error]:
    """HSTS, the SSL redirect and secure cookies all follow from an https SITE_URL."""
    if settings.DEBUG or settings.SITE_URL.startswith("https://"):
        return []
    return [
        checks.Error(
            "SITE_URL must be https in production.",
            hint="Set SITE_URL=https://your.host: HSTS, the SSL redirect and secure cookies follow from it.",
            id="sequence_site.E004",
        )
    ]


@checks.register("sequence_site", deploy=True)
def webhooks_stay_outside(app_configs, **kwargs) -> list[checks.Error]:
    """A webhook to loopback would let any player make the site POST to its own machine's services."""
    if settings.DEBUG or not settings.WEBHOOK_ALLOW_LOOPBACK:
        return []
    return [
        checks.Error(
            "WEBHOOK_ALLOW_LOOPBACK is on: players' webhooks may POST to this machine's own services.",
            hint="Unset WEBHOOK_ALLOW_LOOPBACK (it is for development and the tests).",
            id="sequence_site.E020",
        )
    ]
