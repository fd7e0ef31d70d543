"""A whole game of three bots and one person, the bots' moves made by a real
Celery worker (through the broker: Redis in CI, the embedded file broker
otherwise): each bot moves only on its turn, exactly once, and the person's
table shows the bots' moves."""

import itertools
import random
import time
from collections import defaultdict

import pytest
from celery.contrib.testing.worker import start_worker

from games import bots, engine, services
from games.models import BOT_MARK, Game, Move
from sequence_site.celery import app
from tests.factories import UserFactory
from tests.gameplay import state_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.real_worker]


@pytest.fixture
def worker(settings):
    settings.BOT_MOVE_DELAY_SECONDS = 0
    options = dict(app.conf.broker_transport_options or {})
    app.conf.broker_transport_options = {**options, "polling_interval": 0.05}  # the file broker's, not Redis's
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=30) as running:
        yield running
    app.conf.broker_transport_options = options


def wait_for_my_turn(game, person, seconds=60):
    """Until the game is over or the person's seat is to play; the bots' moves meanwhile are the worker's."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE or game.seats.get(position=game.turn_position).user_id == person.pk:
            return
        time.sleep(0.05)
    raise AssertionError(f"the bots did not move within {seconds} s (version {game.version})")


def test_three_bots_and_a_person_play_a_whole_game_through_a_real_worker(worker, client):
    person = UserFactory()
    game = services.game_create(creator=person, players=4, teams=2, bots=3, bot_level=1)
    rng = random.Random(4)
    me = game.seats.get(user=person).position
    while True:
        wait_for_my_turn(game, person)
        if game.status != Game.Status.ACTIVE:
            break
        state = state_of(game)
        action = bots.choose(engine.player_view(state, me), engine.legal_actions(state, me), rng, 1)
        services.move_submit(game_id=game.pk, user=person, move=action["text"], expected_version=game.version)
    assert game.status == Game.Status.FINISHED

    moves = list(Move.objects.filter(game=game).order_by("seq"))
    assert [m.seq for m in moves] == list(range(1, len(moves) + 1))
    # Replayed from the deal, each move was made by the seat whose turn it was, once.
    by_door = defaultdict(set)
    for m in moves:
        by_door[m.seat].add(m.door)
    assert by_door[me] == {Move.Door.WEB}
    assert all(by_door[seat] == {Move.Door.BOT} for seat in range(4) if seat != me)
    # Automatic draws: one move a turn, in turn (a dead card turned in keeps the turn).
    for before, after in itertools.pairwise(moves):
        assert after.seat == (before.seat if before.text.startswith("dead ") else (before.seat + 1) % 4), after.seq
    assert not any(m.entered_by_id for m in moves if m.door == Move.Door.BOT)

    client.force_login(person)
    page = client.get(f"/games/{game.pk}/").content.decode()
    history = page[page.index('id="history-title"') :]
    assert all(f"{BOT_MARK} Bot {n}" in history for n in (1, 2, 3))
