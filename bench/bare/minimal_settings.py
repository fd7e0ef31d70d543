"""The minimal floor of bench/web.py: the bare app's board page with no
middleware, no session, no user and no database: what Django costs to route
a request and render a 10×10 board template on this machine."""

import os
from pathlib import Path

DEBUG = False
SECRET_KEY = os.environ["SECRET_KEY"]
ALLOWED_HOSTS = ["127.0.0.1"]
INSTALLED_APPS = []
MIDDLEWARE = []
ROOT_URLCONF = "bench.bare.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [Path(__file__).resolve().parent / "templates"],
        "OPTIONS": {"context_processors": ["django.template.context_processors.request"]},
    },
]
DATABASES = {}
USE_TZ = True
TIME_ZONE = "UTC"
LOGGING = {"version": 1, "disable_existing_loggers": False, "root": {"level": "WARNING"}}
