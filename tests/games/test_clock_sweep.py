"""The deadline sweep stays one indexed query over 10,000 games in play,
whatever their clocks: the clock module is asked when a turn starts, and
its answer is stored in next_deadline, which the partial index covers."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import tasks
from games.models import Game

pytestmark = pytest.mark.django_db
CLOCKS = [
    {"clock_kind": "per_move"},
    {"clock_kind": "per_move", "weekends_off": True},
    {"clock_kind": "bank"},
    {"clock_kind": "bank", "weekends_off": True},
]


def test_the_sweep_is_one_indexed_query_over_ten_thousand_games():
    now = timezone.now()
    games = [
        Game(
            players=2,
            teams=2,
            turn_seconds=86400,
            draw_window_seconds=3600,
            status=Game.Status.ACTIVE,
            turn_started_at=now - timedelta(days=1),
            turn_allowance_seconds=86400,
            # one game in a hundred is overdue, the rest due in the days ahead
            next_deadline=now + timedelta(minutes=(-1 if n % 100 == 0 else 1) * (n + 1)),
            **CLOCKS[n % len(CLOCKS)],
        )
        for n in range(10_000)
    ]
    Game.objects.bulk_create(games, batch_size=1000)
    with CaptureQueriesContext(connection) as queries:
        due = tasks.due_game_ids(now)
    assert len(queries) == 1 and len(due) == 100
    sql, params = Game.objects.due(now).values_list("pk", flat=True).query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")  # the planner's statistics, as a database in service keeps them
        cursor.execute(("EXPLAIN QUERY PLAN " if connection.vendor == "sqlite" else "EXPLAIN ") + sql, params)
        plan = " ".join(str(row) for row in cursor.fetchall())
    assert "game_due_idx" in plan, plan
