"""Refusals as codes: every refusal a service raises names a code that has
an English sentence in games/refusal_text.py, with the params its sentence
needs; an engine refusal passes through with its own code and params; and
each refusal reads as JSON for the doors that are not web pages."""

import ast
import json
import string
from pathlib import Path

import pytest

from games import engine, errors, services
from games.errors import GameError, IllegalMoveError, InvalidSettings, TooManyInvitations, WrongStatus
from games.refusal_text import ACTIONS, ENGINE, SITE
from tests.factories import UserFactory
from tests.gameplay import state_of

GAMES = Path(__file__).resolve().parents[2] / "games"
RAISING = [
    *sorted((GAMES / "services").glob("*.py")),
    *sorted((GAMES / "viewmodels").glob("*.py")),
    *sorted((GAMES / "inbound").glob("*.py")),
    *(GAMES / name for name in ("inputs.py", "invitations.py", "selectors.py", "views.py")),
]
KINDS = {name for name, kind in vars(errors).items() if isinstance(kind, type) and issubclass(kind, GameError)}


def fields(code: str) -> set[str]:
    """The params a sentence needs from its raiser (sentence() adds how moves are written)."""
    return {name for _, name, _, _ in string.Formatter().parse(str(SITE[code])) if name} - {"help"}


def refusals_constructed():
    """(file:line, code or None, keyword names) of every refusal built in the services, their inputs and the views."""
    for path in RAISING:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in KINDS:
                code = node.args[0].value if node.args and isinstance(node.args[0], ast.Constant) else None
                yield f"{path.name}:{node.lineno}", code, {kw.arg for kw in node.keywords}


SITES = list(refusals_constructed())


def test_every_refusal_names_a_code_with_a_sentence_and_the_params_it_needs():
    assert len(SITES) > 40
    for where, code, names in SITES:
        assert code in SITE, f"{where}: {code!r} has no sentence in games/refusal_text.py"
        assert fields(code) <= names, f"{where}: {code!r} needs {sorted(fields(code) - names)}"


def test_every_sentence_is_used_and_no_code_is_also_the_engines():
    built_by_from_form = {"form_invalid"}
    assert {code for _, code, _ in SITES} | built_by_from_form == set(SITE)
    assert not set(SITE) & set(engine.ENGLISH)
    assert set(ENGINE) == set(engine.ENGLISH)


