"""One settings file for every environment; everything that differs comes from
environment variables. With none set, the site runs on embedded defaults:
SQLite, a file-system Celery broker and e-mail written to var/mail/."""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from celery.schedules import crontab
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from kombu import Exchange, Queue

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    if value.lower() in {"1", "true", "yes", "on"}:
        return True
    if value.lower() in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {value!r}")


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    if not (value.isascii() and value.isdigit()):
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}")
    return int(value)


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)
# The fallback key is deliberately flagged as insecure so `check --deploy` catches it.
SECRET_KEY = os.environ.get("SECRET_KEY") or "django-insecure-local-development-key-change-me"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", SITE_URL)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "allauth",
    "allauth.account",
    # anymail sends the e-mail but is no app here: its app only registers checks (sequence_site/anymail_checks.py).
    "csp",
    "ninja",  # the JSON API (games/api/): its docs page's scripts come from this pinned package, not a CDN
    "accounts",
    "games",
    "sequence_site",  # its system checks: `check --deploy` refuses the embedded defaults
]

MIDDLEWARE = [
    "sequence_site.metrics.MetricsMiddleware",  # first: it times and counts every answer
    "sequence_site.log_context.RequestContextMiddleware",  # the request's id, user and game in every log line
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "sequence_site.middleware.PermissionsPolicyMiddleware",
    # Before whitenoise (a NUL in a file path), the session and the database.
    "sequence_site.middleware.RefuseNulBytesMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "games.web.hungarian.HungarianArticlesMiddleware",  # outside LocaleMiddleware: sees the page's language
    # After the session (a visitor's choice from the footer), before CommonMiddleware (its redirects).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "accounts.middleware.UserTimeZoneMiddleware",
    "accounts.middleware.UserLanguageMiddleware",  # the account's language beats the browser's
    "sequence_site.middleware.FormAddressPageMiddleware",  # last: the first to see the view's answer
]

ROOT_URLCONF = "sequence_site.urls"
WSGI_APPLICATION = "sequence_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "games.web.visitor_pages.csrf_stand_in",
                "games.web.header.my_moves",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'db.sqlite3'}",  # unset or empty: the embedded one
        conn_max_age=env_int("DB_CONN_MAX_AGE", 60),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Web requests in threads, the worker and beat share one file. SQLite
    # allows one writer at a time: make every writer queue for the lock
    # rather than fail with "database is locked".
    DATABASES["default"]["OPTIONS"] = {
        # Wait up to 20 s for the write lock.
        "timeout": 20,
        # atomic() (every service is one) begins by taking the write lock. A
        # deferred transaction reads first and asks for the lock at its first
        # write; if another writer got in between, SQLite refuses at once
        # (its snapshot is stale, or waiting could deadlock), timeout or not.
        # A write outside atomic() is a single statement: it just waits.
        "transaction_mode": "IMMEDIATE",
        # Readers never block the writer nor it them; NORMAL is safe with WAL.
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
    }
    # Tests use a file too: an in-memory database has no file locks, so it
    # would hide exactly what these options are for.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test-db.sqlite3")}
    VAR_DIR.mkdir(parents=True, exist_ok=True)  # SQLite makes a file, not its folder
# Behind PgBouncer in transaction mode (#28) each transaction may run on another
# server connection, so nothing may outlive one: no server-side cursors (a named
# cursor lives across fetches) and no prepared statements.
DB_TRANSACTION_POOLING = env_bool("DB_TRANSACTION_POOLING", False)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's backend, a few rows' INSERTs sent as plain VALUES (sequence_site/postgresql/compiler.py).
    DATABASES["default"]["ENGINE"] = "sequence_site.postgresql"
    # Parameters bound by the server, so that psycopg can prepare a query it has
    # run five times on a connection: PostgreSQL then skips planning it, which
    # took half of a table page's own query's time (bench/RESULTS.md, stop 42).
    DATABASES["default"].setdefault("OPTIONS", {}).update(  # beside the URL's own (?sslmode=…)
        server_side_binding=True, prepare_threshold=None if DB_TRANSACTION_POOLING else 5
    )
    DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = DB_TRANSACTION_POOLING
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: cache and Celery broker -----------------------------------------
REDIS_URL = os.environ.get("REDIS_URL", "")

