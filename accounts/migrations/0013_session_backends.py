"""Sessions signed in before accounts.auth_backends name the backends by their
parents' paths, which AUTHENTICATION_BACKENDS no longer lists: renamed here, so
that nobody is signed out by the change. Each rewritten session's cached copy
is dropped (the cached_db store reads the cache first)."""

from importlib import import_module

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY
from django.core.cache import caches
from django.db import migrations

RENAMED = {
    "django.contrib.auth.backends.ModelBackend": "accounts.auth_backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend": "accounts.auth_backends.AuthenticationBackend",
}
DATABASE_STORES = ("django.contrib.sessions.backends.db", "django.contrib.sessions.backends.cached_db")


def rename_backends(apps, schema_editor, renamed=RENAMED):
    if settings.SESSION_ENGINE not in DATABASE_STORES:
        return  # sessions kept elsewhere cannot be listed: they sign in again
    Session = apps.get_model("sessions", "Session")
    store = import_module(settings.SESSION_ENGINE).SessionStore
    for session in Session.objects.iterator():
        data = store().decode(session.session_data)
        if data.get(BACKEND_SESSION_KEY) in renamed:
            data[BACKEND_SESSION_KEY] = renamed[data[BACKEND_SESSION_KEY]]
            session.session_data = store().encode(data)
            session.save(update_fields=["session_data"])
            if hasattr(store, "cache_key"):
                caches[settings.SESSION_CACHE_ALIAS].delete(store(session.session_key).cache_key)


def rename_back(apps, schema_editor):
    rename_backends(apps, schema_editor, renamed={new: old for old, new in RENAMED.items()})


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0012_push"),
        ("sessions", "0001_initial"),
    ]

    operations = [migrations.RunPython(rename_backends, rename_back)]
