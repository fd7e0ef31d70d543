"""sequence_site.db_flush: only a transaction of its own skips the disk
flush; one it runs inside keeps its flush."""

import pytest
from django.db import connection, transaction

from accounts.models import User
from sequence_site.db_flush import transaction_without_flush
from tests.factories import UserFactory


def synchronous_commit() -> str | None:
    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")
        return cursor.fetchone()[0]


@pytest.mark.django_db(transaction=True)
def test_its_own_transaction_commits_without_the_flush_and_only_it():
    user = UserFactory()
    with transaction_without_flush():
        assert connection.in_atomic_block
        assert synchronous_commit() in ("off", None)
        User.objects.filter(pk=user.pk).update(first_name="seen")
    assert User.objects.get(pk=user.pk).first_name == "seen"  # committed
    with transaction.atomic():
        assert synchronous_commit() in ("on", None)


@pytest.mark.django_db(transaction=True)
def test_inside_another_transaction_it_leaves_that_ones_flush_alone():
    with transaction.atomic():
        with transaction_without_flush():
            assert synchronous_commit() in ("on", None)
        assert synchronous_commit() in ("on", None)
