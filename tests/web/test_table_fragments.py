"""The table page keeps its own part (banner, board, hand, seats) in the
cache, one copy per viewer of each revision of the game: a seat's copy (its
targets, where its cards go, "(you)") must never reach another seat or a
spectator, and any change to the game makes new copies. Its history is one
copy per revision, shared by every viewer."""

import random
import re
from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache, caches
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from games import services
from games.models import Seat
from games.web import fragments
from games.web.csrf_stand_in import STAND_IN
from tests.factories import ModeratorFactory, UserFactory
from tests.gameplay import first_play, play_a_move, state_of

pytestmark = pytest.mark.django_db

FRAGMENTS = {"page", "history"}  # the chat is another reader's copy (its own tests below)
PER_REQUEST = re.compile(r'(name="csrfmiddlewaretoken" value|nonce)="[^"]*"')
WRITTEN: list[str] = []  # the fragments' keys a page rendered (a miss) and stored


@pytest.fixture(autouse=True)
def _written(monkeypatch):
    put = fragments.FragmentStore.put

    def recorded(store, key, html):
        WRITTEN.append(key)
        put(store, key, html)

    monkeypatch.setattr(fragments.FragmentStore, "put", recorded)


def rendered(response) -> set[str]:
    """Which of the cached fragments this response rendered (a miss) rather than read."""
    if response.context is None:  # the whole page, kept from the last view of this revision
        return set()
    return {name for name, key in response.context["page_keys"].items() if key in response.written} & FRAGMENTS


def fetched(client, url):
    WRITTEN.clear()
    response = client.get(url)
    response.written = set(WRITTEN)
    return response


def page(client, user, url):
    client.logout()
    if user is not None:
        client.force_login(user)
    response = fetched(client, url)
    assert response.status_code == 200
    return response


@pytest.fixture
def table(started_game):
    game, users = started_game(3, 3, seed=4, is_public=True)
    rng = random.Random(4)
    for _ in range(4):
        play_a_move(game, users, rng)
    return game, users


def viewers(game, users):
    """Each seat with its first card chosen and "where my cards go" on, a
    signed-in spectator and a visitor without an account."""
    state = state_of(game)
    url = reverse("game", args=[game.pk])
    seated = [(user, f"{url}?show=all&card={state.hands[seat][0]}") for seat, user in enumerate(users)]
    return [*seated, (UserFactory(), url), (None, url)]


def test_each_seat_and_spectators_get_the_page_they_would_get_without_the_cache(client, table):
    game, users = table
    everyone = viewers(game, users)
    warm = [PER_REQUEST.sub("", page(client, user, url).content.decode()) for user, url in everyone]
    cache.clear()
    again = [page(client, user, url) for user, url in reversed(everyone)]
    # Each seat renders its own, and so do a signed-in spectator and a visitor (asked to sign up);
    # the history, the first of them for all.
    assert [rendered(response) for response in again] == [FRAGMENTS] + [{"page"}] * (len(everyone) - 1)
    assert [PER_REQUEST.sub("", response.content.decode()) for response in again] == warm[::-1]
    assert warm[0] != warm[1]  # the seats' boards differ (their targets), as do the pages
    assert "can go here" in warm[0] and "can go here" not in warm[-1] and "(you)" not in warm[-1]


def test_a_reload_reads_the_fragments_until_the_game_moves(client, table):
    game, users = table
    url = reverse("game", args=[game.pk])
    assert rendered(page(client, users[0], url)) == FRAGMENTS
    assert rendered(page(client, users[0], url)) == set()
    assert rendered(page(client, users[1], url)) == {"page"}  # another seat: its own copy, the same history
    assert rendered(page(client, None, url)) == {"page"}  # a spectator: theirs
    assert rendered(page(client, users[0], f"{url}?card={state_of(game).hands[0][0]}")) == {"page"}
    play_a_move(game, users, random.Random(5))
    assert rendered(page(client, users[0], url)) == FRAGMENTS


