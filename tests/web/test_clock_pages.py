"""The clock on the pages: the new-game form's presets and advanced box,
and the clock and the banks wherever a game is described."""

import random
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core import mail
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Game
from games.templatetags.clocks import days_and_hours
from tests.factories import UserFactory
from tests.web.test_pages import NEW_GAME

pytestmark = pytest.mark.django_db
DAY, HOUR = 86400, 3600


def create(client, **fields):
    client.force_login(UserFactory())
    return client.post(reverse("game_new"), {**NEW_GAME, "players": 2, "teams": 2, **fields})


@pytest.mark.parametrize(
    ("preset", "expected"),
    [
        (
            "relaxed",
            {
                "clock_kind": "bank",
                "bank_initial_seconds": 3 * DAY,
                "bank_increment_seconds": DAY,
                "bank_cap_seconds": 7 * DAY,
            },
        ),
        ("daily", {"clock_kind": "per_move", "turn_seconds": DAY}),
        ("blitz", {"clock_kind": "per_move", "turn_seconds": 6 * HOUR}),
    ],
)
def test_a_preset_sets_the_clock(client, preset, expected):
    assert create(client, clock=preset, weekends_off="on").status_code == 302
    game = Game.objects.get()
    assert {name: getattr(game, name) for name in expected} == expected and game.weekends_off


def test_the_advanced_box_sets_a_bank_of_its_own(client):
    client.force_login(UserFactory())
    page = client.get(reverse("game_new"))
    assert "Relaxed: 3 days + 1 day a move" in page.content.decode() and "<details" in page.content.decode()
    fields = {
        "clock": "advanced",
        "clock_kind": "bank",
        "bank_initial_hours": "48",
        "bank_increment_hours": "12",
        "bank_cap_hours": "96",
    }
    assert create(client, **fields).status_code == 302
    game = Game.objects.get()
    assert (game.clock_kind, game.bank_initial_seconds, game.bank_increment_seconds, game.bank_cap_seconds) == (
        "bank",
        48 * HOUR,
        12 * HOUR,
        96 * HOUR,
    )
    assert not game.weekends_off


@pytest.mark.parametrize(
    "bad",
    [
        {"clock_kind": "bank", "bank_initial_hours": "100", "bank_cap_hours": "50"},  # a cap below the start
        {"clock_kind": "sundial"},
        {"clock_kind": "bank", "bank_initial_hours": "٣"},
        {"clock_kind": "bank", "bank_increment_hours": "-1"},
        {"clock_kind": "bank", "bank_cap_hours": "9" * 30},
    ],
)
def test_a_bad_clock_is_refused_clearly_and_makes_no_game(client, bad):
    response = create(client, clock="advanced", **bad)
    assert response.status_code == 400 and not Game.objects.exists()
    assert b'class="advanced" open' in response.content or b"time bank" in response.content.lower()


def test_the_table_shows_the_clock_and_each_seats_bank(django_capture_on_commit_callbacks):
    start = datetime(2026, 3, 4, 10, tzinfo=UTC)
    with time_machine.travel(start, tick=False) as clock:
        host, guest = UserFactory.create_batch(2)
        with django_capture_on_commit_callbacks(execute=True):
            game = services.game_create(
                creator=host,
                players=2,
                teams=2,
                start_mode=Game.StartMode.MANUAL,
                invitees=[guest.username],
                clock_kind="bank",
                weekends_off=True,
            )
        invitation = game.invitations.get()
        [invited] = [m for m in mail.outbox if guest.email in m.to]
        assert "Clock: time bank: 3 days + 1 day a move, at most 1 week · weekends off." in invited.body
        guest_client = Client()
        guest_client.force_login(guest)
        forming = guest_client.get(reverse("game", args=[game.pk])).content.decode()
        assert "time bank: 3 days + 1 day a move, at most 1 week · weekends off" in forming
        services.invitation_accept(invitation_id=invitation.pk, user=guest)
        services.game_start(game_id=game.pk, user=host, rng=random.Random(1))
        clock.shift(timedelta(hours=19, minutes=55))
        page = guest_client.get(reverse("game", args=[game.pk])).content.decode()
    assert "time bank: 3 days + 1 day a move, at most 1 week · weekends off" in page
    # the mover's bank runs: when it runs out (Monday 10:00, the weekend off); the other's waits
    assert 'bank runs out at <time datetime="2026-03-09T10:00:00+00:00" data-countdown>' in page
    assert "3 d 0 h left" in page


def test_a_finished_game_shows_no_time_left_and_no_cards_to_place(started_game, client):
    game, users = started_game(2, 2, clock_kind="bank")
    client.force_login(users[0])
    playing = client.get(reverse("game", args=[game.pk])).content.decode()
    assert " left" in playing and "Show where my cards go" in playing
    services.resign(game_id=game.pk, user=users[1], door="web", expected_version=game.version)
    over = client.get(reverse("game", args=[game.pk])).content.decode()
    assert "wins" in over
    assert " left" not in over and "bank runs out" not in over and "Show where my cards go" not in over


def test_where_my_cards_go_is_off_once_the_game_is_over(started_game, client):
    game, users = started_game(2, 2)
    client.force_login(users[0])
    assert 'class="goes-key"' in client.get(reverse("game", args=[game.pk]) + "?show=all").content.decode()
    services.resign(game_id=game.pk, user=users[1], door="web", expected_version=game.version)
    over = client.get(reverse("game", args=[game.pk])).content.decode()  # the choice is kept in the session
    assert 'class="goes-key"' not in over and "Hide where my cards go" not in over


@pytest.mark.parametrize(
    ("held", "said"),
    [(timedelta(days=14), "14 days"), (timedelta(days=1), "1 day"), (timedelta(days=3, hours=4), "3 d 4 h")],
)
def test_vacation_held_reads_in_days_never_weeks(held, said):
    assert days_and_hours(held) == said
