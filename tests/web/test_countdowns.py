"""A running clock on a page is the moment it runs out, in the reader's time
zone, inside a <time datetime> (static/js/countdown.js adds how long is left in
the browser): the page reads right without JavaScript, and with nothing on it
that changes by the minute it stays one cache entry until the game changes."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.urls import reverse

from accounts.models import User
from games import services
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db

START = datetime(2026, 3, 4, 10, tzinfo=UTC)  # a Wednesday; the clock: two days a move


def signed_in(client, user, zone="UTC"):
    User.objects.filter(pk=user.pk).update(time_zone=zone)
    client.force_login(user)
    return client


def test_the_table_says_when_the_turn_runs_out_in_the_readers_time_zone(client, started_game):
    with time_machine.travel(START, tick=False):
        game, users = started_game(2, 2)
        url = reverse("game", args=[game.pk])
        mover = signed_in(client, users[game.turn_position], "Europe/Prague").get(url).content.decode()
        waiting = signed_in(client, users[1 - game.turn_position]).get(url).content.decode()
    assert 'Your time runs out at <time datetime="2026-03-06T11:00:00+01:00" data-countdown>' in mover
    assert "Fri 6 Mar, 11:00 CET</time>." in mover
    assert 'Their time runs out at <time datetime="2026-03-06T10:00:00+00:00" data-countdown>' in waiting
    assert "Fri 6 Mar, 10:00 UTC</time>." in waiting
    assert "js/countdown.js" in mover  # the script that adds how long is left


def test_my_games_says_when_each_clock_runs_out(client, started_game):
    with time_machine.travel(START, tick=False):
        game, users = started_game(2, 2)
        page = signed_in(client, users[game.turn_position], "America/New_York").get("/").content.decode()
    assert 'Your time runs out at <time datetime="2026-03-06T05:00:00-05:00" data-countdown>' in page
    assert "Fri 6 Mar, 05:00 EST</time>." in page and "js/countdown.js" in page


def test_minutes_later_my_games_is_the_same_cache_entry(client, started_game):
    with time_machine.travel(START, tick=False) as clock:
        game, users = started_game(2, 2)
        signed_in(client, users[0])
        assert client.get("/").templates  # rendered, and kept whole
        clock.shift(timedelta(minutes=4))
        assert client.get("/").templates == []  # the kept page: nothing rendered
        mover = game.turn_position
        services.move_submit(game_id=game.pk, user=users[mover], move=first_play(game, mover), expected_version=0)
        assert client.get("/").templates  # the game changed: rendered again
