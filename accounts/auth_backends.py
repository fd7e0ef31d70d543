"""The site's authentication backends: Django's and allauth's, each reading a
signed-in request's user (every page a reader loads) in one SQL query written
once from the model's _meta, not one the ORM builds each time: building it
cost more than running it (bench/RESULTS.md, stop 42). Signing in is theirs,
unchanged. Sessions from before these name them by their parents' paths:
migration 0013 renames them."""

from functools import cache

from allauth.account import auth_backends as allauth_backends
from django.contrib.auth import backends as django_backends
from django.contrib.auth import get_user_model
from django.db import connection

from sequence_site.db_rows import Columns


@cache
def _user_query() -> tuple[Columns, str]:
    model = get_user_model()
    columns, table, pk = Columns(model, "u"), model._meta.db_table, model._meta.pk.column
    return columns, f"SELECT {', '.join(columns.select)} FROM {table} u WHERE u.{pk} = %s"


def user_by_pk(user_id):
    """The user as `User.objects.get(pk=user_id)` reads it, or None."""
    columns, sql = _user_query()
    with connection.cursor() as cursor:
        cursor.execute(sql, [get_user_model()._meta.pk.get_prep_value(user_id)])
        row = cursor.fetchone()
    return None if row is None else columns.instance(row)


class _SessionUser:
    def get_user(self, user_id):
        user = user_by_pk(user_id)
        return user if user is not None and self.user_can_authenticate(user) else None


class ModelBackend(_SessionUser, django_backends.ModelBackend):
    pass


class AuthenticationBackend(_SessionUser, allauth_backends.AuthenticationBackend):
    pass
