"""gunicorn's settings for the site's web processes (#31), named on its command line:

    gunicorn -c python:sequence_site.gunicorn_config sequence_site.wsgi

The site is loaded once, in gunicorn's master, before it forks its workers:
every worker shares those pages with the master instead of importing the same
1,300 modules into its own. What the workers would each build on their first
requests (the URLs with every view module, the four languages' catalogs) is
built there too, and so is what a request loads on first use: the template
engines (their tag libraries, loaders and context processors), the session
store, the cache's client (redis-py's 60 modules; no connection is made
before the fork), the authentication backends and the messages' storage;
otherwise each worker imports its own copy (tests/test_gunicorn_preload.py).
The objects made before the fork are frozen, so that the garbage collector
never writes to (and so copies) their pages."""

import gc

preload_app = True


def when_ready(server) -> None:
    """In the master, once the site is loaded and before any worker is forked."""
    from importlib import import_module

    from django.apps import apps
    from django.conf import settings
    from django.core.cache import caches
    from django.template import engines
    from django.urls import get_resolver
    from django.utils import translation
    from django.utils.module_loading import import_string

    get_resolver().reverse_dict  # noqa: B018  (imports every URLconf and view module)
    for code, _ in settings.LANGUAGES if settings.is_overridden("LANGUAGES") else ():  # the site's own four
        with translation.override(code):
            translation.gettext("Sequence")  # loads the language's catalog
    for backend in engines.all():  # each engine's tag libraries load with it
        backend.engine.template_loaders, backend.engine.template_context_processors  # noqa: B018
    for cache in caches.all():
        getattr(cache, "_cache", None)  # a Redis cache's client (no connection until a worker uses it)
    # What the installed apps load on a request's first use (the bench's minimal app has none of them).
    if apps.is_installed("django.contrib.sessions"):
        import_module(settings.SESSION_ENGINE)
        import_string(settings.SESSION_SERIALIZER)
    if apps.is_installed("django.contrib.auth"):
        from django.contrib.auth import get_backends

        get_backends()
    if apps.is_installed("django.contrib.messages"):
        import_string(settings.MESSAGE_STORAGE)
    gc.freeze()
