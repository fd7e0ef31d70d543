"""move_submit: typed refusals that change nothing; query counts; records."""

import io
import json
import random
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import engine, services
from games.engine.__main__ import main as replay_main
from games.errors import (
    Conflict,
    GameNotFound,
    IllegalMoveError,
    InvalidInput,
    NotAllowed,
)
from games.models import Game, Hand, Move, Seat
from tests.engine.helpers import a_game_with_a_reshuffle
from tests.factories import UserFactory
from tests.gameplay import first_play, play_a_move, state_of

pytestmark = pytest.mark.django_db


def snapshot(game):
    game.refresh_from_db()
    return (
        {f.name: getattr(game, f.name) for f in Game._meta.fields},
        list(Move.objects.filter(game=game).values_list("seq", "text")),
        list(Hand.objects.filter(seat__game=game).order_by("seat__position").values_list("cards", flat=True)),
        list(Seat.objects.filter(game=game).values_list("missed_turns", "draw_deadline")),
    )


@pytest.mark.parametrize(
    ("who", "move", "version", "error", "says"),
    [
        ("second", "play", 0, Conflict, "not your turn"),
        ("first", "play", 7, Conflict, "moved on"),
        ("first", "7H Z9", 0, IllegalMoveError, "not a cell"),
        ("first", "QS J3 seq A1-A9", 0, IllegalMoveError, "straight line"),
        ("first", "draw", 0, IllegalMoveError, "no draw"),
        ("first", "pass 2C", 0, IllegalMoveError, "You"),
        ("outsider", "play", 0, NotAllowed, "do not play"),
    ],
)
def test_every_refusal_changes_nothing(started_game, who, move, version, error, says):
    game, users = started_game(2, 2, seed=5)
    user = {"first": users[0], "second": users[1], "outsider": UserFactory()}[who]
    if move == "play":
        move = first_play(game, 0)
    before = snapshot(game)
    with pytest.raises(error, match=says):
        services.move_submit(game_id=game.pk, user=user, move=move, expected_version=version)
    assert snapshot(game) == before


def test_a_card_not_in_hand_is_refused(started_game):
    game, users = started_game(2, 2, seed=5)
    hand = set(state_of(game).hands[0])
    missing = next(card for card in ("7H", "2S", "9D", "KC", "QH") if card not in hand)
    before = snapshot(game)
    with pytest.raises(IllegalMoveError, match="You do not hold"):
        services.move_submit(game_id=game.pk, user=users[0], move=f"{missing} A5", expected_version=0)
    assert snapshot(game) == before


def test_no_move_in_a_finished_or_unknown_game(started_game):
    game, users = started_game(2, 2)
    services.move_submit(game_id=game.pk, user=users[0], move="resign", expected_version=0)
    before = snapshot(game)
    with pytest.raises(Conflict, match="finished"):
        services.move_submit(game_id=game.pk, user=users[1], move="resign", expected_version=1)
    assert snapshot(game) == before
    with pytest.raises(GameNotFound):
        services.move_submit(game_id=999999, user=users[1], move="resign", expected_version=1)


def test_the_same_submission_twice_lands_once(started_game):
    game, users = started_game(2, 2)
    move = first_play(game, 0)
    services.move_submit(game_id=game.pk, user=users[0], move=move, expected_version=0)
    with pytest.raises(Conflict):
        services.move_submit(game_id=game.pk, user=users[0], move=move, expected_version=0)
    assert list(game.moves.values_list("seq", flat=True)) == [1]


def test_the_version_compare_and_swap_refuses_a_writer_that_read_a_stale_game(started_game, monkeypatch):
    """What keeps a database without row locks safe: a writer that read the
    game at version 0 cannot save over the version-1 game. The lock is taken
    away by handing move_submit the game row as it was before the first move."""
    game, users = started_game(2, 2)
    stale = Game.objects.get(pk=game.pk)
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)

    class Unlocked:
        def get(self, pk):
            return stale

    monkeypatch.setattr(Game.objects, "select_for_update", Unlocked)
    with pytest.raises(Conflict):
        services.move_submit(game_id=game.pk, user=users[1], move="resign", expected_version=0)
    assert list(Move.objects.filter(game=game).values_list("seq", flat=True)) == [1]
    game.refresh_from_db()
    assert game.version == 1 and game.status == Game.Status.ACTIVE


def queries_for_one_move(game, users):
    state = state_of(game)
    move = next(m for m in engine.legal_moves(state, state.turn) if m != "resign")
    with CaptureQueriesContext(connection) as queries:
        services.move_submit(game_id=game.pk, user=users[state.turn], move=move, expected_version=game.version)
    return len(queries)