def test_the_services_raise_nothing_but_refusals():
    """Each raise is a refusal kind, an engine refusal passed on, or a refusal already built."""
    for path in sorted((GAMES / "services").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                func = node.exc.func
                kind = func.id if isinstance(func, ast.Name) else func.value.id
                assert kind in KINDS, f"{path.name}:{node.lineno}"
                assert isinstance(func, ast.Name) or func.attr == "passing_on", f"{path.name}:{node.lineno}"


def test_every_action_a_service_names_has_its_words():
    named = {
        kw.value.value
        for path in RAISING
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "require_status"
        for kw in node.keywords
        if kw.arg == "action"
    }
    assert named == set(ACTIONS)


def as_json(exc: GameError) -> dict:
    return json.loads(json.dumps(exc.as_dict()))


# --- refusals met through the services ---------------------------------------------


@pytest.mark.django_db
def test_an_engine_refusal_keeps_its_code_and_params(started_game):
    game, users = started_game(2, 2, seed=5)
    state = state_of(game)
    card = next(c for c in state.hands[0] if c[0] != "J")
    with pytest.raises(IllegalMoveError) as refused:
        services.move_submit(game_id=game.pk, user=users[0], move=f"{card} A1", expected_version=0)
    exc = refused.value
    assert exc.code == "corner" and exc.params == {"cell": "A1"}
    assert as_json(exc) == {
        "status": 422,
        "code": "corner",
        "params": {"cell": "A1"},
        "message": "A1 is a corner: it counts for everyone and takes no chip.",
    }
    assert exc.status_code == 422


@pytest.mark.django_db
def test_a_move_outside_the_notation_is_the_sites_refusal(started_game):
    game, users = started_game(2, 2)
    with pytest.raises(IllegalMoveError) as refused:
        services.move_submit(game_id=game.pk, user=users[0], move="7H\nC4", expected_version=0)
    assert (refused.value.code, refused.value.params) == ("not_move_text", {"limit": 80})
    assert str(refused.value).startswith("That is not a move: a move is at most 80 characters")


@pytest.mark.django_db
def test_a_setup_the_rules_refuse_passes_on_the_engines_code():
    with pytest.raises(InvalidSettings) as refused:
        services.game_create(creator=UserFactory(), players=5, teams=2)
    assert refused.value.code == "player_count" and refused.value.params["players"] == 5
    assert str(refused.value) == "Sequence is played by 2, 3, 4, 6, 8, 9, 10, 12 players, not 5."


@pytest.mark.django_db
def test_a_wrong_status_names_the_status_and_the_action(started_game):
    game, _ = started_game(2, 2)
    with pytest.raises(WrongStatus) as refused:
        services.seat_join(game_id=game.pk, user=UserFactory())
    assert as_json(refused.value) == {
        "status": 409,
        "code": "wrong_status",
        "params": {"status": "active", "action": "join"},
        "message": "This game is in play: you cannot join now.",
    }
    assert refused.value.status_code == 409


@pytest.mark.django_db
@pytest.mark.parametrize(("players", "says"), [(2, "1 open seat and 3"), (3, "2 open seats and 4")])
def test_too_many_invitations_counts_in_words(players, says):
    host = UserFactory()
    game = services.game_create(creator=host, players=players, teams=players)
    for n in range(players + 1):
        services.invitation_create(game_id=game.pk, inviter=host, invitee=f"friend{n}@example.org")
    with pytest.raises(TooManyInvitations) as refused:
        services.invitation_create(game_id=game.pk, inviter=host, invitee="one-more@example.org")
    assert refused.value.params == {"open_seats": players - 1, "waiting": players + 1}
    assert says in str(refused.value)


@pytest.mark.django_db
def test_a_malformed_record_carries_the_engines_reason_as_json():
    with pytest.raises(InvalidSettings) as refused:
        services.game_import(document={"format": "sequence-record/9"}, imported_by=None)
    assert as_json(refused.value) == {
        "status": 400,
        "code": "malformed_record",
        "params": {"reason": {"code": "wrong_format", "params": {"format": "sequence-record/1"}}},
        "message": "Malformed record: 'format' must be \"sequence-record/1\"",
    }


@pytest.mark.django_db
def test_an_invitee_refusal_is_a_code_for_services_and_a_form_error_with_it():
    from django.core.exceptions import ValidationError

    from games import inputs

    with pytest.raises(InvalidSettings) as refused:
        inputs.checked_invitee("x" * 151)
    assert refused.value.params == {"invitee": "x" * 39 + "…", "limit": 150}
    with pytest.raises(ValidationError) as invalid:
        inputs.clean_invitee("x" * 151)
    assert invalid.value.code == "username_too_long" and invalid.value.messages == [str(refused.value)]


def test_a_forms_own_error_is_shown_as_it_is():
    """Views show a form field's error as a refusal: it keeps its words, under one code."""
    exc = GameError.from_form("Ensure this value has at most 80 characters (it has 81).")
    assert str(exc) == "Ensure this value has at most 80 characters (it has 81)."
    assert exc.code == "form_invalid" and exc.status_code == 400


def test_a_refusal_takes_a_code_not_a_sentence():
    with pytest.raises(ValueError, match="takes a code"):
        GameError("You cannot do that.")


def test_an_unknown_code_fails_loudly_rather_than_showing_itself():
    with pytest.raises(KeyError):
        str(GameError("no_such_code"))
