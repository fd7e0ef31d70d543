"""Ratings on the pages (issue 27): the leaderboard per format, a profile's
ratings and their history line, the game-over e-mail's change, the form's
"Not rated", and "Find me a game"."""

from datetime import timedelta

import pytest
import time_machine
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from games import leaderboards, rating, services
from games.mail import outbox
from games.models import Game, Move, Notification, PlayerRating
from tests.factories import UserFactory
from tests.web.test_pages import NEW_GAME

pytestmark = pytest.mark.django_db


def finish(game, users, loser_seat=1):
    for member in range(loser_seat % game.teams, game.players, game.teams):
        game.refresh_from_db()
        services.resign(game_id=game.pk, user=users[member], door=Move.Door.WEB)


def test_the_leaderboard_lists_the_active_players_best_first(client, started_game, settings):
    settings.VISITOR_PAGE_SECONDS = 0  # the page as rendered now, not a visitor's shared copy
    games = [started_game(2, 2) for _ in range(3)]
    for game, users in games:
        finish(game, users)
    winners = [users[0].username for _, users in games]
    page = client.get(reverse("leaderboard")).content.decode()
    first_loser = games[0][1][1].username
    assert all(name in page for name in winners) and page.index(winners[0]) < page.index(first_loser)
    assert "1508?" in page or "?" in page  # provisional ratings are marked
    assert client.get(reverse("leaderboard_pool", args=["teams"])).status_code == 200
    assert client.get("/ratings/nonsense/").status_code == 404
    with time_machine.travel(timezone.now() + timedelta(days=91)):
        assert winners[0] not in client.get(reverse("leaderboard")).content.decode()  # no longer active


def test_the_leaderboard_pages(client, started_game, settings):
    for _ in range(3):
        game, users = started_game(2, 2)
        finish(game, users)
    leaderboards.PAGE, saved = 2, leaderboards.PAGE
    try:
        second = client.get(reverse("leaderboard") + "?page=2").content.decode()
        assert "Page 2 of 3" in second
        assert "Page 1 of 3" in client.get(reverse("leaderboard") + "?page=٣").content.decode()  # the first page
        assert client.get(reverse("leaderboard") + "?page=x%00").status_code == 400
    finally:
        leaderboards.PAGE = saved


def test_a_profile_shows_each_rating_and_its_history_line(client, started_game):
    player = UserFactory()
    for _ in range(3):
        game, users = started_game(2, 2)
        seat = game.seats.get(position=0)
        seat.user, seat.name = player, player.username
        seat.save(update_fields=["user", "name"])
        finish(game, {0: player, 1: users[1]})
    page = client.get(reverse("profile", args=[player.username])).content.decode()
    shown = rating.Skill(*PlayerRating.objects.filter(user=player).values_list("mu", "sigma").get()).shown
    assert f"Rating {shown} after 3 rated games" in page and "(provisional)" in page
    assert '<svg class="rating-chart"' in page and "<polyline points=" in page


def test_the_game_over_email_says_the_rating_change(started_game):
    game, users = started_game(2, 2)
    finish(game, users)
    outbox.sweep()
    over = [m for m in mail.outbox if users[0].email in m.to and "is over" in m.subject]
    shown = rating.Skill(*PlayerRating.objects.filter(user=users[0]).values_list("mu", "sigma").get()).shown
    assert f"Your rating: {shown} (+{shown - 1500} for this game)." in over[0].body
    assert Notification.objects.filter(kind="game_over").count() == 2


def test_a_game_marked_not_rated_on_the_form(client):
    creator = UserFactory()
    client.force_login(creator)
    form = {**NEW_GAME, "players": 2, "teams": 2, "unrated": "on"}
    client.post(reverse("game_new"), form)
    assert Game.objects.get().rated is False
    del form["unrated"]
    client.post(reverse("game_new"), form)
    assert Game.objects.filter(rated=True).count() == 1


def test_find_me_a_game_takes_the_open_game_rated_closest(client, started_game):
    strong, weak, me = UserFactory(), UserFactory(), UserFactory()
    PlayerRating.objects.create(user=strong, pool="duel", mu=40, sigma=2, games=20)
    PlayerRating.objects.create(user=weak, pool="duel", mu=20, sigma=2, games=20)
    PlayerRating.objects.create(user=me, pool="duel", mu=21, sigma=2, games=20)
    older = services.game_create(creator=strong, players=2, teams=2, is_public=True)
    closer = services.game_create(creator=weak, players=2, teams=2, is_public=True)
    client.force_login(me)
    answer = client.post(reverse("game_find"), {"format": "2x2"})
    assert answer.url == reverse("game", args=[closer.pk])
    assert closer.seats.filter(user=me).exists() and not older.seats.filter(user=me).exists()
    answer = client.post(reverse("game_find"), {"format": "4x2"})  # none open: a new public one
    made = Game.objects.get(pk=int(answer.url.strip("/").split("/")[-1]))
    assert (made.players, made.teams, made.is_public, made.created_by) == (4, 2, True, me)
    assert client.post(reverse("game_find"), {"format": "5x2"}).status_code == 400


def test_the_finished_table_says_the_viewers_rating_change(client, started_game):
    game, users = started_game(2, 2)
    finish(game, users)
    client.force_login(users[0])
    shown = rating.Skill(*PlayerRating.objects.filter(user=users[0]).values_list("mu", "sigma").get()).shown
    assert (
        f"Your rating: {shown} (+{shown - 1500} for this game)."
        in client.get(reverse("game", args=[game.pk])).content.decode()
    )


def test_a_game_with_a_bot_is_not_rated(started_game):
    game = services.game_against_bot(user=UserFactory())
    human = game.seats.get(bot_level__isnull=True).user
    services.resign(game_id=game.pk, user=human, door=Move.Door.WEB)
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    assert not PlayerRating.objects.exists()
