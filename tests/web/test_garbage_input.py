"""Garbage in every form field, query parameter and path value of the games
app: the answer is a 4xx (or the page, ignoring it), never a 500, and the
database is left exactly as it was. Each door ends with a control request
that does change something, so a door that ignores its input cannot pass."""

import random
from urllib.parse import quote

import pytest
from django.urls import reverse

from games import engine, services
from games.models import Game, Hand, Invitation, Move, Notification, Seat
from tests.factories import UserFactory
from tests.gameplay import play_a_move, state_of

pytestmark = pytest.mark.django_db

GARBAGE = [
    "²",  # a superscript: str.isdigit() says yes, int() says no
    "٣",  # an Arabic-Indic digit: int() takes it
    "٠",
    "３",  # fullwidth
    "０",
    "-1",
    "+1",
    " 1 ",
    "1.0",
    "1_0",
    "1e3",
    "0x1",
    "99999999999999999999999999",
    "9" * 5000,  # beyond int()'s 4300-digit limit
    "x" * 10240,
    "a" * 250 + "@example.org",  # longer than the column
    "ſ",  # long s: folds to S under re.IGNORECASE
    "\u212a",  # the Kelvin sign: folds to K
    "İ",  # dotted capital I: folds to i
    "Ｈ",
    "2ſ B1",
    "2ſ",
    "\u200b",
    "",
]
NEW_GAME = {
    "players": "4",
    "teams": "2",
    "draw_mode": "automatic",
    "turn_seconds": "86400",
    "draw_window_seconds": "3600",
    "missed_turn_policy": "skip",
    "concede_after": "3",
    "invitees": "",
}


def database():
    """What a refused input must not change. A seat's last_seen_at is not in
    it: viewing the table, refusal and all, stamps the player as present."""
    rows = {model: list(model.objects.order_by("pk").values()) for model in (Game, Seat, Hand, Move, Invitation)}
    for seat in rows[Seat]:
        del seat["last_seen_at"]
    return rows | {Notification: Notification.objects.count()}


@pytest.fixture
def world(started_game):
    """A forming 4-player game (host and joiner seated, guest invited by name,
    an address invited by link) and a started 2-player game."""
    host, joiner, guest, stranger = UserFactory.create_batch(4)
    forming = services.game_create(creator=host, players=4, teams=2, is_public=True)
    services.seat_join(game_id=forming.pk, user=joiner)
    services.invitation_create(game_id=forming.pk, inviter=host, invitee=guest.username)
    by_link = services.invitation_create(game_id=forming.pk, inviter=host, invitee="newcomer@example.org")
    game, players = started_game(2, 2, seed=3, is_public=True)
    play = next(m for m in engine.legal_moves(state_of(game), 0) if " " in m and not m.startswith("pass"))
    return {
        "host": host,
        "joiner": joiner,
        "guest": guest,
        "stranger": stranger,
        "forming": forming,
        "token": services.invitation_token(by_link),
        "game": game,
        "player": players[0],
        "play": play,
    }


def doors(w):
    """(who, method, url, valid data) for every form of the games app."""
    forming, game = w["forming"].pk, w["game"].pk
    second_seat = w["forming"].seats.get(user=w["joiner"]).pk
    return {
        "new game": ("host", "post", reverse("game_new"), {**NEW_GAME, "invitees": "x@example.org"}),
        "move": ("player", "post", reverse("game_move", args=[game]), {"move": w["play"], "version": "0"}),
        "resign": ("player", "post", reverse("game_move", args=[game]), {"move": "resign", "version": "0"}),
        "invite": ("host", "post", reverse("game_invite", args=[forming]), {"invitee": "y@example.org"}),
        "arrange": ("host", "post", reverse("game_arrange", args=[forming]), {"seat": str(second_seat)}),
        "answer": ("guest", "post", reverse("game_answer_invitation", args=[forming]), {"answer": "accept"}),
        "link answer": ("stranger", "post", reverse("invitation", args=[w["token"]]), {"answer": "accept"}),
    }


DOORS = [
    ("new game", "players"),
    ("new game", "teams"),
    ("new game", "draw_mode"),
    ("new game", "turn_seconds"),
    ("new game", "draw_window_seconds"),
    ("new game", "missed_turn_policy"),
    ("new game", "concede_after"),
    ("new game", "invitees"),
    ("move", "move"),
    ("move", "version"),
    ("resign", "version"),
    ("invite", "invitee"),
    ("arrange", "seat"),
    ("answer", "answer"),
    ("link answer", "answer"),
]


@pytest.mark.parametrize(("door", "field"), DOORS)
def test_garbage_in_a_form_field_is_refused_and_changes_nothing(client, world, door, field):
    who, method, url, valid = doors(world)[door]
    client.force_login(world[who])
    before = database()
    for value in GARBAGE:
        if value == "" and field == "invitees":
            continue  # nobody to invite: a valid answer
        response = getattr(client, method)(url, {**valid, field: value})
        assert 400 <= response.status_code < 500, (door, field, value[:20], response.status_code)
        assert database() == before, (door, field, value[:20])
    control = getattr(client, method)(url, valid)
    assert control.status_code in (302, 303), (door, control.status_code)
    assert database() != before


