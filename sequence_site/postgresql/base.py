"""The database backend the site names for PostgreSQL (settings.DATABASES):
Django's own, with its queries compiled by `compiler` (see there)."""

from django.db.backends.postgresql import base, operations


class DatabaseOperations(operations.DatabaseOperations):
    compiler_module = "sequence_site.postgresql.compiler"


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations
