"""sequence_site.db_flush: an UPDATE of its own commits without waiting for
the disk flush, and only it; one run inside a transaction leaves that
transaction's flush alone. On SQLite it is a plain update."""

import pytest
from django.db import connection, transaction

from accounts.models import User
from sequence_site.db_flush import execute_without_flush
from tests.databases import postgresql_only
from tests.factories import UserFactory

ROUNDS = 20
NAMED = f"UPDATE {User._meta.db_table} SET first_name = %s WHERE id IN (%s, %s)"


def name(user_ids: list, first_name: str) -> int:
    return execute_without_flush(NAMED, [first_name, *user_ids, *user_ids][:3])


def synchronous_commit() -> str | None:
    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")
        return cursor.fetchone()[0]


def wal_syncs() -> int:
    """How many times PostgreSQL has flushed its WAL to disk (its statistics
    brought up to date first: a backend reports them once it is idle)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_force_next_flush()")
        cursor.execute("SELECT wal_sync FROM pg_stat_wal")
        return cursor.fetchone()[0]


@pytest.mark.django_db(transaction=True)
def test_it_updates_and_commits_and_leaves_the_connection_as_it_was():
    users = UserFactory.create_batch(3)
    assert name([users[0].pk, users[1].pk], "seen") == 2
    assert sorted(User.objects.values_list("first_name", flat=True)) == ["", "seen", "seen"]
    assert name([-1], "none") == 0
    assert synchronous_commit() in ("on", None)  # the next statement flushes again
    with transaction.atomic():
        assert synchronous_commit() in ("on", None)


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_its_commits_do_not_wait_for_the_flush_and_plain_ones_do():
    user = UserFactory()
    marks = User.objects.filter(pk=user.pk)
    before = wal_syncs()
    for n in range(ROUNDS):
        marks.update(first_name=f"plain {n}")
    plain = wal_syncs() - before
    before = wal_syncs()
    for n in range(ROUNDS):
        name([user.pk], f"mark {n}")
    unflushed = wal_syncs() - before
    assert plain >= ROUNDS
    assert unflushed < ROUNDS // 2  # the WAL writer's own flushes only
    assert User.objects.get(pk=user.pk).first_name == f"mark {ROUNDS - 1}"


@pytest.mark.django_db(transaction=True)
def test_inside_another_transaction_it_leaves_that_ones_flush_alone():
    user = UserFactory()
    with transaction.atomic():
        assert name([user.pk], "inside") == 1
        assert synchronous_commit() in ("on", None)
    assert User.objects.get(pk=user.pk).first_name == "inside"
