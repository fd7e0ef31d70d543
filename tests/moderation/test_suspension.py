"""A suspended user cannot create, join or move; their seats wait for the
missed-turn policy. Lifting the suspension lets them play again."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services
from games.errors import Conflict, NotAllowed
from games.models import Game, Move, PlayerSuspension, ResignationProposal
from tests.factories import UserFactory
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db


def test_a_suspended_user_cannot_create_join_or_move(started_game, moderator):
    game, users = started_game(2, 2)
    services.player_suspend(user_id=users[0].pk, moderator=moderator, reason="abuse", days=7)
    with pytest.raises(NotAllowed, match="suspended"):
        services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    with pytest.raises(NotAllowed):
        services.game_create(creator=users[0], players=2, teams=2)
    open_game = services.game_create(creator=UserFactory(), players=2, teams=2, is_public=True)
    with pytest.raises(NotAllowed):
        services.seat_join(game_id=open_game.pk, user=users[0])
    invitation = services.invitation_create(
        game_id=open_game.pk, inviter=open_game.created_by, invitee=users[0].username
    )
    with pytest.raises(NotAllowed):
        services.invitation_accept(invitation_id=invitation.pk, user=users[0])
    assert open_game.seats.count() == 1


def test_their_turns_are_skipped_then_conceded_by_the_games_policy(started_game, moderator):
    game, users = started_game(2, 2, missed_turn_policy="concede", concede_after=1)
    services.player_suspend(user_id=users[0].pk, moderator=moderator, reason="abuse")
    [move] = services.deadline_enforce(game_id=game.pk, now=game.turn_deadline)
    assert move.text == "resign"
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner == "green"


def test_lifting_and_expiry(started_game, moderator, monkeypatch):
    game, users = started_game(2, 2)
    services.player_suspend(user_id=users[0].pk, moderator=moderator, reason="abuse", days=1)
    with pytest.raises(Conflict):
        services.player_suspend(user_id=users[0].pk, moderator=moderator, reason="again")
    later = timezone.now() + timedelta(days=2)
    monkeypatch.setattr(timezone, "now", lambda: later)
    services.chat_post(game_id=game.pk, user=users[0], text="back")  # the suspension ran out
    monkeypatch.undo()
    services.player_suspend(user_id=users[1].pk, moderator=moderator, reason="abuse")
    services.player_unsuspend(user_id=users[1].pk, moderator=moderator, reason="appeal granted")
    services.chat_post(game_id=game.pk, user=users[1], text="thanks")
    with pytest.raises(Conflict):
        services.player_unsuspend(user_id=users[1].pk, moderator=moderator, reason="again")


def test_a_moderator_cannot_suspend_themselves(moderator):
    with pytest.raises(NotAllowed):
        services.player_suspend(user_id=moderator.pk, moderator=moderator, reason="oops")


def test_a_suspension_and_its_lifting_change_the_teams_banner_at_once(client, started_game, moderator):
    """Whom a team's proposal to resign waits for depends on who is suspended:
    the tables keyed by the game's revision show it from the moment it changes."""
    game, users = started_game(6, 2)  # seats 0, 2 and 4 are a team
    services.resign(game_id=game.pk, user=users[0], door=Move.Door.WEB)
    client.force_login(users[0])
    page = lambda: client.get(reverse("game", args=[game.pk])).content.decode()  # noqa: E731
    both, one = f"Waiting for: {users[2].username}, {users[4].username}.", f"Waiting for: {users[2].username}."
    assert both in page()
    services.player_suspend(user_id=users[4].pk, moderator=moderator, reason="abuse", days=1)
    assert one in page()
    proposal = ResignationProposal.objects.get(game=game)
    assert proposal.changes_at == PlayerSuspension.objects.get(user=users[4]).ends_at  # before the proposal lapses
    services.player_unsuspend(user_id=users[4].pk, moderator=moderator, reason="appeal granted")
    assert both in page()


def test_a_suspension_leaves_the_revision_of_games_without_a_proposal_alone(started_game, moderator):
    game, users = started_game(2, 2)
    services.player_suspend(user_id=users[0].pk, moderator=moderator, reason="abuse")
    assert Game.objects.get(pk=game.pk).revision == game.revision