if REDIS_URL:  # Django's, with one Redis client kept per pool (#31)
    CACHES = {"default": {"BACKEND": "sequence_site.cache.RedisCache", "LOCATION": REDIS_URL}}
else:
    # A file cache is shared by web, worker and beat on one machine, which the
    # worker heartbeat and allauth's rate limits both need.
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(VAR_DIR / "cache"),
        }
    }
CACHES["default"]["KEY_PREFIX"] = os.environ.get("CACHE_KEY_PREFIX", "sequence")
# A signed-in page reads its session from the cache, not the database (#15).
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
# How long a visitor (not signed in) may be shown a public page made for another
# visitor (games.web.visitor_pages, #15); 0 renders each visit anew.
VISITOR_PAGE_SECONDS = env_int("VISITOR_PAGE_SECONDS", 10)

# How the site runs its games (each in the README's configuration table).
FORMING_GAME_DAYS = env_int("FORMING_GAME_DAYS", 14)  # a game not full by then is cancelled
TABLE_POLL_SECONDS = env_int("TABLE_POLL_SECONDS", 25)  # the longest between two asks of a waiting table
CHAT_MESSAGES_PER_MINUTE = env_int("CHAT_MESSAGES_PER_MINUTE", 6)  # per player
INVITATIONS_PER_DAY = env_int("INVITATIONS_PER_DAY", 50)  # per inviter, in any 24 hours
RATING_PROVISIONAL_GAMES = env_int("RATING_PROVISIONAL_GAMES", 10)  # rated games before a rating is shown as settled
RATING_ACTIVE_DAYS = env_int("RATING_ACTIVE_DAYS", 90)  # a leaderboard lists players with a rated game this recent
RESIGN_PROPOSAL_HOURS = env_int("RESIGN_PROPOSAL_HOURS", 48)  # a team game's resignation waits this long for the team
OUTBOX_RETENTION_DAYS = env_int("OUTBOX_RETENTION_DAYS", 30)  # sent and skipped e-mails are pruned after
# An e-mail batch's claim: another worker sends what a dead (or cut off) worker left after this long.
OUTBOX_LEASE_SECONDS = env_int("OUTBOX_LEASE_SECONDS", 300)
INBOUND_RETENTION_DAYS = env_int("INBOUND_RETENTION_DAYS", 90)  # handled replies and dead reply addresses too
API_REQUESTS_PER_MINUTE = env_int("API_REQUESTS_PER_MINUTE", 120)  # per API token
VACATION_DAYS_EARNED_EVERY = env_int("VACATION_DAYS_EARNED_EVERY", 8)  # days of membership that earn a vacation day
VACATION_DAYS_MAX = env_int("VACATION_DAYS_MAX", 30)  # vacation days a player may hold
API_EVENTS_MAX_WAIT = env_int("API_EVENTS_MAX_WAIT", 30)  # the longest an events long poll holds a worker (seconds)
WEBHOOK_TIMEOUT_SECONDS = env_int("WEBHOOK_TIMEOUT_SECONDS", 5)  # to connect, and again to be answered
WEBHOOK_MAX_FAILURES = env_int("WEBHOOK_MAX_FAILURES", 10)  # failed deliveries in a row that disable a webhook
# Webhooks to 127.0.0.1 and the like (never a private network): for development and the tests only.
WEBHOOK_ALLOW_LOOPBACK = env_bool("WEBHOOK_ALLOW_LOOPBACK", DEBUG)

CELERY_BROKER_URL = REDIS_URL or "filesystem://"
if not REDIS_URL:
    # Kombu's file-system transport, writing each message whole before it shows.
    CELERY_BROKER_TRANSPORT = "sequence_site.broker:Transport"
    _queue_dir = VAR_DIR / "celery-broker"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_queue_dir),
        "data_folder_out": str(_queue_dir),
        "control_folder": str(VAR_DIR / "celery-control"),
    }
