"""The news since my last play in the API's game (#33): the page's list, one
entry per seat, newest kept, as data (seat, team, the moves with the events
told of that seat), never another seat's hand."""

import json

import pytest

from games.models import Game, Seat
from games.viewmodels.table import table_for
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def the_page_says(game, position):
    seats = list(Seat.objects.filter(game=game).select_related("user").order_by("position"))
    mine = seats[position] if position is not None else None
    return table_for(game=Game.objects.get(pk=game.pk), seats=seats, my_seat=mine).news


def test_the_news_is_the_pages_list_as_data(api, big_table):
    game, users = big_table(12, 3, "tabletop")
    news = api(users[0])("GET", f"/games/{game.pk}").json()["news"]
    page = the_page_says(game, 0)
    assert [(entry["seat"], entry["team"]) for entry in news] == [(entry.seat, entry.team) for entry in page]
    assert sorted(entry["seat"] for entry in news) == list(range(1, 12))  # every other player
    assert news[0]["seat"] == 11  # newest first
    assert {entry["team"] for entry in news} == {"blue", "green", "red"}
    played = news[0]["moves"]  # seat 11's play with its draw folded in
    assert [move["text"] for move in played][1:] == ["draw"] and played[0]["events"]
    assert all(move["seat"] == 11 for move in played)
    assert all(isinstance(move["version"], int) for entry in news for move in entry["moves"])


def test_a_lost_draw_is_told_of_the_seat_that_lost_it(api, big_table):
    game, users = big_table(12, 3, "tabletop")
    news = {entry["seat"]: entry for entry in api(users[0])("GET", f"/games/{game.pk}").json()["news"]}
    lost = [e for move in news[3]["moves"] for e in move["events"] if e["type"] == "draw_lost"]
    assert lost and all(e["seat"] == 3 for e in lost)
    assert all(e["type"] != "draw_lost" for move in news[4]["moves"] for e in move["events"])


def test_a_spectator_gets_the_round_and_no_hand(api, big_table):
    game, _users = big_table(6, 3, "automatic")
    call = api(UserFactory())
    news = call("GET", f"/games/{game.pk}").json()["news"]
    assert [entry["seat"] for entry in news] == [entry.seat for entry in the_page_says(game, None)]
    assert [entry["seat"] for entry in news] == [5, 4, 3, 2, 1]  # the round since seat 0, to play, last played
    history = {move["version"]: move for move in call("GET", f"/games/{game.pk}/moves").json()["moves"]}
    for move in (move for entry in news for move in entry["moves"]):  # nothing the history does not show
        public = history[move["version"]]
        assert {**move, "events": public["events"]} == public
        assert all(event in public["events"] for event in move["events"])
    assert "hand" not in json.dumps(news)
