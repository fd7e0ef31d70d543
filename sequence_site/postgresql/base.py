"""The database backend the site names for PostgreSQL (settings.DATABASES):
Django's own, with its queries compiled by `compiler` (see there), and its
timestamps read by psycopg's own loader (compiled C with psycopg[binary]):
Django's loader is written in Python on top of it, to give the connection's
time zone, about 5 µs a value; psycopg's gives that same zone, UTC, when the
session's is UTC, as Django sets it when USE_TZ is on (under 1 µs a value:
My games reads 80 timestamps for 40 games, #31)."""

from datetime import UTC

import psycopg
from django.db.backends.postgresql import base, operations
from psycopg.adapt import Loader
from psycopg.pq import Format

TIMESTAMPTZ = psycopg.postgres.types["timestamptz"].oid
_PSYCOPGS_LOADER = psycopg.adapters.get_loader(TIMESTAMPTZ, Format.TEXT)


class UTCTimestampLoader(Loader):
    """psycopg's loader, named with the time zone its values are in (Django
    checks a cursor's loader's `timezone` and replaces one that says otherwise)."""

    timezone = UTC

    def __init__(self, oid, context=None):
        super().__init__(oid, context)
        self.load = _PSYCOPGS_LOADER(oid, context).load  # called for every value: psycopg's own, unwrapped

    def load(self, data):  # replaced on each instance by psycopg's, above
        raise NotImplementedError


class DatabaseOperations(operations.DatabaseOperations):
    compiler_module = "sequence_site.postgresql.compiler"


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations

    def init_connection_state(self):
        super().init_connection_state()  # the session's time zone set
        if self.timezone is UTC and self.connection.info.parameter_status("TimeZone") == "UTC":
            self.connection.adapters.register_loader(TIMESTAMPTZ, UTCTimestampLoader)