def test_a_move_costs_the_same_queries_at_move_5_and_at_move_150(started_game):
    game, users = started_game(4, 2, seed=2)
    rng = random.Random(1)
    for _ in range(5):
        play_a_move(game, users, rng)
    game.refresh_from_db()
    early = queries_for_one_move(game, users)
    game.refresh_from_db()
    while game.version < 150:  # a long history: missed turns are cheap moves
        Game.objects.filter(pk=game.pk).update(next_deadline=game.turn_deadline)
        services.deadline_enforce(game_id=game.pk, now=game.turn_deadline)
        game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    # Only a seat whose clock changed is written: here the mover's count of
    # missed turns goes back to 0 (at move 5 no seat changed).
    resets = Seat.objects.filter(game=game, position=state_of(game).turn, missed_turns__gt=0).count()
    late = queries_for_one_move(game, users)
    assert late == early + resets
    assert early <= 11


def test_export_game_replays_to_the_same_result(started_game):
    game, users = started_game(2, 2, seed=8)
    rng = random.Random(8)
    while game.status == Game.Status.ACTIVE:
        play_a_move(game, users, rng)
        game.refresh_from_db()
    out = io.StringIO()
    call_command("export_game", str(game.pk), stdout=out)
    record = json.loads(out.getvalue())
    assert record["format"] == "sequence-record/1" and len(record["moves"]) == game.version
    printed = io.StringIO()
    stdin = sys.stdin
    sys.stdin = io.StringIO(out.getvalue())
    try:
        with redirect_stdout(printed):
            code = replay_main(["replay", "-"])
    finally:
        sys.stdin = stdin
    summary = json.loads(printed.getvalue())
    assert code == 0
    assert summary["result"] == {"winner": game.winner, "reason": game.result_reason}
    assert summary["board"] == engine.player_view(state_of(game), None)["board"]


def test_import_stores_a_record_as_a_finished_game(started_game):
    game, users = started_game(2, 2, seed=8)
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    document = services.game_export(game=game)
    imported = services.game_import(document=document, imported_by=users[0])
    assert imported.status == Game.Status.FINISHED and imported.version == 1
    assert state_of(imported) == state_of(game)
    assert services.game_verify(game=imported) == []


def test_verify_games_finds_a_corrupted_game(started_game):
    game, users = started_game(2, 2)
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    call_command("verify_games", stdout=io.StringIO())  # all well: no exit
    hand = Hand.objects.get(seat__game=game, seat__position=0)
    hand.cards = ["AS", *hand.cards[1:]]
    hand.save()
    err = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("verify_games", stdout=io.StringIO(), stderr=err)
    assert exit_.value.code == 1
    assert "hand of seat 0" in err.getvalue()


def test_verify_games_finds_a_move_that_does_not_replay(started_game):
    game, users = started_game(2, 2)
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    Move.objects.filter(game=game).update(text="resign")  # replays, but to another position
    game.refresh_from_db()
    assert services.game_verify(game=game) == ["replaying the move log does not give the stored state"]


def test_import_game_command(tmp_path):
    record = Path(__file__).resolve().parents[1] / "engine" / "records" / "row-ten-win.record.json"
    out = io.StringIO()
    call_command("import_game", str(record), stdout=out)
    game = Game.objects.get()
    assert f"Imported as game {game.pk} (15 moves)" in out.getvalue()
    assert game.winner == "blue" and game.result_reason == "sequences"
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    with pytest.raises(CommandError, match="Malformed record"):
        call_command("import_game", str(bad))


@pytest.mark.parametrize("player", ["nul\x00name", "two\r\nlines", "x" * 151])
def test_import_refuses_a_player_name_that_does_not_fit_a_seat(started_game, player):
    game, users = started_game(2, 2, seed=8)
    services.move_submit(game_id=game.pk, user=users[0], move="resign", expected_version=0)
    document = services.game_export(game=game)
    document["seats"][1]["player"] = player
    with pytest.raises(InvalidInput, match="player name"):
        services.game_import(document=document, imported_by=users[0])
    assert Game.objects.count() == 1


def test_import_refuses_a_record_whose_reshuffle_entry_is_missing(django_user_model):
    document = {**a_game_with_a_reshuffle(), "reshuffles": []}
    user = django_user_model.objects.create_user(username="importer", password="x")
    with pytest.raises(InvalidInput, match="Malformed record"):
        services.game_import(document=document, imported_by=user)
    assert not Game.objects.exists()
