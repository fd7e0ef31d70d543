"""The periodic deadline task: every game whose deadline passed, found with
one query (Game.objects.due), settled once however often the task runs."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import tasks
from games.models import Game

pytestmark = pytest.mark.django_db


def overdue(game: Game, seconds: int) -> None:
    when = timezone.now() - timedelta(seconds=seconds)
    Game.objects.filter(pk=game.pk).update(next_deadline=when, turn_deadline=when)


def test_due_lists_the_games_in_play_with_a_passed_deadline_the_most_overdue_first(started_game):
    late, later, on_time, finished = (started_game(2, 2, seed=seed)[0] for seed in range(4))
    overdue(late, 60)
    overdue(later, 3600)
    overdue(finished, 7200)
    Game.objects.filter(pk=finished.pk).update(status=Game.Status.FINISHED)  # a deadline left behind
    assert list(Game.objects.due(timezone.now())) == [later, late]
    assert on_time.next_deadline > timezone.now()


def test_the_deadline_task_enforces_every_due_game(started_game):
    game1, _ = started_game(2, 2, seed=1)
    game2, _ = started_game(2, 2, seed=2)
    overdue(game1, 1)
    assert tasks.enforce_deadlines() == 1
    assert tasks.enforce_deadlines() == 0
    assert game1.moves.get().text == "skip" and not game2.moves.exists()
