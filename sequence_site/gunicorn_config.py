"""gunicorn's settings for the site's web processes (#31), named on its command line:

    gunicorn -c python:sequence_site.gunicorn_config sequence_site.wsgi

The site is loaded once, in gunicorn's master, before it forks its workers:
every worker shares those pages with the master instead of importing the same
1,300 modules into its own. What the workers would each build on their first
requests (the URLs with every view module, the four languages' catalogs) is
built there too; and the objects made before the fork are frozen, so that the
garbage collector never writes to (and so copies) their pages."""

import gc

preload_app = True


def when_ready(server) -> None:
    """In the master, once the site is loaded and before any worker is forked."""
    from django.conf import settings
    from django.urls import get_resolver
    from django.utils import translation

    get_resolver().reverse_dict  # noqa: B018  (imports every URLconf and view module)
    for code, _ in settings.LANGUAGES if settings.is_overridden("LANGUAGES") else ():  # the site's own four
        with translation.override(code):
            translation.gettext("Sequence")  # loads the language's catalog
    gc.freeze()