else:
    # Redis: a task taken but not acknowledged (its worker died or lost the
    # network) goes back to the queue after this long. Longer than any task
    # runs (an outbox sweep stops at 45 s, a bot's move takes seconds) so a slow
    # task is not run twice at once; short enough that a lost one waits
    # minutes, not Kombu's hour. Every task is safe to run twice anyway.
    CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 900)}
CELERY_TASK_IGNORE_RESULT = True
# Acknowledged when done, not when taken: a task whose worker dies is delivered again.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
# One message at a time per worker process: a long task (a sweep, a bot
# thinking) never holds others that a free worker could run meanwhile.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Queues by kind of work, so a flood of one never starves another (#28). A
# worker takes the queues its -Q names (README, "Production"); one without -Q
# (`make run`'s, Procfile.dev) takes every queue listed here.
CELERY_QUEUE_NAMES = ["email", "deadlines", "bots", "inbound", "default"]
# Each its own exchange and routing key: queues sharing one would each get every message.
CELERY_TASK_QUEUES = [Queue(name, Exchange(name), routing_key=name) for name in CELERY_QUEUE_NAMES]
CELERY_TASK_DEFAULT_QUEUE = "default"  # the rest: webhooks, pushes, leagues, pruning, the heartbeat
CELERY_TASK_ROUTES = {
    "games.send_due": {"queue": "email"},
    "games.outbox_sweep": {"queue": "email"},
    "games.enforce_deadlines": {"queue": "deadlines"},
    "games.cancel_stale_games": {"queue": "deadlines"},
    "games.bot_move": {"queue": "bots"},
    "games.inbound_imap_poll": {"queue": "inbound"},
}
# Only one beat may run; a second is harmless all the same: each periodic run
# is sent by the beat that takes its lock in the cache (sequence_site.beat).
CELERY_BEAT_SCHEDULER = "sequence_site.beat:OneRunPerSlot"
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = "UTC"
# The sweeps' period; every minute, shorter only for the multi-host test (tests/scale).
SWEEP_SECONDS = env_int("SWEEP_SECONDS", 60)
_sweep = timedelta(seconds=SWEEP_SECONDS)
CELERY_BEAT_SCHEDULE = {
    "worker-heartbeat": {"task": "sequence_site.health.heartbeat", "schedule": _sweep},
    "enforce-deadlines": {"task": "games.enforce_deadlines", "schedule": _sweep},
    "outbox-sweep": {"task": "games.outbox_sweep", "schedule": _sweep},
    "webhook-sweep": {"task": "accounts.webhook_sweep", "schedule": _sweep},
    "push-sweep": {"task": "games.push_sweep", "schedule": _sweep},
    "leagues-tick": {"task": "games.leagues_tick", "schedule": crontab(minute=29)},
    "cancel-stale-games": {"task": "games.cancel_stale_games", "schedule": crontab(minute=17)},
    "inbound-imap-poll": {"task": "games.inbound_imap_poll", "schedule": _sweep},  # a no-op without INBOUND_IMAP_URL
    "outbox-prune": {"task": "games.outbox_prune", "schedule": crontab(hour=4, minute=41)},
    "inbound-prune": {"task": "games.inbound_prune", "schedule": crontab(hour=4, minute=53)},
    "api-prune": {"task": "games.api_prune", "schedule": crontab(hour=5, minute=7)},
}

# --- Accounts ---------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [  # Django's and allauth's, with the session's user read in one written query
    "accounts.auth_backends.ModelBackend",
    "accounts.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "accounts.passwords.MinimumLengthValidator"},  # Django's, translated in cs and it too
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_REDIRECT_URL = "home"
ACCOUNT_LOGIN_METHODS = {"email", "username"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True  # confirming the address (in the same browser) logs in
ACCOUNT_SIGNUP_FORM_CLASS = "accounts.forms.SignupExtras"  # the time zone, guessed in the browser
ACCOUNT_FORMS = {  # labels in the site's words and sentence case
    "login": "accounts.login_form.LoginForm",
    "signup": "accounts.signup_form.SignupForm",
}
ACCOUNT_EMAIL_SUBJECT_PREFIX = ""  # subjects as the site's own e-mails write them (templates/account/email/)
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "https" if SITE_URL.startswith("https") else "http"
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"  # NFKC usernames, look-alikes of taken names refused
ACCOUNT_RATE_LIMITS_ENABLED = True  # allauth's defaults, counted in CACHES["default"]
# Wrong passwords: allauth's limit per address only. Its default limit per account
# let anyone lock anyone out; accounts.lockout slows (address, account) instead.
ACCOUNT_RATE_LIMITS = {"login_failed": "10/m/ip"}
ACCOUNT_LOGIN_BY_CODE_ENABLED = True  # a one-time code by e-mail: the way in that wrong passwords never block
# The client's address (for those limits) behind this many proxies that add X-Forwarded-For; 0: REMOTE_ADDR.
ALLAUTH_TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0)

