from django.contrib import admin
from django.urls import include, path

from games.api import PATH as API_PATH
from games.api import urls as api
from games.inbound import webhook
from sequence_site.health import healthz
from sequence_site.metrics import metrics_view

urlpatterns = [
    path("", include("games.web.urls")),
    path("healthz", healthz, name="healthz"),
    path("metrics", metrics_view, name="metrics"),  # Prometheus, with METRICS_TOKEN only
    path(API_PATH.removeprefix("/"), api.urls()),  # the JSON API for programs (games/api/)
    path("accounts/", include("accounts.urls")),
    path("accounts/", include("allauth.urls")),
    path("admin/", admin.site.urls),
    # The inbound e-mail webhook of INBOUND_WEBHOOK_PROVIDER only (games/inbound/webhook.py).
    path("anymail/", include((webhook.urlpatterns(), "anymail"))),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: the footer's language switcher
]
