"""Refusals declared once: every refusal the site gives is a value in
games/refusals.py with a code, a kind (its HTTP status) and a sentence in
every language; it is raised with the params its sentence needs; an engine
refusal passes through with its own code and params; and each refusal reads
as JSON for the doors that are not web pages."""

import json
import string
from collections import defaultdict

import pytest
from django.utils import translation

from games import engine, refusals, services
from games.errors import Conflict, GameError, IllegalMoveError, InvalidInput, Refusal
from games.refusal_text import ACTIONS, ENGINE
from games.services._common import require_status
from tests.factories import UserFactory
from tests.gameplay import state_of

DECLARED = [value for value in vars(refusals).values() if isinstance(value, Refusal)]
LANGUAGES = ("cs", "it", "hu")


def placeholders(refusal: Refusal, language: str | None) -> set[str]:
    with translation.override(language):
        texts = [str(refusal.sentence % defaultdict(lambda n=n: n)) for n in (1, 2, 5)]
    return {name for text in texts for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_refusal_is_declared_once_under_a_code_of_its_own():
    assert len(DECLARED) > 80
    assert len(refusals.BY_CODE) == len(DECLARED)
    assert not set(refusals.BY_CODE) & set(ENGINE)
    assert set(ENGINE) == set(engine.ENGLISH)


def test_a_code_the_engine_has_cannot_be_declared_again():
    with pytest.raises(ValueError, match="engine"):
        Refusal("corner", InvalidInput, "x")
    with pytest.raises(ValueError, match="lower-case"):
        Refusal("You cannot do that.", InvalidInput, "x")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_refusal_has_its_sentence_in_every_language_with_the_same_placeholders(language):
    for refusal in DECLARED:
        if refusal is refusals.FORM_INVALID:  # the form's own words, translated by the form
            continue
        with translation.override(None):
            english = str(refusal.sentence % defaultdict(int))
        with translation.override(language):
            assert str(refusal.sentence % defaultdict(int)) != english, f"{refusal.code} is not in {language}"
        assert placeholders(refusal, language) == placeholders(refusal, None), refusal.code


def test_a_refusal_raised_without_a_param_its_sentence_needs_says_which():
    with pytest.raises(TypeError, match=r"wrong_status.*\['action', 'status'\]"):
        refusals.WRONG_STATUS()
    with pytest.raises(TypeError, match="seats_empty"):
        refusals.SEATS_EMPTY()  # the count of a plural sentence is needed too


def test_a_refusal_is_raised_as_its_kind_with_its_status():
    exc = refusals.GAME_FULL()
    assert isinstance(exc, Conflict) and exc.status_code == 409 == refusals.GAME_FULL.status
    assert exc.code == "game_full" and exc.params == {}


def test_a_service_can_take_a_refusal_as_a_parameter():
    def refuse(refusal: Refusal, **params) -> GameError:
        return refusal(**params)

    with translation.override("en"):
        assert str(refuse(refusals.NO_SUCH_SEAT, seat=3)) == "This game has no seat 3."


def test_a_status_check_knows_every_action_it_is_asked_about():
    class Game:
        status = "active"

    require_status(Game, "active", action="move")
    with pytest.raises(ValueError, match="dance"):
        require_status(Game, "active", action="dance")
    assert "move" in ACTIONS


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
    with pytest.raises(InvalidInput) as refused:
        services.game_create(creator=UserFactory(), players=5, teams=2)
    assert refused.value.code == "player_count" and refused.value.params["players"] == 5
    assert str(refused.value) == "Sequence is played by 2, 3, 4, 6, 8, 9, 10, 12 players, not 5."


@pytest.mark.django_db
def test_a_wrong_status_names_the_status_and_the_action(started_game):
    game, _ = started_game(2, 2)
    with pytest.raises(Conflict) as refused:
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
    with pytest.raises(Conflict) as refused:
        services.invitation_create(game_id=game.pk, inviter=host, invitee="one-more@example.org")
    assert refused.value.params == {"open_seats": players - 1, "waiting": players + 1}
    assert says in str(refused.value)


@pytest.mark.django_db
def test_a_malformed_record_carries_the_engines_reason_as_json():
    with pytest.raises(InvalidInput) as refused:
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

    with pytest.raises(InvalidInput) as refused:
        inputs.checked_invitee("x" * 151)
    assert refused.value.params == {"invitee": "x" * 39 + "…", "limit": 150}
    with pytest.raises(ValidationError) as invalid:
        inputs.clean_invitee("x" * 151)
    assert invalid.value.code == "username_too_long" and invalid.value.messages == [str(refused.value)]


def test_a_forms_own_error_is_shown_as_it_is():
    """Views show a form field's error as a refusal: it keeps its words, under one code."""
    exc = refusals.FORM_INVALID(text="Ensure this value has at most 80 characters (it has 81).")
    assert str(exc) == "Ensure this value has at most 80 characters (it has 81)."
    assert exc.code == "form_invalid" and exc.status_code == 400
