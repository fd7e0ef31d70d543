"""Moves over the API: the version check, the Idempotency-Key, resigning with
its confirmation, and the moves recorded with door "api"."""

import pytest

from games.models import Game, Move
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db


def test_a_move_as_text_and_as_an_action(api, started_game):
    game, users = started_game(2, 2, seed=3)
    first, second = api(users[0]), api(users[1])
    response = first("POST", f"/games/{game.pk}/actions", {"text": first_play(game, 0), "version": 0})
    assert response.status_code == 200, response.content
    assert response.json()["game"]["version"] == 1
    view = second("GET", f"/games/{game.pk}").json()
    action = next(a for a in view["table"]["legal_actions"] if a["kind"] == "play")
    assert second("POST", f"/games/{game.pk}/actions", {"action": action, "version": 1}).status_code == 200
    assert list(Move.objects.filter(game=game).values_list("door", flat=True)) == ["api", "api"]
    history = second("GET", f"/games/{game.pk}/moves?since=1").json()
    assert [m["version"] for m in history["moves"]] == [2] and history["moves"][0]["text"] == action["text"]


def test_neither_or_both_forms_of_a_move_are_refused(api, started_game):
    game, users = started_game(2, 2)
    call = api(users[0])
    assert call("POST", f"/games/{game.pk}/actions", {"version": 0}).json()["code"] == "api_action_missing"
    both = {"text": "resign", "action": {"kind": "resign", "text": "resign"}, "version": 0}
    assert call("POST", f"/games/{game.pk}/actions", both).json()["code"] == "api_action_missing"


def test_a_stale_version_is_409_with_the_version_now(api, started_game):
    game, users = started_game(2, 2, seed=3)
    call = api(users[0])
    call("POST", f"/games/{game.pk}/actions", {"text": first_play(game, 0), "version": 0})
    response = api(users[1])("POST", f"/games/{game.pk}/actions", {"text": first_play(game, 1), "version": 0})
    assert response.status_code == 409
    assert response.json()["code"] == "stale_version" and response.json()["params"]["version"] == 1


def test_the_same_key_twice_plays_once_with_the_same_answer(api, started_game):
    game, users = started_game(2, 2, seed=3)
    call = api(users[0])
    move = {"text": first_play(game, 0), "version": 0}
    one = call("POST", f"/games/{game.pk}/actions", move, HTTP_IDEMPOTENCY_KEY="k-1")
    two = call("POST", f"/games/{game.pk}/actions", move, HTTP_IDEMPOTENCY_KEY="k-1")
    assert one.status_code == two.status_code == 200 and one.json() == two.json()
    assert Move.objects.filter(game=game).count() == 1
    other = call("POST", f"/games/{game.pk}/actions", {**move, "text": "resign"}, HTTP_IDEMPOTENCY_KEY="k-1")
    assert other.status_code == 409 and other.json()["code"] == "api_idempotency_key_reused"
    bad = call("POST", f"/games/{game.pk}/actions", move, HTTP_IDEMPOTENCY_KEY="a b")
    assert bad.status_code == 400 and bad.json()["code"] == "api_idempotency_key_invalid"


def test_a_refused_move_keeps_no_answer_under_its_key(api, started_game):
    game, users = started_game(2, 2, seed=3)
    call = api(users[0])
    refused = call("POST", f"/games/{game.pk}/actions", {"text": "7H A1", "version": 0}, HTTP_IDEMPOTENCY_KEY="k")
    assert refused.status_code == 422
    played = call(
        "POST", f"/games/{game.pk}/actions", {"text": first_play(game, 0), "version": 0}, HTTP_IDEMPOTENCY_KEY="k2"
    )
    assert played.status_code == 200


def test_two_keys_for_one_turn_one_applies_the_other_is_409(api, started_game):
    game, users = started_game(2, 2, seed=3)
    call = api(users[0])
    move = {"text": first_play(game, 0), "version": 0}
    one = call("POST", f"/games/{game.pk}/actions", move, HTTP_IDEMPOTENCY_KEY="first")
    two = call("POST", f"/games/{game.pk}/actions", move, HTTP_IDEMPOTENCY_KEY="second")
    assert sorted([one.status_code, two.status_code]) == [200, 409]
    assert Move.objects.filter(game=game).count() == 1


def test_resigning_takes_its_confirmation(api, started_game):
    game, users = started_game(2, 2)
    call = api(users[0])
    asked = call("POST", f"/games/{game.pk}/resign", {})
    assert asked.status_code == 200 and Move.objects.filter(game=game).count() == 0
    forged = call("POST", f"/games/{game.pk}/resign", {"confirm": asked.json()["confirm"] + "x"})
    assert forged.status_code == 400 and forged.json()["code"] == "api_resign_unconfirmed"
    assert api(users[1])("POST", f"/games/{game.pk}/resign", {"confirm": asked.json()["confirm"]}).status_code == 400
    done = call("POST", f"/games/{game.pk}/resign", {"confirm": asked.json()["confirm"]})
    assert done.status_code == 200, done.content
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and Move.objects.get(game=game).door == "api"


def test_idempotency_answers_are_kept_a_day_then_pruned(db):
    from datetime import timedelta

    from django.utils import timezone

    from accounts.models import ApiAnswer
    from games.tasks import api_prune
    from tests.factories import UserFactory

    user = UserFactory()
    old = ApiAnswer.objects.create(user=user, key="old", fingerprint="x", status=200, body={})
    ApiAnswer.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=1, minutes=1))
    ApiAnswer.objects.create(user=user, key="new", fingerprint="x", status=200, body={})
    assert api_prune() == 1
    assert list(ApiAnswer.objects.values_list("key", flat=True)) == ["new"]


def test_an_action_whose_fields_say_another_move_than_its_text_is_refused(api, started_game):
    game, users = started_game(2, 2)
    call = api(users[0])
    plays = [a for a in call("GET", f"/games/{game.pk}").json()["table"]["legal_actions"] if a["kind"] == "play"]
    action = plays[0]
    other_cell = next(a["cell"] for a in plays if a["cell"] != action["cell"])
    for forged in ({**action, "cell": other_cell}, {**action, "kind": "remove"}):
        answer = call("POST", f"/games/{game.pk}/actions", {"action": forged, "version": 0})
        assert answer.status_code == 400 and answer.json()["code"] == "api_action_inconsistent"
    unknown = call("POST", f"/games/{game.pk}/actions", {"action": {**action, "colour": "red"}, "version": 0})
    assert unknown.status_code == 400 and unknown.json()["params"]["where"] == ["body.action.colour"]
    assert not Move.objects.filter(game=game).exists()
    played = call("POST", f"/games/{game.pk}/actions", {"action": action, "version": 0})  # as legal_actions gives it
    assert played.status_code == 200 and Move.objects.get(game=game).text == action["text"]
