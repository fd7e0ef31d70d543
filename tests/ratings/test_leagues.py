"""A league run by the beat alone (issue 27): sign-up, the season's start
with its divisions and every game, the standings, promotion and relegation,
the next season's divisions; a player barred after losses on time; the pages."""

from datetime import timedelta

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone

from games import refusals, services
from games.errors import GameError
from games.league_tables import standings
from games.models import Game, League, LeagueGame, Move, Season, SeasonEntry
from games.services.leagues import season_open, timeouts_in
from tests.factories import ModeratorFactory, UserFactory
from tests.gameplay import first_play, state_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():
    made = League.objects.create(name="Autumn league", slug="autumn", division_size=6, season_days=30, break_days=7)
    season_open(league=made, starts_at=timezone.now() + timedelta(days=7))
    return made


def open_season(league) -> Season:
    return league.seasons.get(status=Season.Status.SIGNUP)


def play_out(season, strength: dict[int, int]):
    """Every game of the season ends: the stronger player wins (the other resigns)."""
    for league_game in LeagueGame.objects.filter(season=season).select_related("game"):
        game = league_game.game
        seats = {s.position: s.user for s in game.seats.select_related("user")}
        loser = min(seats, key=lambda p: strength[seats[p].pk])
        services.resign(game_id=game.pk, user=seats[loser], door=Move.Door.WEB)


def test_a_whole_season_and_the_next_seasons_divisions(league):
    players = UserFactory.create_batch(12)
    strength = {user.pk: rank for rank, user in enumerate(reversed(players))}  # players[0] strongest
    season = open_season(league)
    for user in players:
        services.season_signup(season_id=season.pk, user=user)
    start = season.starts_at
    assert services.leagues_tick(now=start - timedelta(minutes=1)) == {"started": 0, "finished": 0}

    with time_machine.travel(start + timedelta(minutes=1)):
        assert services.leagues_tick() == {"started": 1, "finished": 0}
        season.refresh_from_db()
        assert season.status == Season.Status.RUNNING
        assert sorted(SeasonEntry.objects.filter(season=season).values_list("division", flat=True)) == [1] * 6 + [2] * 6
        assert LeagueGame.objects.filter(season=season).count() == 2 * 15  # every pair of each division
        assert Game.objects.filter(league_game__season=season, status=Game.Status.ACTIVE).count() == 30
        play_out(season, strength)
        assert services.leagues_tick() == {"started": 0, "finished": 1}

    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED
    for division in (1, 2):
        table = standings(season, division)
        assert [row.won for row in table] == [5, 4, 3, 2, 1, 0] and [row.place for row in table] == [1, 2, 3, 4, 5, 6]
    goes = {e.user_id: e.goes for e in season.entries.all()}
    first = [e.user_id for e in season.entries.filter(division=1).order_by("place")]
    second = [e.user_id for e in season.entries.filter(division=2).order_by("place")]
    assert [goes[u] for u in first] == ["stay"] * 4 + ["down"] * 2  # nothing above the top division
    assert [goes[u] for u in second] == ["up"] * 2 + ["stay"] * 4

    following = open_season(league)
    assert following.number == 2
    for user in players:
        services.season_signup(season_id=following.pk, user=user)
    with time_machine.travel(following.starts_at + timedelta(minutes=1)):
        services.leagues_tick()
    placed = {e.user_id: e.division for e in following.entries.all()}
    assert {u for u, d in placed.items() if d == 1} == {*first[:4], *second[:2]}
    assert {u for u, d in placed.items() if d == 2} == {*first[4:], *second[2:]}


def test_a_season_ends_on_its_day_with_the_games_in_play_drawn(league):
    players = UserFactory.create_batch(3)
    season = open_season(league)
    for user in players:
        services.season_signup(season_id=season.pk, user=user)
    with time_machine.travel(season.starts_at):
        services.leagues_tick()
    season.refresh_from_db()
    with time_machine.travel(season.ends_at + timedelta(minutes=1)):
        assert services.leagues_tick()["finished"] == 1
    games = Game.objects.filter(league_game__season=season)
    assert {(g.status, g.winner, g.result_reason) for g in games} == {(Game.Status.FINISHED, "", "season_end")}
    assert [row.drawn for row in standings(season, 1)] == [2, 2, 2]


def test_too_few_players_wait_for_the_next_break(league):
    season = open_season(league)
    services.season_signup(season_id=season.pk, user=UserFactory())
    with time_machine.travel(season.starts_at):
        assert services.leagues_tick()["started"] == 0
    season.refresh_from_db()
    assert season.status == Season.Status.SIGNUP and season.starts_at > timezone.now() + timedelta(days=6)


