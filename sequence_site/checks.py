"""`check --deploy` refuses the embedded defaults. Each of them works on one
machine only: web, worker and beat on several machines would each get their
own broker queue, cache (rate limits, the worker heartbeat) or mail folder,
and nothing would say so. An http:// SITE_URL is one message too, not
Django's four about what follows from it."""

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
