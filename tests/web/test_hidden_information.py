"""A whole game played through the views; every page each person can open is
checked for another seat's hand, the draw pile order and the running record,
and so is every page a spectator or a visitor without an account can open."""

import random
import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import engine, services
from games.models import Game
from tests.factories import UserFactory
from tests.gameplay import play_a_move, state_of

pytestmark = pytest.mark.django_db

MOVE_BUTTON = re.compile(r'name="move" value="([^"]+)"')
HAND_LINK = re.compile(r'href="\?card=(\w\w)#table"')


def pages_for(client, game, hand):
    """Every page a viewer with this hand can open about the game, and
    whether it is one that shows the viewer's own hand."""
    table = reverse("game", args=[game.pk])
    urls = [
        (table, True),
        *((f"{table}?card={card}", True) for card in sorted(set(hand))[:2]),
        (reverse("game_replay", args=[game.pk]), False),
        ("/", False),
        (reverse("open_games"), False),
    ]
    return [(url, client.get(url), shows_hand) for url, shows_hand in urls]


def check_page(url, response, *, own_hand: list[str], state):
    html = response.content.decode()
    assert response.status_code == 200, url
    assert sorted(HAND_LINK.findall(html)) == sorted(own_hand), url
    for move in MOVE_BUTTON.findall(html):
        card = move.split()[-1] if move.split()[0] in ("dead", "pass", "penalty") else move.split()[0]
        assert card in own_hand or move in ("draw", "resign"), (url, move)
    pile = list(reversed(state.pile))
    if len(pile) >= 3:
        assert " ".join(pile[:3]) not in html and ",".join(pile[:3]) not in html
    assert '"deck"' not in html and "reshuffles" not in html


def test_no_page_ever_shows_another_seats_hand_or_the_deck(client, started_game):
    game, users = started_game(2, 2, seed=6, is_public=True)
    spectator = UserFactory()
    rng = random.Random(6)
    while game.status == Game.Status.ACTIVE:
        state = state_of(game)
        for seat, user in enumerate(users):
            client.force_login(user)
            for url, response, shows_hand in pages_for(client, game, state.hands[seat]):
                check_page(url, response, own_hand=state.hands[seat] if shows_hand else [], state=state)
        for watcher in (spectator, None):  # a signed-in spectator, then a visitor without an account
            client.logout()
            if watcher:
                client.force_login(watcher)
            for url, response, _ in pages_for(client, game, []):
                check_page(url, response, own_hand=[], state=state)
        assert client.get(reverse("game_record", args=[game.pk])).status_code == 403
        moves = [m for m in engine.legal_moves(state, state.turn) if m != "resign"]
        client.force_login(users[state.turn])
        response = client.post(
            reverse("game_move", args=[game.pk]), {"move": rng.choice(moves), "version": game.version}
        )
        assert response.status_code == 303
        game.refresh_from_db()
    assert game.result_reason == "sequences"
    assert client.get(reverse("game_record", args=[game.pk])).status_code == 200


def queries(client, url):
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_the_game_page_costs_the_same_queries_at_5_and_150_moves(client, started_game):
    """Built from scratch (nothing cached) and read from the cache, at move 5 and at move 150."""
    game, users = started_game(4, 2, seed=2)
    rng = random.Random(2)
    for _ in range(5):
        play_a_move(game, users, rng)
    client.force_login(users[0])
    url = reverse("game", args=[game.pk])
    client.get(url)  # the first visit also stamps the seat (tests/web/test_table_reload.py)

    def built_and_read(path):
        cache.clear()
        client.force_login(users[0])  # the session was in the cache too
        return queries(client, path), queries(client, path)

    early = built_and_read(url)
    game.refresh_from_db()
    while game.version < 150:
        services.deadline_enforce(game_id=game.pk, now=game.turn_deadline)
        game.refresh_from_db()
    client.get(url)
    late = built_and_read(url)
    # read: the user, and the game with its seats in one query with whom the reader muted (their
    # chat's key) and the header's count of the reader's games waiting for their move
    assert early == late and late[0] <= 9 and late[1] == 2
    assert built_and_read(f"{url}?card={state_of(game).hands[0][0]}") == late


def add_games(me, count):
    """`count` of each kind of row: active, forming, invitation, finished."""
    for _ in range(count):
        other = UserFactory()
        active = services.game_create(
            start_mode=Game.StartMode.MANUAL, creator=me, players=2, teams=2, invitees=[other.username]
        )
        services.invitation_accept(invitation_id=active.invitations.get().pk, user=other)
        services.game_start(game_id=active.pk, user=me)
        services.game_create(start_mode=Game.StartMode.MANUAL, creator=me, players=2, teams=2)
        services.game_create(
            start_mode=Game.StartMode.MANUAL, creator=UserFactory(), players=2, teams=2, invitees=[me.username]
        )
        finished = services.game_create(
            start_mode=Game.StartMode.MANUAL, creator=me, players=2, teams=2, invitees=[other.username]
        )
        services.invitation_accept(invitation_id=finished.invitations.get().pk, user=other)
        services.game_start(game_id=finished.pk, user=me)
        services.move_submit(game_id=finished.pk, user=me, move="resign", expected_version=0)


def test_the_home_page_costs_the_same_queries_for_1_and_6_games_of_each_kind(client):
    me = UserFactory()
    add_games(me, 1)
    client.force_login(me)
    one = queries(client, "/")
    add_games(me, 5)
    six = queries(client, "/")
    assert one == six <= 8
