"""Who is suspended at a moment, one rule in its two forms: a queryset of
the suspensions in force, and the same test in SQL for the move's locked
read (games.services.locked_seats), which reads the players anyway and so
spares every move a query of its own. tests/moderation/test_suspension_rule.py
checks the two agree. And the refusal every service opens with."""

from django.db.models import Q
from django.utils import timezone

from games import refusals
from games.models import PlayerSuspension


def active_suspensions(now=None):
    now = now or timezone.now()
    return PlayerSuspension.objects.filter(Q(ends_at__isnull=True) | Q(ends_at__gt=now), lifted_at__isnull=True)


def suspended_sql(user_column: str) -> str:
    """True when the user at `user_column` is suspended at the moment given as its one parameter."""
    meta = PlayerSuspension._meta
    ends, lifted = meta.get_field("ends_at").column, meta.get_field("lifted_at").column
    return (
        f"EXISTS (SELECT 1 FROM {meta.db_table} ps WHERE ps.{meta.get_field('user').column} = {user_column}"
        f" AND ps.{lifted} IS NULL AND (ps.{ends} IS NULL OR ps.{ends} > %s))"
    )


def require_not_suspended(user) -> None:
    """Refuse a suspended user (a move learns it from its locked read instead:
    locked_seats). active_suspensions' rule read in Python, as building its OR
    in the ORM cost more than the query."""
    now = timezone.now()
    ends = PlayerSuspension.objects.filter(user=user, lifted_at__isnull=True).values_list("ends_at", flat=True)
    if any(end is None or end > now for end in ends):
        raise refusals.SUSPENDED()