class CacheTrips:
    """The round trips a request makes to the cache for fragments (the session's are not counted)."""

    def __init__(self, monkeypatch):
        self.reads = self.writes = 0
        self._inside = False  # a backend's get_many may call its own get: one trip
        backend = caches["default"]
        for name, kind in (("get", "reads"), ("get_many", "reads"), ("set", "writes"), ("set_many", "writes")):
            monkeypatch.setattr(backend, name, self._counted(getattr(backend, name), kind))

    def _counted(self, method, kind):
        def counted(key, *args, **kwargs):
            keys = list(key) if isinstance(key, dict | list | tuple) else [key]
            if not self._inside and any(str(k).startswith("fragment:") for k in keys):
                setattr(self, kind, getattr(self, kind) + 1)
            outer, self._inside = self._inside, True
            try:
                return method(key, *args, **kwargs)
            finally:
                self._inside = outer

        return counted


def test_the_first_view_after_a_move_reads_its_fragments_at_once_and_writes_them_at_once(client, table, monkeypatch):
    """The whole page is read first and alone (a reload needs nothing else), then the fragments together."""
    game, users = table
    url = reverse("game", args=[game.pk])
    page(client, users[0], url)
    play_a_move(game, users, random.Random(5))
    game.refresh_from_db()
    player = users[game.turn_position]
    trips = CacheTrips(monkeypatch)
    assert rendered(page(client, player, url)) == FRAGMENTS
    assert (trips.reads, trips.writes) == (2, 1)
    assert rendered(page(client, player, url)) == set()  # a reload: one read, nothing to write
    assert (trips.reads, trips.writes) == (3, 1)


def test_the_keys_change_with_the_language_and_the_time_zone(table):
    game, users = table
    mine = Seat.objects.get(game=game, position=0)

    def keys():
        return fragments.table_page_keys(game=game, mine=mine, user=users[0], muted=[], card=None, show_all=False)

    english = keys()
    with translation.override("cs"):
        assert keys()["page"] != english["page"] and keys()["chat"] != english["chat"]
        assert keys()["history"] != english["history"]
    with timezone.override("Asia/Tokyo"):
        assert keys()["page"] != english["page"] and keys()["history"] != english["history"]


# --- the page's own part and its chat, each one fragment per viewer ----------------------

CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def test_a_cached_page_carries_each_requests_own_csrf_token(table):
    """The same player on two devices (two CSRF cookies) reads one cached copy of
    their table; the forms in it must post with the token of each device's own."""
    game, users = table
    state = state_of(game)
    player = users[state.turn]
    url = reverse("game", args=[game.pk]) + f"?card={first_play(game, state.turn).split()[0]}"
    laptop, phone = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    for device in (laptop, phone):
        device.force_login(player)
    assert rendered(fetched(laptop, url)) == FRAGMENTS
    html = phone.get(url).content.decode()
    assert STAND_IN not in html
    tokens = set(CSRF_INPUT.findall(html))
    assert len(tokens) == 1  # every form of the page (board, hand, footer) has the phone's token
    response = phone.post(
        reverse("game_move", args=[game.pk]),
        {"move": first_play(game, state.turn), "version": game.version, "csrfmiddlewaretoken": tokens.pop()},
    )
    assert response.status_code == 303
    game.refresh_from_db()
    assert game.version == 5


def test_the_chat_is_read_again_after_each_change_and_shows_each_reader_their_mutes(client, table):
    game, users = table
    url = reverse("game", args=[game.pk])
    author, reader, other = users

    def chat(user):  # the moderator notes, then the chat
        return page(client, user, url).content.decode().split('<aside class="side">')[-1]

    assert "No messages yet." in chat(reader)
    message = services.chat_post(game_id=game.pk, user=author, text="Good luck, all")
    assert "Good luck, all" in chat(reader) and "Good luck, all" in chat(None)
    services.chat_mute(user=reader, muted_id=author.pk)
    assert "Good luck, all" not in chat(reader) and "Good luck, all" in chat(other)
    services.chat_unmute(user=reader, muted_id=author.pk)
    assert "Good luck, all" in chat(reader)
    services.chat_message_hide(message_id=message.pk, moderator=ModeratorFactory(), reason="spam")
    assert "Good luck, all" not in chat(reader) and "Good luck, all" not in chat(None)
    assert "hid a chat message" in chat(other) and "Good luck, all" not in chat(other)  # a note now


