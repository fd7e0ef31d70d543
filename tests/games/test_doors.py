"""Each door takes only its own inputs. Players (web, e-mail, API) make
plays, dead-card exchanges, passes, draws, resignations and penalty
discards; a lost draw, a skipped turn and a penalty are the site's own,
recorded by deadline_enforce (system) and penalty_apply (admin)."""

import pytest
from django.urls import reverse

from games import engine, services
from games.engine.board import CARD_CELLS, CELL_NAMES
from games.errors import IllegalMoveError, NotAllowed
from games.models import Game, Move
from tests.factories import ModeratorFactory
from tests.gameplay import state_of

pytestmark = pytest.mark.django_db

PLAYER_DOORS = [Move.Door.WEB, Move.Door.EMAIL, Move.Door.API]
SITE_DOORS = [Move.Door.SYSTEM, Move.Door.ADMIN]
PLAYER_INPUTS = ["play", "dead", "pass", "draw", "resign", "penalty"]
SITE_INPUTS = ["lost", "skip", "penalize"]


def rewrite_state(game: Game, change) -> None:
    """Set up a position by hand: `change` edits the engine's JSON."""
    game.refresh_from_db()
    state = game.state
    change(state)
    Game.objects.filter(pk=game.pk).update(state=state)
    game.refresh_from_db()


def hold_only(state: dict, seat: int, cards: list[str]) -> None:
    """The seat's hand becomes `cards`, taken from the draw pile; its old
    cards go back onto the pile, so that all 104 stay accounted for."""
    pile = state["draw_pile"]
    for card in cards:
        pile.remove(card)
    pile.extend(state["hands"][seat])
    state["hands"][seat] = list(cards)


def a_play(game):
    """A legal play (a card on a cell) for seat 0."""
    return next(m for m in engine.legal_moves(state_of(game), 0) if " " in m and m.split()[0] not in ("pass", "dead"))


def position_for(kind: str, started_game):
    """(game, the user at seat 0, the input) with that input legal for seat 0 now."""
    tabletop = kind in ("draw", "lost")
    game, users = started_game(2, 2, seed=3, draw_mode="tabletop" if tabletop else "automatic")
    if tabletop:  # seat 0 plays; its draw window opens
        services.move_submit(game_id=game.pk, user=users[0], move=a_play(game), expected_version=0)
        game.refresh_from_db()
    if kind == "dead":
        card = next(c for c in state_of(game).hands[0] if c in CARD_CELLS)
        rewrite_state(game, lambda s: s["board"].update({CELL_NAMES[c]: "green" for c in CARD_CELLS[card]}))
        return game, users[0], f"dead {card}"
    if kind == "pass":  # one-eyed jacks and no chip to remove: nothing can be played
        rewrite_state(game, lambda s: hold_only(s, 0, ["JS", "JH"]))
        return game, users[0], "pass JS"
    if kind == "penalty":
        services.penalty_apply(game_id=game.pk, moderator=ModeratorFactory(), team="blue", reason="table talk")
        game.refresh_from_db()
        return game, users[0], f"penalty {state_of(game).hands[0][0]}"
    if kind == "play":
        return game, users[0], a_play(game)
    return game, users[0], "penalize green" if kind == "penalize" else kind


@pytest.mark.parametrize("door", PLAYER_DOORS)
@pytest.mark.parametrize("kind", PLAYER_INPUTS)
def test_a_player_door_accepts_a_players_input(started_game, kind, door):
    game, user, text = position_for(kind, started_game)
    assert text in engine.legal_moves(state_of(game), 0) or kind == "play"
    result = services.move_submit(game_id=game.pk, user=user, move=text, expected_version=game.version, door=door)
    assert (result.move.text, result.move.seat) == (text, 0)
    assert (result.move.actor, result.move.door, result.move.entered_by) == (Move.Actor.PLAYER, door, user)


@pytest.mark.parametrize("door", PLAYER_DOORS)
@pytest.mark.parametrize("kind", SITE_INPUTS)
def test_a_player_door_refuses_the_sites_own_inputs(started_game, kind, door):
    game, user, text = position_for(kind, started_game)
    before = game.version
    with pytest.raises(IllegalMoveError, match="the site records"):
        services.move_submit(game_id=game.pk, user=user, move=text, expected_version=game.version, door=door)
    game.refresh_from_db()
    assert game.version == before


@pytest.mark.parametrize("door", SITE_DOORS)
@pytest.mark.parametrize("kind", PLAYER_INPUTS + SITE_INPUTS)
def test_move_submit_is_no_door_for_the_site(started_game, kind, door):
    """The site's inputs have their own services, which say who entered them."""
    game, user, text = position_for(kind, started_game)
    before = game.version
    with pytest.raises(NotAllowed, match="players' moves"):
        services.move_submit(game_id=game.pk, user=user, move=text, expected_version=game.version, door=door)
    game.refresh_from_db()
    assert game.version == before


def test_the_system_door_records_lost_draws_skipped_and_conceded_turns(started_game):
    game, users = started_game(2, 2, draw_mode="tabletop", missed_turn_policy="concede", concede_after=1)
    services.move_submit(game_id=game.pk, user=users[0], move=a_play(game), expected_version=0)
    game.refresh_from_db()
    moves = services.deadline_enforce(game_id=game.pk, now=game.next_deadline.replace(year=3000))
    assert [(m.text, m.actor, m.door, m.entered_by) for m in moves] == [
        ("lost", Move.Actor.SYSTEM, Move.Door.SYSTEM, None),
        ("resign", Move.Actor.SYSTEM, Move.Door.SYSTEM, None),
    ]
    game, _ = started_game(2, 2)
    [move] = services.deadline_enforce(game_id=game.pk, now=game.turn_deadline)
    assert (move.text, move.actor, move.door) == ("skip", Move.Actor.SYSTEM, Move.Door.SYSTEM)


def test_the_admin_door_records_a_penalty(started_game):
    game, _ = started_game(2, 2)
    moderator = ModeratorFactory()
    move = services.penalty_apply(game_id=game.pk, moderator=moderator, team="green", reason="table talk").move
    assert (move.text, move.seat, move.actor, move.door, move.entered_by) == (
        "penalize green",
        None,
        Move.Actor.MODERATOR,
        Move.Door.ADMIN,
        moderator,
    )


@pytest.mark.parametrize("kind", SITE_INPUTS)
def test_the_web_answers_a_sites_input_with_a_clear_422(client, started_game, kind):
    game, user, text = position_for(kind, started_game)
    client.force_login(user)
    response = client.post(reverse("game_move", args=[game.pk]), {"move": text, "version": game.version})
    assert response.status_code == 422 and "the site records" in response.content.decode()
    assert game.moves.count() == game.version
