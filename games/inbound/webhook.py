"""The anymail inbound webhook (/anymail/<provider>/inbound/): only the URL of
INBOUND_WEBHOOK_PROVIDER is mounted, behind a guard that checks
ANYMAIL_WEBHOOK_SECRET before anymail reads a byte of the body. Without that
secret nothing that arrives this way is read. Whatever a request holds, it
gets an answer, never a 500: anymail's parsers (and their provider keys) fail
on malformed bodies in many ways, and a provider retries a 5xx for days."""

import logging
import warnings

from django.conf import settings
from django.core import checks
from django.core.exceptions import ImproperlyConfigured
from django.db import DatabaseError
from django.http import HttpResponse
from django.urls import URLPattern
from django.utils.crypto import constant_time_compare
from django.views.decorators.csrf import csrf_exempt

from games.inbound import intake
from games.models import InboundMessage

log = logging.getLogger(__name__)
# Mandrill has one combined URL for its inbound and tracking events.
_COMBINED = {"mandrill_webhook": "mandrill"}


def on_inbound(sender, event, esp_name, **kwargs) -> None:
    message = event.message
    recipients = [message.envelope_recipient] if message.envelope_recipient else []
    intake.receive(message.as_bytes(), door=InboundMessage.Door.WEBHOOK, recipients=recipients)


def inbound_patterns() -> dict[str, list[URLPattern]]:
    """Every provider anymail can take inbound mail from, and its URLs."""
    # Here, not at the top: anymail's URLs import every provider's webhook (requests,
    # cryptography), which a web worker without an inbound provider never needs (#31).
    from anymail import urls as anymail_urls

    providers: dict[str, list[URLPattern]] = {}
    for pattern in anymail_urls.urlpatterns:
        provider = _COMBINED.get(pattern.name) or pattern.name.removesuffix("_inbound_webhook")
        if provider != pattern.name:
            providers.setdefault(provider, []).append(pattern)
    return providers


def urlpatterns() -> list[URLPattern]:
    """The configured provider's inbound URLs, guarded; none without one."""
    provider = settings.INBOUND_WEBHOOK_PROVIDER
    if not provider:
        return []
    providers = inbound_patterns()
    if provider not in providers:
        raise ImproperlyConfigured(
            f"INBOUND_WEBHOOK_PROVIDER must be one of {', '.join(sorted(providers))}, not {provider!r}"
        )
    return [
        URLPattern(pattern.pattern, guard(pattern.callback, provider), pattern.default_args, pattern.name)
        for pattern in providers[provider]
    ]


@checks.register("sequence_site")
def provider_configured(app_configs, **kwargs) -> list[checks.Error]:
    """The provider's keys, checked at start rather than by its first message."""
    provider = settings.INBOUND_WEBHOOK_PROVIDER
    if not provider:
        return []
    providers = inbound_patterns()
    if provider not in providers:
        return [
            checks.Error(
                f"INBOUND_WEBHOOK_PROVIDER={provider!r} is not a provider anymail knows.",
                hint=f"One of {', '.join(sorted(providers))}.",
                id="games.E001",
            )
        ]
    from anymail.exceptions import AnymailError

    errors = []
    if not _secrets():
        errors.append(
            checks.Error(
                "The inbound webhook is mounted without ANYMAIL_WEBHOOK_SECRET: every message it gets is dropped.",
                hint="Set ANYMAIL_WEBHOOK_SECRET=user:password and put it in the provider's webhook URL.",
                id="games.E002",
            )
        )
    for pattern in providers[provider]:
        view = pattern.callback
        try:
            with warnings.catch_warnings():  # anymail's own warning about the secret, said above
                warnings.simplefilter("ignore")
                view.view_class(**view.view_initkwargs)
        except (AnymailError, ImproperlyConfigured) as exc:
            errors.append(checks.Error(f"The {provider} inbound webhook cannot work: {exc}", id="games.E003"))
            break
    return errors


def _secrets() -> list[str]:
    secret = settings.ANYMAIL.get("WEBHOOK_SECRET") or []
    return [secret] if isinstance(secret, str) else list(secret)


def _dropped(why: str) -> HttpResponse:
    """200, so that the provider stops sending it again."""
    return HttpResponse(f"dropped: {why}\n", content_type="text/plain")


def _refusal(request, provider: str) -> HttpResponse | None:
    """What a POST gets before anymail sees it, if anything."""
    secrets = _secrets()
    if not secrets:
        log.warning("an inbound e-mail from %s was dropped: set ANYMAIL_WEBHOOK_SECRET", provider)
        return _dropped("no webhook secret is set")
    from anymail.utils import get_request_basic_auth  # with the provider's URLs (inbound_patterns)

    given = get_request_basic_auth(request) or ""
    if not any(constant_time_compare(given, secret) for secret in secrets):
        # A challenge: Amazon SNS sends its credentials only when asked.
        response = HttpResponse("unauthorised\n", status=401, content_type="text/plain")
        response["WWW-Authenticate"] = 'Basic realm="inbound e-mail"'
        return response
    length = request.META.get("CONTENT_LENGTH") or "0"
    if not length.isascii() or not length.isdigit():
        return HttpResponse("bad Content-Length\n", status=400, content_type="text/plain")
    if int(length) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
        log.warning("inbound webhook: dropped a %s-byte request from %s (too large)", length, provider)
        return _dropped("too large")
    return None


def guard(view, provider: str):
    @csrf_exempt
    def guarded(request, *args, **kwargs):
        if request.method == "POST" and (refusal := _refusal(request, provider)) is not None:
            return refusal
        try:
            return view(request, *args, **kwargs)
        except DatabaseError:
            raise  # our outage, not the request's fault: the provider should try again
        except Exception as exc:  # whatever anymail's parser makes of a hostile body
            log.warning("inbound webhook: refused a request to %s: %s %.200r", provider, type(exc).__name__, str(exc))
            return HttpResponse("malformed request\n", status=400, content_type="text/plain")

    guarded.reads_raw_body = True  # sequence_site.middleware leaves the form unread for anymail
    return guarded
