import os

from django.core.exceptions import ImproperlyConfigured
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sequence_site.settings")
application = get_wsgi_application()

from sequence_site.checks import static_files_missing  # noqa: E402  (needs the settings loaded above)

# Refuse to start rather than answer every page with a 500.
missing = static_files_missing()
if missing:
    raise ImproperlyConfigured(missing)
