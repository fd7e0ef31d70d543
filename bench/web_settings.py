"""The site's own settings for bench/web.py, with one change: static files are
collected into the bench's temporary folder (BENCH_STATIC_ROOT), since pages
with DEBUG off need whitenoise's manifest."""

import os

from sequence_site.settings import *  # noqa: F403

STATIC_ROOT = os.environ["BENCH_STATIC_ROOT"]
