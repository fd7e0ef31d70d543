"""Pages cached by the game's revision never outlive what changes with time
alone (#21): a resignation proposal lapsing, a suspension ending, a vacation
starting and ending, a player coming to have more time left than the absent
seat to play (and so a vote to skip it), a draw window's last day beginning.
Each is a moment the deadline sweep bumps the game's revision at, once, and
a sweep with nothing due bumps nothing (no needless cache misses)."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.urls import reverse

from accounts.models import User
from games import services, tasks
from games.models import Game, Move
from tests.factories import ModeratorFactory, UserFactory
from tests.gameplay import first_play
from tests.games.test_vacation import game_of, member_for, move

pytestmark = pytest.mark.django_db
SECOND, MINUTE, H, D = timedelta(seconds=1), timedelta(minutes=1), timedelta(hours=1), timedelta(days=1)
START = datetime(2026, 3, 4, 10, tzinfo=UTC)  # a Wednesday; the clock: two days a move


def page(client, user, game) -> str:
    client.force_login(user)
    return client.get(reverse("game", args=[game.pk])).content.decode()


def revision(game) -> int:
    return Game.objects.values_list("revision", flat=True).get(pk=game.pk)


def swept_once(game) -> None:
    """The periodic sweep, run twice: the first bumps the game's revision, the second nothing more."""
    before = revision(game)
    tasks.enforce_deadlines()
    assert revision(game) == before + 1
    tasks.enforce_deadlines()
    assert revision(game) == before + 1


def across(clock, moment: datetime, see, game, before: str, after: str | None = None) -> None:
    """The table `see()` shows `before` a minute before `moment`, and still a
    minute after it (the copy the cache keeps for the revision); once the
    sweep has run, `after` instead."""
    clock.move_to(moment - MINUTE)
    assert before in see()
    clock.move_to(moment + MINUTE)
    assert before in see()
    swept_once(game)
    html = see()
    assert before not in html and (after is None or after in html)


def test_a_lapsed_resignation_proposal_leaves_the_teams_banner(client, started_game, settings):
    settings.RESIGN_PROPOSAL_HOURS = 1
    with time_machine.travel(START, tick=False) as clock:
        game, users = started_game(4, 2)
        services.resign(game_id=game.pk, user=users[0], door=Move.Door.WEB)
        across(clock, START + H, lambda: page(client, users[0], game), game, f"Waiting for: {users[2].username}.")
        assert "Waiting for:" not in page(client, users[2], game)


def test_a_teammate_whose_suspension_ends_is_waited_for_from_then_on(client, started_game):
    with time_machine.travel(START, tick=False) as clock:
        game, users = started_game(6, 2)  # seats 0, 2 and 4 are a team
        services.player_suspend(user_id=users[4].pk, moderator=ModeratorFactory(), reason="abuse", days=1)
        services.resign(game_id=game.pk, user=users[0], door=Move.Door.WEB)
        names = users[2].username, users[4].username
        waiting = "Waiting for: {}.", "Waiting for: {}, {}."
        across(clock, START + D, lambda: page(client, users[0], game), game, waiting[0].format(names[0]),
               waiting[1].format(*names))  # fmt: skip


def test_a_vacation_note_follows_its_start_and_its_end(client):
    with time_machine.travel(START, tick=False) as clock:
        users = UserFactory.create_batch(2)
        game, _ = game_of(users)
        away = member_for(users[1], 80 * D, START)
        services.vacation_plan(user=away, starts_at=START + H, ends_at=START + D)
        table = lambda: page(client, users[0], game)  # noqa: E731
        across(clock, START + H, table, game, "on vacation from", "on vacation until")
        across(clock, START + D, table, game, "on vacation until")
        after = table()
        assert "on vacation until" not in after and "on vacation from" not in after


def test_the_vote_to_skip_appears_once_the_absent_seat_has_less_time_left(client):
    with time_machine.travel(START, tick=False) as clock:
        users = UserFactory.create_batch(3)
        game, _ = game_of(users)
        clock.shift(2 * D)
        tasks.enforce_deadlines()  # seat 0's time ran out: skipped
        move(game, users[1])
        move(game, users[2])
        skip = f"Vote to skip {users[0].username} now"
        assert skip not in page(client, users[1], game)  # seat 0 is back to play with two days, as they have
        clock.shift(MINUTE)
        assert skip not in page(client, users[1], game)  # the copy kept for the revision
        swept_once(game)
        assert skip in page(client, users[1], game)


def test_the_draw_alert_drops_the_day_once_that_day_has_come(client, started_game):
    midnight = datetime(2026, 3, 5, tzinfo=UTC)
    with time_machine.travel(midnight - 30 * MINUTE, tick=False) as clock:
        game, users = started_game(2, 2, seed=3, draw_mode="tabletop", draw_window_seconds=3600, turn_seconds=86400)
        User.objects.filter(pk=users[0].pk).update(time_zone="UTC")
        services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
        across(clock, midnight, lambda: page(client, users[0], game), game, "00:30 UTC</time> on Thu 5 Mar at the",
               "00:30 UTC</time> at the latest")  # fmt: skip


def test_the_sweep_bumps_no_revision_while_nothing_shown_changes(started_game):
    with time_machine.travel(START, tick=False) as clock:
        game, users = started_game(4, 2)
        services.resign(game_id=game.pk, user=users[0], door=Move.Door.WEB)  # lapses in two days
        away = member_for(users[3], 80 * D, START)
        services.vacation_plan(user=away, starts_at=START + D, ends_at=START + 3 * D)
        before = revision(game)
        for _ in range(6):
            clock.shift(10 * MINUTE)
            tasks.enforce_deadlines()
        assert revision(game) == before
