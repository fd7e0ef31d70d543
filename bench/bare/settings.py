"""The bare signed-in floor of bench/web.py: the site's session, security,
locale, CSRF, authentication and messages middleware (Django's own, in the
site's order), and the site's user model, database, session store, languages
and SECRET_KEY, so that a session cookie of the site logs in here too and the
fixed costs of sessions, auth and the language are in the floor. Nothing else
(bench/bare/minimal_settings.py is the floor without any of it)."""

import os
from pathlib import Path

import dj_database_url

DEBUG = False
SECRET_KEY = os.environ["SECRET_KEY"]
ALLOWED_HOSTS = ["127.0.0.1"]
INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "accounts",  # the site's user model: the same session logs in here
]
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]
ROOT_URLCONF = "bench.bare.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [Path(__file__).resolve().parent / "templates"],
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]
DATABASES = {
    "default": dj_database_url.config(
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "60")), conn_health_checks=True
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":  # the site's options: its queries prepared too
    DATABASES["default"]["OPTIONS"] = {"server_side_binding": True, "prepare_threshold": 5}
# The site's session store: in the database, read through the cache (Redis
# when the bench has it, as the site; otherwise memory, a little cheaper than
# the site's file cache).
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": os.environ["REDIS_URL"]}
    if os.environ.get("REDIS_URL")
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
}
CACHES["default"]["KEY_PREFIX"] = os.environ.get("CACHE_KEY_PREFIX", "bench-bare")
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"
USE_TZ = True
USE_I18N = True
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("cs", "Čeština"), ("it", "Italiano"), ("hu", "Magyar")]
LOCALE_PATHS = [Path(__file__).resolve().parent.parent.parent / "locale"]
SECURE_REFERRER_POLICY = "same-origin"
TIME_ZONE = "UTC"
LOGGING = {"version": 1, "disable_existing_loggers": False, "root": {"level": "WARNING"}}