# --- E-mail -------------------------------------------------------------------
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Sequence <sequence@localhost>")
SERVER_EMAIL = os.environ.get("SERVER_EMAIL", DEFAULT_FROM_EMAIL)
MAIL_DIR = VAR_DIR / "mail"
if os.environ.get("EMAIL_BACKEND"):
    # e.g. anymail.backends.postmark.EmailBackend, with ANYMAIL_* credentials.
    EMAIL_BACKEND = os.environ["EMAIL_BACKEND"]
elif os.environ.get("EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
else:
    EMAIL_BACKEND = "sequence_site.mail.LocalMailboxBackend"
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = 30
ANYMAIL = {key.removeprefix("ANYMAIL_"): value for key, value in os.environ.items() if key.startswith("ANYMAIL_")}
# The one provider whose inbound webhook is mounted at /anymail/<provider>/inbound/ (empty: none).
INBOUND_WEBHOOK_PROVIDER = os.environ.get("INBOUND_WEBHOOK_PROVIDER", "")
# Moves by e-mail (games/inbound): replies go to play+<token>@INBOUND_DOMAIN.
INBOUND_DOMAIN = os.environ.get("INBOUND_DOMAIN", "")  # empty: SITE_URL's host
INBOUND_IMAP_URL = os.environ.get("INBOUND_IMAP_URL", "")  # e.g. imaps://user:pass@host/INBOX
# PEM certificate(s) the IMAP door trusts instead of the system's (a self-signed server's).
INBOUND_IMAP_CA_FILE = os.environ.get("INBOUND_IMAP_CA_FILE", "")
# What the IMAP door does with a message it handled: seen (flag it), delete, or move:<folder>.
INBOUND_IMAP_HANDLED = os.environ.get("INBOUND_IMAP_HANDLED", "seen")
_move_to = INBOUND_IMAP_HANDLED.removeprefix("move:").strip() if INBOUND_IMAP_HANDLED.startswith("move:") else ""
if INBOUND_IMAP_HANDLED not in ("seen", "delete") and not _move_to:
    raise ImproperlyConfigured(f"INBOUND_IMAP_HANDLED is seen, delete or move:FOLDER, not {INBOUND_IMAP_HANDLED!r}")
INBOUND_PER_GAME_PER_HOUR = env_int("INBOUND_PER_GAME_PER_HOUR", 200)  # all its players together
INBOUND_PER_ADDRESS_PER_HOUR = env_int("INBOUND_PER_ADDRESS_PER_HOUR", 30)  # mail that names no game
INBOUND_PER_HOUR = env_int("INBOUND_PER_HOUR", 2000)
# A turn e-mail waits this long; a player at the table meanwhile is not sent it (games.mail.notify).
TURN_EMAIL_GRACE_SECONDS = env_int("TURN_EMAIL_GRACE_SECONDS", 120)
# A player at the table in the last few minutes, or whose device was just sent
# the turn (Web Push), gets the turn e-mail only this long after the turn
# began, and not at all if they moved or came to the table meanwhile.
PRESENT_EMAIL_GRACE_SECONDS = env_int("PRESENT_EMAIL_GRACE_SECONDS", 600)
# Web Push (games/mail/push_send.py): the site's VAPID key pair (make one with
# `python manage.py vapid_keys`); without it no device is offered notifications.
VAPID_PUBLIC_KEY = os.environ.get("VAPID_PUBLIC_KEY", "")
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "")
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "mailto:sequence@localhost")  # whom push services may contact
PUSH_TTL_SECONDS = env_int("PUSH_TTL_SECONDS", 24 * 3600)  # how long a push service keeps a notice for a device
# A bot waits this long before it moves, as a person would (games.services.bot_wake).
BOT_MOVE_DELAY_SECONDS = env_int("BOT_MOVE_DELAY_SECONDS", 3)