def test_the_page_key_is_the_revision_as_the_viewer_sees_it(table):
    game, users = table
    seats = list(Seat.objects.filter(game=game).order_by("position"))

    def keys(user=users[0], mine=seats[0], muted=(), **choices):
        choices = {"card": None, "show_all": False, **choices}
        return fragments.table_page_keys(game=game, mine=mine, user=user, muted=list(muted), **choices)

    first = keys()
    assert keys(user=users[1], mine=seats[1])["page"] != first["page"]
    assert keys(card="7H")["page"] != first["page"] and keys(show_all=True)["page"] != first["page"]
    spectator, visitor = keys(user=UserFactory(), mine=None), keys(user=AnonymousUser(), mine=None)
    assert len({first["page"], spectator["page"], visitor["page"]}) == 3
    # The history is the revision's, whoever reads it, whatever they chose.
    others = [keys(user=users[1], mine=seats[1]), spectator, visitor, keys(card="7H", show_all=True)]
    assert {keys["history"] for keys in others} == {first["history"]}
    muting = keys(muted=[users[1].pk])  # a mute changes the reader's chat, not the page
    assert muting["page"] == first["page"] and muting["chat"] != first["chat"]
    assert keys()["chat"] != keys(user=users[1], mine=seats[1])["chat"]  # each reader's own links
    game.revision += 1  # any change to the game: a move, a moderator's extension, a chat message
    assert keys()["page"] != first["page"] and keys()["chat"] != first["chat"]
    assert keys()["history"] != first["history"]


def test_minutes_later_an_unchanged_table_is_the_same_cached_page(client, table):
    """The page shows when a clock runs out, never how long is left: no key has the minute."""
    game, users = table
    url = reverse("game", args=[game.pk])
    viewers = [users[game.turn_position], users[(game.turn_position + 1) % len(users)], None]
    with time_machine.travel(timezone.now(), tick=False) as clock:
        first = [PER_REQUEST.sub("", page(client, user, url).content.decode()) for user in viewers]
        clock.shift(timedelta(minutes=4))
        later = [page(client, user, url) for user in viewers]
    assert [rendered(response) for response in later] == [set()] * len(viewers)
    assert [PER_REQUEST.sub("", response.content.decode()) for response in later] == first
    assert "runs out at <time datetime=" in first[0] and "runs out at <time datetime=" in first[2]


def test_a_moderators_extension_shows_on_a_cached_table(client, table):
    game, users = table
    url = reverse("game", args=[game.pk])
    before = page(client, users[0], url).content.decode()
    services.deadline_extend(game_id=game.pk, moderator=ModeratorFactory(), minutes=24 * 60, reason="ill")
    after = page(client, users[0], url)
    assert rendered(after) == FRAGMENTS and after.content.decode() != before


def test_the_next_viewer_of_a_revision_builds_no_history(client, table, monkeypatch):
    """The history's fragment is shared by a revision's viewers: a page built
    anew for another seat reads it, and never builds the history's lines."""
    from games.viewmodels import table as table_viewmodel

    built = []
    lines = table_viewmodel.history_lines
    monkeypatch.setattr(
        table_viewmodel, "history_lines", lambda *args, **kwargs: built.append(1) or lines(*args, **kwargs)
    )
    game, users = table
    url = reverse("game", args=[game.pk])
    assert rendered(page(client, users[0], url)) == FRAGMENTS and len(built) == 1
    response = page(client, users[1], url)
    assert rendered(response) == {"page"} and len(built) == 1
    assert "Moves, newest first" in response.content.decode()


def test_the_view_model_is_built_only_when_a_fragment_that_shows_it_is_missing(client, table, monkeypatch):
    """The page's own part and the history show the table's view-model: a page
    whose fragments are all cached (another address, so not the whole page
    kept) builds none; one whose own part is missing builds it once."""
    from games.web import views

    built = []
    table_for = views.table_for
    monkeypatch.setattr(views, "table_for", lambda **kwargs: built.append(1) or table_for(**kwargs))
    game, users = table
    url = reverse("game", args=[game.pk])
    assert rendered(page(client, users[0], url)) == FRAGMENTS and len(built) == 1
    response = page(client, users[0], f"{url}?from=mail")
    assert response.context is not None and rendered(response) == set() and len(built) == 1
    assert rendered(page(client, users[1], url)) == {"page"} and len(built) == 2
