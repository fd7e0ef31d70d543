"""sequence_site.db_flush: an UPDATE of its own commits without waiting for
the disk flush, and only it; one run inside a transaction leaves that
transaction's flush alone. On SQLite it is a plain update."""

import pytest
from django.db import connection, transaction

from accounts.models import User
from sequence_site.db_flush import update_without_flush
from tests.factories import UserFactory

ROUNDS = 20


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
    changed = update_without_flush(User.objects.filter(pk__in=[u.pk for u in users[:2]]), first_name="seen")
    assert changed == 2
    assert sorted(User.objects.values_list("first_name", flat=True)) == ["", "seen", "seen"]
    assert update_without_flush(User.objects.filter(pk=-1), first_name="none") == 0
    assert synchronous_commit() in ("on", None)  # the next statement flushes again
    with transaction.atomic():
        assert synchronous_commit() in ("on", None)


@pytest.mark.django_db(transaction=True)
def test_its_commits_do_not_wait_for_the_flush_and_plain_ones_do():
    if connection.vendor != "postgresql":
        pytest.skip("SQLite's commits are left as they are")  # no flag to turn: the mark is a plain update
    user = UserFactory()
    marks = User.objects.filter(pk=user.pk)
    before = wal_syncs()
    for n in range(ROUNDS):
        marks.update(first_name=f"plain {n}")
    plain = wal_syncs() - before
    before = wal_syncs()
    for n in range(ROUNDS):
        update_without_flush(marks, first_name=f"mark {n}")
    unflushed = wal_syncs() - before
    assert plain >= ROUNDS
    assert unflushed < ROUNDS // 2  # the WAL writer's own flushes only
    assert User.objects.get(pk=user.pk).first_name == f"mark {ROUNDS - 1}"


@pytest.mark.django_db(transaction=True)
def test_inside_another_transaction_it_leaves_that_ones_flush_alone():
    user = UserFactory()
    with transaction.atomic():
        assert update_without_flush(User.objects.filter(pk=user.pk), first_name="inside") == 1
        assert synchronous_commit() in ("on", None)
    assert User.objects.get(pk=user.pk).first_name == "inside"