# --- Static files, i18n -----------------------------------------------------
STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
# Which language: the account's (accounts.middleware), else the footer's choice
# (a cookie), else the browser's Accept-Language, else English. The .po files
# are in locale/; `make` compiles them to .mo (never committed).
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("cs", "Čeština"), ("it", "Italiano"), ("hu", "Magyar")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_SECURE = SITE_URL.startswith("https://")
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --- Security: strict unless DEBUG ----------------------------------------
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
if not DEBUG and SITE_URL.startswith("https://"):
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
if not SITE_URL.startswith("https://"):
    # All four follow from an http:// SITE_URL: sequence_site.E004 says so once, instead.
    SILENCED_SYSTEM_CHECKS = ["security.W004", "security.W008", "security.W012", "security.W016"]

SECURE_REFERRER_POLICY = "same-origin"  # Django's default, stated: other sites never see our URLs

# Content-Security-Policy (django-csp) on every response. Pages load scripts,
# styles and images from the site itself and nothing inline: no style=""
# attribute, no <style>, no onclick="". An inline <script> needs the nonce:
# <script nonce="{{ request.csp_nonce }}">, which also puts it in the header.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF],
        "img-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
    }
}
# Features no page uses, refused for the page and anything it might embed.
PERMISSIONS_POLICY = ", ".join(
    f"{feature}=()"
    for feature in (
        "accelerometer",
        "browsing-topics",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "payment",
        "usb",
    )
)

# Logs: plain lines, or (LOG_FORMAT=json, for a log collector) one JSON object
# a line with the request's (or task's) id, the user's and the game's.
LOG_FORMAT = os.environ.get("LOG_FORMAT", "text")
if LOG_FORMAT not in ("text", "json"):
    raise ImproperlyConfigured(f"LOG_FORMAT is text or json, not {LOG_FORMAT!r}")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "one_line_refusals": {"()": "sequence_site.log_filters.OneLineRefusals"},
        "context": {"()": "sequence_site.log_context.AddContext"},
    },
    "formatters": {
        "text": {"format": "%(message)s"},
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "format": "%(asctime)s %(levelname)s %(name)s %(message)s %(role)s %(request_id)s %(user_id)s %(game_id)s",
        },
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["context"], "formatter": LOG_FORMAT}},
    "loggers": {
        "django.request": {"filters": ["one_line_refusals"]},  # a 403 without its traceback
        # A line per request for the log collector; in development runserver prints its own.
        "sequence.request": {"level": "INFO" if LOG_FORMAT == "json" else "WARNING"},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}

# What this host is for (web, worker-email, …), as /healthz and the logs say: its name in your deployment.
SITE_ROLE = os.environ.get("SITE_ROLE", "all")
# Celery keeps its own log format unless the logs are JSON: then the worker's lines go through LOGGING too.
CELERY_WORKER_HIJACK_ROOT_LOGGER = LOG_FORMAT == "text"
# Prometheus metrics (sequence_site.metrics): /metrics answers a Bearer of this token (empty: 404),
# and a Celery worker serves its own on this port (0: none).
METRICS_TOKEN = os.environ.get("METRICS_TOKEN", "")
METRICS_PORT = env_int("METRICS_PORT", 0)
# How stale the worker heartbeat may be before /healthz reports the worker down.
HEARTBEAT_MAX_AGE_SECONDS = env_int("HEARTBEAT_MAX_AGE_SECONDS", 300)
# How late unsent e-mail or an unenforced deadline may be before /healthz complains.
BACKLOG_MAX_AGE_SECONDS = env_int("BACKLOG_MAX_AGE_SECONDS", 600)
