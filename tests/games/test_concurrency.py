"""Real concurrency: separate connections racing for one turn. On PostgreSQL
the row lock decides; on SQLite (BEGIN IMMEDIATE) the write transactions
queue, and the version compare decides."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import engine, services
from games.errors import GameError
from games.models import Game, Hand, Move, Notification, Seat
from tests.concurrency import at_once
from tests.factories import UserFactory
from tests.gameplay import state_of

pytestmark = pytest.mark.django_db(transaction=True)


def test_exactly_one_of_many_submissions_for_one_turn_is_applied(started_game):
    game, users = started_game(2, 2, seed=3)
    state = state_of(game)
    plays = [m for m in engine.legal_moves(state, 0) if " " in m and not m.startswith(("pass", "dead"))][:6]
    calls = [
        (lambda move=move: services.move_submit(game_id=game.pk, user=users[0], move=move, expected_version=0))
        for move in plays
    ]
    calls += [lambda: services.move_submit(game_id=game.pk, user=users[1], move=plays[0], expected_version=0)] * 2
    outcomes = at_once(*calls)
    applied = [o for o in outcomes if isinstance(o, services.MoveResult)]
    refused = [type(o).__name__ for o in outcomes if isinstance(o, GameError)]
    assert len(applied) == 1, outcomes
    assert set(refused) <= {"Conflict"} and len(refused) == len(calls) - 1
    assert list(Move.objects.filter(game=game).values_list("seq", flat=True)) == [1]
    game.refresh_from_db()
    assert game.version == 1 and services.game_verify(game=game) == []


@pytest.mark.parametrize("attempt", range(4))
def test_a_move_racing_the_deadline_sweep_gives_one_consistent_outcome(started_game, attempt):
    game, users = started_game(2, 2, seed=attempt)
    past = timezone.now() - timedelta(seconds=1)
    Game.objects.filter(pk=game.pk).update(turn_deadline=past, next_deadline=past)
    move = next(m for m in engine.legal_moves(state_of(game), 0) if " " in m and not m.startswith("pass"))
    submitted, swept = at_once(
        lambda: services.move_submit(game_id=game.pk, user=users[0], move=move, expected_version=0),
        lambda: services.deadline_enforce(game_id=game.pk),
    )
    log = list(Move.objects.filter(game=game).values_list("seq", "text"))
    if isinstance(submitted, services.MoveResult):
        assert swept == [] and log == [(1, engine.parse_move(move).text)]
    else:
        assert type(submitted).__name__ == "Conflict"
        assert [m.text for m in swept] == ["skip"] and log == [(1, "skip")]
    game.refresh_from_db()
    assert services.game_verify(game=game) == []


@pytest.mark.parametrize("attempt", range(3))
def test_two_players_racing_for_the_last_seat_one_gets_it_and_the_game_starts_once(attempt):
    host, invited, joiner = UserFactory.create_batch(3)
    game = services.game_create(
        creator=host, players=2, teams=2, is_public=True, start_mode=Game.StartMode.AUTO, invitees=[invited.username]
    )
    invitation = game.invitations.get()
    outcomes = at_once(
        lambda: services.invitation_accept(invitation_id=invitation.pk, user=invited),
        lambda: services.seat_join(game_id=game.pk, user=joiner),
    )
    seated = [o for o in outcomes if isinstance(o, Seat)]
    refused = [o for o in outcomes if isinstance(o, GameError)]
    assert len(seated) == 1 and len(refused) == 1, outcomes
    assert refused[0].code in ("game_full", "wrong_status", "invitation_filled")  # the last: the game started
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.seats.count() == 2
    assert Hand.objects.filter(seat__game=game).count() == 2
    assert Notification.objects.filter(game=game, kind=Notification.Kind.GAME_STARTED).count() == 1


@pytest.mark.parametrize("attempt", range(5))
def test_answers_racing_the_cancellation_of_their_game_never_wait_on_each_other(attempt, settings):
    """An acceptance and a decline lock the game and then the invitation, as a
    cancellation does (the game, then its invitations): in the opposite order
    PostgreSQL would find a deadlock and abort one of them with an error."""
    settings.FORMING_GAME_DAYS = 1
    host, accepting, declining = UserFactory.create_batch(3)
    game = services.game_create(creator=host, players=4, teams=2, invitees=[accepting.username, declining.username])
    Game.objects.filter(pk=game.pk).update(created_at=timezone.now() - timedelta(days=2))
    invitations = {invitation.user: invitation.pk for invitation in game.invitations.all()}
    outcomes = at_once(
        lambda: services.invitation_accept(invitation_id=invitations[accepting], user=accepting),
        lambda: services.invitation_decline(invitation_id=invitations[declining], user=declining),
        lambda: services.game_cancel_unfilled(game_id=game.pk),
    )
    accepted, declined, cancelled = outcomes
    assert isinstance(accepted, Seat | GameError) and isinstance(declined, GameError | type(None)), outcomes
    assert cancelled is True, outcomes
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED
    assert not game.invitations.filter(status="pending").exists()  # each answered before, or lapsed by, the cancel