def test_signing_up_twice_or_late_is_refused(league):
    user = UserFactory()
    season = open_season(league)
    services.season_signup(season_id=season.pk, user=user)
    with pytest.raises(GameError) as twice:
        services.season_signup(season_id=season.pk, user=user)
    assert twice.value.code == refusals.ALREADY_SIGNED_UP.code
    Season.objects.filter(pk=season.pk).update(status=Season.Status.RUNNING)
    with pytest.raises(GameError) as late:
        services.season_signup(season_id=season.pk, user=UserFactory())
    assert late.value.code == refusals.SEASON_NOT_OPEN.code


def test_a_player_who_lost_league_games_on_time_is_barred(league):
    League.objects.filter(pk=league.pk).update(timeouts_barred=1)
    league.refresh_from_db()
    players = UserFactory.create_batch(3)
    season = open_season(league)
    for user in players:
        services.season_signup(season_id=season.pk, user=user)
    with time_machine.travel(season.starts_at):
        services.leagues_tick()
    absent = players[0]
    game = Game.objects.filter(league_game__season=season, seats__user=absent).first()
    for _ in range(20):  # the absent player misses every turn until the clock concedes for them
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        turn = state_of(game).turn
        mover = game.seats.get(position=turn).user
        if mover == absent:
            services.deadline_enforce(game_id=game.pk, now=game.turn_deadline + timedelta(seconds=1))
        else:
            services.move_submit(
                game_id=game.pk, user=mover, move=first_play(game, turn), expected_version=game.version
            )
    assert timeouts_in(league, absent.pk) == 1
    later = season_open(league=league, starts_at=timezone.now() + timedelta(days=60))
    with pytest.raises(GameError) as barred:
        services.season_signup(season_id=later.pk, user=absent)
    assert barred.value.code == refusals.LEAGUE_BARRED.code and barred.value.status_code == 403


def test_the_league_pages(client, league):
    players = UserFactory.create_batch(3)
    season = open_season(league)
    client.force_login(players[0])
    assert "Sign up for this season" in client.get(reverse("league", args=["autumn"])).content.decode()
    assert client.post(reverse("season_signup", args=["autumn", season.pk])).status_code == 302
    assert "You are signed up." in client.get(reverse("league", args=["autumn"])).content.decode()
    assert client.post(reverse("season_signup", args=["autumn", season.pk])).status_code == 409
    for user in players[1:]:
        services.season_signup(season_id=season.pk, user=user)
    with time_machine.travel(season.starts_at):
        services.leagues_tick()
    page = client.get(reverse("league", args=["autumn"])).content.decode()
    assert "Division 1" in page and all(user.username in page for user in players)
    assert "Autumn league" in client.get(reverse("leagues")).content.decode()
    assert client.get(reverse("league", args=["nope"])).status_code == 404
    assert client.get(reverse("league", args=["autumn"]) + "?season=9").status_code == 404


def test_a_suspended_player_is_left_out_of_the_season(league):
    players = UserFactory.create_batch(4)
    season = open_season(league)
    for user in players:
        services.season_signup(season_id=season.pk, user=user)
    services.player_suspend(user_id=players[0].pk, moderator=ModeratorFactory(), reason="abuse")
    with time_machine.travel(season.starts_at):
        assert services.leagues_tick()["started"] == 1
    placed = dict(season.entries.values_list("user_id", "division"))
    assert placed[players[0].pk] is None and {placed[u.pk] for u in players[1:]} == {1}
    assert LeagueGame.objects.filter(season=season).count() == 3  # the three others, each pair once


def test_the_league_page_states_its_terms(client, league):
    """Before signing up, a player reads what a season asks of them: its
    length, the divisions, the clock, vacations and the bar on losses on time."""
    open_season(league)
    page = " ".join(client.get(reverse("league", args=["autumn"])).content.decode().split())
    assert f"Divisions of about {league.division_size} players" in page
    assert f"A season lasts {league.season_days} days." in page
    assert "Clock: time bank: 3 days + 1 day a move, at most 1 week." in page
    assert "A player's vacation stops the clocks of their league games." in page
    assert f"has lost {league.timeouts_barred} league games on time may sign up for no further season" in page
    League.objects.filter(pk=league.pk).update(vacation_allowed=False, timeouts_barred=1)
    page = " ".join(client.get(reverse("league", args=["autumn"])).content.decode().split())
    assert "A vacation does not stop the clocks of league games." in page
    assert "has lost 1 league game on time" in page


def test_a_season_is_signed_up_for_at_its_own_leagues_address(client, league):
    other = League.objects.create(name="Winter league", slug="winter")
    season = open_season(league)
    client.force_login(UserFactory())
    assert client.post(reverse("season_signup", args=[other.slug, season.pk])).status_code == 404
    assert client.post(reverse("season_leave", args=[other.slug, season.pk])).status_code == 404
    assert not season.entries.exists()
    assert client.post(reverse("season_signup", args=[league.slug, season.pk])).status_code == 302
