"""Who is suspended at a moment, one rule in its two forms: a queryset of
the suspensions in force (for lists), and the same test in SQL, which the
refusal every service opens with runs, and which the move's locked read
(games.services.locked_seats) carries, sparing every move a query of its own.
tests/moderation/test_suspension_rule.py checks the two agree."""

from django.db import connection
from django.db.models import Q
from django.utils import timezone

from games import refusals
from games.models import PlayerSuspension


def active_suspensions(now=None):
    now = now or timezone.now()
    return PlayerSuspension.objects.filter(Q(ends_at__isnull=True) | Q(ends_at__gt=now), lifted_at__isnull=True)


def moment(now=None):
    """The moment `suspended_sql` asks about, as its parameter (now by default)."""
    return connection.ops.adapt_datetimefield_value(now or timezone.now())


def suspended_sql(user_column: str) -> str:
    """True when the user at `user_column` is suspended at the moment given as its last parameter (`moment()`)."""
    meta = PlayerSuspension._meta
    ends, lifted = meta.get_field("ends_at").column, meta.get_field("lifted_at").column
    return (
        f"EXISTS (SELECT 1 FROM {meta.db_table} ps WHERE ps.{meta.get_field('user').column} = {user_column}"
        f" AND ps.{lifted} IS NULL AND (ps.{ends} IS NULL OR ps.{ends} > %s))"
    )


def require_not_suspended(user) -> None:
    """Refuse a suspended user (a move learns it from its locked read instead: locked_seats)."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {suspended_sql('%s')}", [user.pk, moment()])
        if cursor.fetchone()[0]:
            raise refusals.SUSPENDED()
