"""accounts.auth_backends: the session's user read in one written query, as
the ORM reads it; and migration 0013, which renames the backends of sessions
signed in before, so that nobody is signed out by the change."""

from importlib import import_module

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.cached_db import SessionStore
from django.test import Client
from django.urls import reverse

from accounts.auth_backends import user_by_pk
from accounts.models import User
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
MIGRATION = import_module("accounts.migrations.0013_session_backends")
OLD_PATHS = ["django.contrib.auth.backends.ModelBackend", "allauth.account.auth_backends.AuthenticationBackend"]


def field_values(user) -> dict:
    return {field.attname: getattr(user, field.attname) for field in User._meta.concrete_fields}


def test_the_user_read_is_the_one_the_orm_reads():
    user = UserFactory(language="hu", first_name="Éva")
    assert field_values(user_by_pk(user.pk)) == field_values(User.objects.get(pk=user.pk))
    assert user_by_pk(str(user.pk)).pk == user.pk  # a session keeps the key as text
    assert user_by_pk(user.pk + 1000) is None


def test_a_signed_in_reader_is_read_by_the_sites_backend_and_an_inactive_one_is_signed_out():
    user = UserFactory()
    client = Client()
    client.force_login(user)
    assert client.session[BACKEND_SESSION_KEY] == "accounts.auth_backends.ModelBackend"
    assert client.get(reverse("leaderboard")).wsgi_request.user == user
    User.objects.filter(pk=user.pk).update(is_active=False)
    assert not client.get(reverse("leaderboard")).wsgi_request.user.is_authenticated


def old_session(user, backend: str) -> str:
    session = SessionStore()
    session.update({SESSION_KEY: str(user.pk), BACKEND_SESSION_KEY: backend})
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()  # in the database and in the cache, as a sign-in before the change left it
    return session.session_key


def signed_in(session_key: str):
    client = Client()
    client.cookies[settings.SESSION_COOKIE_NAME] = session_key
    return client.get(reverse("leaderboard")).wsgi_request.user


@pytest.mark.parametrize("backend", OLD_PATHS)
def test_a_session_signed_in_before_the_change_stays_signed_in(backend):
    user = UserFactory()
    key = old_session(user, backend)
    assert not signed_in(key).is_authenticated  # its backend is no longer listed
    MIGRATION.rename_backends(apps, None)
    assert signed_in(key) == user
    assert SessionStore(key).load()[BACKEND_SESSION_KEY] in settings.AUTHENTICATION_BACKENDS


def test_the_migration_goes_back_and_leaves_other_sessions_alone():
    user, visitor = UserFactory(), SessionStore()
    key = old_session(user, OLD_PATHS[0])
    visitor["show_all"] = True
    visitor.create()
    MIGRATION.rename_backends(apps, None)
    MIGRATION.rename_back(apps, None)
    assert SessionStore(key).load()[BACKEND_SESSION_KEY] == OLD_PATHS[0]
    assert SessionStore(visitor.session_key).load() == {"show_all": True}
