"""An installable site: the web manifest (a home-screen icon that opens My
games) and the service worker, served from the site's root so that its
notifications may open any page of it (static/sw.js)."""

from functools import cache
from pathlib import Path

from django.contrib.staticfiles import finders
from django.http import HttpResponse, JsonResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

THEME = "#1f5fbf"


@require_GET
def manifest(request):
    body = {
        "name": gettext("Sequence by mail"),
        "short_name": "Sequence",
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME,
        "background_color": "#ffffff",
        "icons": [
            {"src": static(f"icons/icon-{size}.png"), "sizes": f"{size}x{size}", "type": "image/png"}
            for size in (192, 512)
        ],
    }
    response = JsonResponse(body, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


@cache
def _worker_source() -> bytes:
    return Path(finders.find("sw.js")).read_bytes()


@require_GET
def service_worker(request):
    response = HttpResponse(_worker_source(), content_type="text/javascript")
    response["Cache-Control"] = "no-cache"  # a new worker reaches every device at its next visit
    return response