@pytest.mark.parametrize(("name", "param"), [("game_replay", "at"), ("game", "card")])
def test_garbage_in_a_query_parameter_is_ignored(client, world, name, param):
    client.force_login(world["player"])
    url = reverse(name, args=[world["game"].pk])
    before = database()
    for value in GARBAGE:
        response = client.get(url, {param: value})
        assert response.status_code == 200, (name, param, value[:20])
    assert database() == before


GAME_URLS = [
    "game",
    "game_move",
    "game_resign",
    "game_draw",
    "game_join",
    "game_leave",
    "game_start",
    "game_invite",
    "game_arrange",
    "game_answer_invitation",
    "game_replay",
    "game_record",
]


@pytest.mark.parametrize("name", GAME_URLS)
def test_a_game_id_no_game_can_have_is_a_404(client, world, name):
    client.force_login(world["host"])
    before = database()
    for game_id in (0, 2**63, 10**25, int("9" * 4000)):
        for method in ("get", "post"):
            response = getattr(client, method)(reverse(name, args=[game_id]), {"seat": "1", "answer": "accept"})
            assert response.status_code in (404, 405), (name, method, str(game_id)[:20])
    assert database() == before


@pytest.mark.parametrize("name", ["invitation", "profile"])
def test_garbage_in_a_path_is_a_4xx(client, world, name):
    client.force_login(world["stranger"])
    before = database()
    for value in [*GARBAGE, "a\x00b", "\x00"]:
        url = reverse(name, args=["placeholder"]).replace("placeholder", quote(value, safe=""))
        for method in ("get", "post"):
            response = getattr(client, method)(url, {"answer": "accept"})
            assert 400 <= response.status_code < 500, (name, method, value[:20], response.status_code)
    assert database() == before


def test_odd_move_text_is_a_clear_422(client, started_game):
    """Unicode look-alikes fold into ASCII letters under re.IGNORECASE: the
    parser must never see them."""
    game, users = started_game(2, 2, seed=3)
    client.force_login(users[0])
    before = database()
    for move in ["2ſ B1", "Kſ A1", "dead \u212aH", "7H İ1", "７Ｈ Ｃ４", "pass 2ſ", "10ſ A2", "7H\u2003C4", "é" * 70]:
        response = client.post(reverse("game_move", args=[game.pk]), {"move": move, "version": 0})
        assert response.status_code == 422, move
        assert "not a move" in response.content.decode(), move
    response = client.post(reverse("game_move", args=[game.pk]), {"move": "7H " * 3000, "version": 0})
    assert response.status_code == 400 and "at most" in response.content.decode()
    assert database() == before


def test_the_service_refuses_odd_move_text_with_a_typed_refusal(started_game):
    """Other doors (e-mail, API) reach move_submit without a form."""
    from games.errors import IllegalMoveError

    game, users = started_game(2, 2, seed=3)
    for move in ["2ſ B1", "dead \u212aH", "x" * 10240, "7H\x00C4", "7H\nC4"]:
        with pytest.raises(IllegalMoveError, match="not a move"):
            services.move_submit(game_id=game.pk, user=users[0], move=move, expected_version=0)
    assert game.moves.count() == 0


def test_a_lenient_move_still_works(client, started_game):
    game, users = started_game(2, 2, seed=3)
    move = next(m for m in engine.legal_moves(state_of(game), 0) if " " in m and m[0] != "J" and m[0] != "T")
    card, cell = move.split()
    typed = f"{card[0]}{'♠♥♦♣'['SHDC'.index(card[1])]}  {cell.lower()}"
    client.force_login(users[0])
    assert client.post(reverse("game_move", args=[game.pk]), {"move": typed, "version": 0}).status_code == 303
    assert game.moves.get().text == move


def test_the_replay_reads_at_strictly(client, started_game):
    game, users = started_game(2, 2, seed=3, is_public=True)
    rng = random.Random(3)
    for _ in range(3):
        play_a_move(game, users, rng)
    page = client.get(reverse("game_replay", args=[game.pk]), {"at": "١"})  # an Arabic-Indic 1: not a position
    assert b"After move 3 of 3" in page.content
    assert b"After move 1 of 3" in client.get(reverse("game_replay", args=[game.pk]), {"at": "1"}).content


def test_a_parser_failure_is_a_refusal_not_a_500(client, started_game, monkeypatch, caplog):
    """Should the parser ever fail on text it was meant to read, the player
    gets a 422 and the failure is logged, at every door."""
    game, users = started_game(2, 2, seed=3)

    def broken_parser(text):
        raise KeyError(text)

    monkeypatch.setattr(engine, "parse_move", broken_parser)
    client.force_login(users[0])
    response = client.post(reverse("game_move", args=[game.pk]), {"move": "7H C4", "version": 0})
    assert response.status_code == 422 and "not a move" in response.content.decode()
    assert "The move parser failed" in caplog.text
    assert game.moves.count() == 0


@pytest.mark.parametrize("content_type", ["multipart/form-data", "multipart/form-data; boundary="])
def test_a_form_body_that_cannot_be_read_is_a_400_without_a_traceback(client, started_game, caplog, content_type):
    game, users = started_game(2, 2, seed=3)
    client.force_login(users[0])
    response = client.post(reverse("game_move", args=[game.pk]), b"--x\r\nmove=7H", content_type=content_type)
    assert response.status_code == 400 and "could not be read" in response.content.decode()
    assert "Traceback" not in caplog.text and not [r for r in caplog.records if r.exc_info]
    assert game.moves.count() == 0
