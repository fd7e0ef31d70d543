"""Ratings through the services (issue 27): a finished game rates its
players in the transaction that finishes it, in its format's pool; what is
not rated; a burst of losses on time counts once; the rebuild from the
games equals the ratings as they were made."""

import io
from datetime import timedelta

import pytest
import time_machine
from django.core.management import call_command
from django.utils import timezone

from games import rating, services
from games.models import Game, Move, PlayerRating, RatingChange
from games.rating import NEW
from games.services.ratings import rate_finished
from tests.factories import ModeratorFactory, UserFactory
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db


def skill(user, pool) -> rating.Skill:
    row = PlayerRating.objects.get(user=user, pool=pool)
    return rating.Skill(row.mu, row.sigma)


def resign_team(game, users, seat):
    """Every member of `seat`'s team resigns (a team game's agreement)."""
    for member in range(seat % game.teams, game.players, game.teams):
        game.refresh_from_db()
        services.resign(game_id=game.pk, user=users[member], door=Move.Door.WEB)


def test_a_one_against_one_game_rates_both_players(started_game):
    game, users = started_game(2, 2)
    resign_team(game, users, 1)
    (won,), (lost,) = rating.rated([[NEW], [NEW]], 0)
    assert skill(users[0], "duel") == won and skill(users[1], "duel") == lost
    changes = RatingChange.objects.filter(game=game)
    assert changes.count() == 2 and all(c.counted and not c.lost_on_time for c in changes)
    assert PlayerRating.objects.get(user=users[0]).games == 1


def test_two_teams_of_two_rate_all_four_together(started_game):
    game, users = started_game(4, 2)
    resign_team(game, users, 0)  # blue (seats 0, 2) resigns: green wins
    after = rating.rated([[NEW, NEW], [NEW, NEW]], 1)
    assert [skill(users[p], "teams") for p in (0, 2, 1, 3)] == [*after[0], *after[1]]


def test_three_teams_one_winner_and_two_sharing_second(started_game):
    game, users = started_game(3, 3)
    resign_team(game, users, 0)
    resign_team(game, users, 2)  # green is the one left
    game.refresh_from_db()
    assert game.winner == "green"
    after = rating.rated([[NEW], [NEW], [NEW]], 1)
    assert [skill(u, "three") for u in users] == [after[0][0], after[1][0], after[2][0]]
    assert after[0][0] == after[2][0]  # a shared place moves both alike


def test_a_drawn_game_is_rated_as_a_tie(started_game):
    game, users = started_game(2, 2)
    game.refresh_from_db()
    game.status, game.winner, game.result_reason, game.finished_at = Game.Status.FINISHED, "", "draw", timezone.now()
    rate_finished(game=game, seats=list(game.seats.order_by("position")))
    (a,), (b,) = rating.rated([[NEW], [NEW]], None)
    assert skill(users[0], "duel") == a and skill(users[1], "duel") == b


def test_what_is_not_rated(started_game):
    unrated, users = started_game(2, 2, rated=False)
    resign_team(unrated, users, 1)
    adjudicated, _ = started_game(2, 2)
    services.game_adjudicate(game_id=adjudicated.pk, moderator=ModeratorFactory(), winner="blue", reason="agreed")
    aborted, _ = started_game(2, 2)
    services.game_abort(game_id=aborted.pk, moderator=ModeratorFactory(), reason="spam")
    assert not RatingChange.objects.exists() and not PlayerRating.objects.exists()


def test_a_burst_of_losses_on_time_counts_once(started_game):
    loser = UserFactory()
    games = [started_game(2, 2, missed_turn_policy="concede", concede_after=1) for _ in range(3)]
    for game, _ in games:  # the same player in seat 0 of each
        seat = game.seats.get(position=0)
        seat.user, seat.name = loser, loser.username
        seat.save(update_fields=["user", "name"])
    start = timezone.now()
    for hours, (game, _) in zip((0, 5, 30), games, strict=True):
        with time_machine.travel(start + timedelta(hours=hours, days=3)):
            services.deadline_enforce(game_id=game.pk, now=timezone.now())
            game.refresh_from_db()
            assert game.status == Game.Status.FINISHED and game.winner == "green"
    mine = list(RatingChange.objects.filter(user=loser).order_by("at").values_list("lost_on_time", "counted"))
    assert mine == [(True, True), (True, False), (True, True)]  # the second, 5 hours after the first, is not counted
    assert PlayerRating.objects.get(user=loser).games == 2


def snapshot():
    ratings = sorted(PlayerRating.objects.values_list("user_id", "pool", "mu", "sigma", "games"))
    changes = sorted(RatingChange.objects.values_list("game_id", "user_id", "mu_after", "sigma_after", "counted"))
    return ratings, changes


def test_the_rebuild_equals_the_ratings_as_they_were_made(started_game):
    players = UserFactory.create_batch(4)
    for round_, (a, b) in enumerate([(0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2), (0, 1)]):
        with time_machine.travel(timezone.now() + timedelta(hours=round_)):
            game, _ = started_game(2, 2)
            for seat, player in ((0, players[a]), (1, players[b])):
                row = game.seats.get(position=seat)
                row.user, row.name = player, player.username
                row.save(update_fields=["user", "name"])
            game.refresh_from_db()
            services.move_submit(game_id=game.pk, user=players[a], move=first_play(game, 0), expected_version=0)
            resign_team(game, {0: players[a], 1: players[b]}, 1 if round_ % 3 else 0)
    made = snapshot()
    assert len(made[1]) == 14
    out = io.StringIO()
    call_command("ratings_rebuild", stdout=out)
    assert out.getvalue() == "7 rated games replayed.\n"
    assert snapshot() == made
