"""The leaderboard, a league's table and a profile with its rating line, in
Chromium at a desktop and a phone width: nothing wider than the window, and
axe-core finds nothing (issue 27)."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from games import services
from games.models import League, Move
from games.services.leagues import season_open
from tests.e2e.conftest import WIDTHS, axe_violations, overflow
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_rating_pages_at_each_width(browser, live_server, started_game, width, screenshot):
    player = UserFactory(username="ratedplayer")
    for _ in range(3):
        game, users = started_game(2, 2)
        seat = game.seats.get(position=0)
        seat.user, seat.name = player, player.username
        seat.save(update_fields=["user", "name"])
        services.resign(game_id=game.pk, user=users[1], door=Move.Door.WEB)
    league = League.objects.create(name="Winter league", slug="winter", division_size=6)
    season = season_open(league=league, starts_at=timezone.now() + timedelta(days=1))
    for user in UserFactory.create_batch(3):
        services.season_signup(season_id=season.pk, user=user)
    with time_machine.travel(season.starts_at + timedelta(minutes=1)):
        services.leagues_tick()

    context = browser.new_context(viewport=WIDTHS[width])
    page = context.new_page()
    for path, name, shows in (
        ("/ratings/", "leaderboard", "ratedplayer"),
        ("/leagues/winter/", "league", "Division 1"),
        ("/players/ratedplayer/", "profile", "Rating"),
    ):
        page.goto(f"{live_server.url}{path}")
        assert shows in page.inner_text("main")
        assert overflow(page) <= 0, (path, width)
        assert axe_violations(page) == [], (path, width)
        screenshot(page, f"ratings-{name}-{width}")
    assert page.locator("svg.rating-chart polyline").count() == 1
    context.close()
