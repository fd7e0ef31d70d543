"""Games played from creation to their end entirely through services."""

import random

import pytest

from games import engine, services
from games.errors import Conflict, GameNotFound, IllegalMoveError, InvalidInput, NotAllowed
from games.models import Game, Hand, Invitation, Move, Seat
from tests.factories import ModeratorFactory, UserFactory
from tests.gameplay import play_a_move, state_of

pytestmark = pytest.mark.django_db


def play_to_the_end(game, users, seed):
    rng = random.Random(seed)
    while game.status == Game.Status.ACTIVE:
        play_a_move(game, users, rng)
        game.refresh_from_db()
    return game


@pytest.mark.parametrize(("players", "teams"), [(2, 2), (3, 3), (4, 2)])
def test_create_invite_accept_start_and_play_to_a_win(players, teams):
    users = UserFactory.create_batch(players)
    game = services.game_create(start_mode=Game.StartMode.MANUAL, creator=users[0], players=players, teams=teams)
    assert game.status == Game.Status.FORMING
    for user in users[1:]:
        invitation = services.invitation_create(game_id=game.pk, inviter=users[0], invitee=user.email.upper())
        assert invitation.user == user
        services.invitation_accept(invitation_id=invitation.pk, user=user)
    game = services.game_start(game_id=game.pk, user=users[1], rng=random.Random(3))
    assert game.status == Game.Status.ACTIVE and game.version == 0
    assert game.cut["dealer"] in {u.username for u in users}
    assert game.turn_deadline is not None and game.next_deadline == game.turn_deadline
    seats = list(game.seats.select_related("hand", "user"))
    assert sorted(s.position for s in seats) == list(range(players))
    assert all(len(s.hand.cards) == engine.HAND_SIZE[players] for s in seats)
    by_seat = [s.user for s in sorted(seats, key=lambda s: s.position)]

    game = play_to_the_end(game, by_seat, seed=players)
    assert game.status == Game.Status.FINISHED
    assert game.result_reason == "sequences" and game.winner in game.team_names
    assert game.finished_at and game.turn_deadline is None and game.next_deadline is None
    assert game.moves.count() == game.version
    assert services.game_verify(game=game) == []


def test_a_resignation_ends_a_two_team_game(started_game):
    game, users = started_game(4, 2)
    services.resign(game_id=game.pk, user=users[3], door=Move.Door.WEB)  # green: seats 1 and 3 agree
    result = services.resign(game_id=game.pk, user=users[1], door=Move.Door.WEB, expected_version=0).result
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert (game.winner, game.result_reason) == ("blue", "resign")
    assert result.move.actor == Move.Actor.PLAYER and result.move.door == Move.Door.WEB
    assert result.move.seat == 1


def test_invalid_settings_are_refused_with_the_allowed_values():
    user = UserFactory()
    with pytest.raises(InvalidInput, match="2, 3, 4, 6, 8, 9, 10, 12 players"):
        services.game_create(start_mode=Game.StartMode.MANUAL, creator=user, players=5, teams=2)
    with pytest.raises(InvalidInput, match="3 players play in 3 teams"):
        services.game_create(start_mode=Game.StartMode.MANUAL, creator=user, players=3, teams=2)
    with pytest.raises(InvalidInput, match="draw mode"):
        services.game_create(start_mode=Game.StartMode.MANUAL, creator=user, players=2, teams=2, draw_mode="magic")
    with pytest.raises(InvalidInput, match="time per move"):
        services.game_create(start_mode=Game.StartMode.MANUAL, creator=user, players=2, teams=2, turn_seconds=5)
    assert not Game.objects.exists()


def test_an_invitation_by_email_works_for_someone_without_an_account():
    host = UserFactory()
    game = services.game_create(start_mode=Game.StartMode.MANUAL, creator=host, players=2, teams=2)
    invitation = services.invitation_create(game_id=game.pk, inviter=host, invitee="New.Friend@Example.org")
    assert invitation.user is None and invitation.email == "new.friend@example.org"
    token = services.invitation_token(invitation)
    newcomer = UserFactory(username="newcomer", email="other@example.org")  # signed up later, any address
    found = services.invitation_from_token(token)
    seat = services.invitation_accept(invitation_id=found.pk, user=newcomer)
    assert seat.position == 1
    invitation.refresh_from_db()
    assert invitation.status == Invitation.Status.ACCEPTED and invitation.user == newcomer


def test_a_forged_invitation_token_is_refused():
    with pytest.raises(GameNotFound):
        services.invitation_from_token("1:forged:signature")


def test_unknown_username_is_a_clear_error():
    host = UserFactory()
    game = services.game_create(start_mode=Game.StartMode.MANUAL, creator=host, players=2, teams=2)
    with pytest.raises(InvalidInput, match="no player called 'ghost'"):
        services.invitation_create(game_id=game.pk, inviter=host, invitee="ghost")


def test_decline_and_someone_elses_invitation():
    host, guest, stranger = UserFactory.create_batch(3)
    game = services.game_create(start_mode=Game.StartMode.MANUAL, creator=host, players=2, teams=2)
    invitation = services.invitation_create(game_id=game.pk, inviter=host, invitee=guest.username)
    with pytest.raises(NotAllowed):
        services.invitation_accept(invitation_id=invitation.pk, user=stranger)
    services.invitation_decline(invitation_id=invitation.pk, user=guest)
    with pytest.raises(Conflict, match="declined"):
        services.invitation_accept(invitation_id=invitation.pk, user=guest)


def test_join_a_public_game_but_not_a_private_one():
    host, guest = UserFactory.create_batch(2)
    private = services.game_create(start_mode=Game.StartMode.MANUAL, creator=host, players=2, teams=2)
    with pytest.raises(NotAllowed, match="private"):
        services.seat_join(game_id=private.pk, user=guest)
    public = services.game_create(start_mode=Game.StartMode.MANUAL, creator=host, players=2, teams=2, is_public=True)
    services.seat_join(game_id=public.pk, user=guest)
    with pytest.raises(Conflict, match="already have a seat"):
        services.seat_join(game_id=public.pk, user=guest)
    with pytest.raises(Conflict, match="taken"):
        services.seat_join(game_id=public.pk, user=UserFactory())


def test_leave_before_the_start_and_an_empty_game_is_aborted():
    host, guest = UserFactory.create_batch(2)
    game = services.game_create(start_mode=Game.StartMode.MANUAL, creator=host, players=2, teams=2, is_public=True)
    services.seat_join(game_id=game.pk, user=guest)
    services.seat_leave(game_id=game.pk, user=guest)
    assert game.seats.count() == 1
    services.seat_leave(game_id=game.pk, user=host)
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED


def test_the_creator_arranges_seats_and_teams_before_the_start():
    users = UserFactory.create_batch(4)
    game = services.game_create(start_mode=Game.StartMode.MANUAL, creator=users[0], players=4, teams=2, is_public=True)
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)
    seats = {s.user: s for s in game.seats.all()}
    order = [seats[users[0]].pk, seats[users[2]].pk, seats[users[1]].pk, seats[users[3]].pk]
    with pytest.raises(NotAllowed):
        services.seats_arrange(game_id=game.pk, user=users[1], seat_order=order)
    services.seats_arrange(game_id=game.pk, user=users[0], seat_order=order)
    positions = {s.user: s.position for s in game.seats.all()}
    assert positions == {users[0]: 0, users[2]: 1, users[1]: 2, users[3]: 3}
    # Teammates stay teammates through the cut: users 0 and 1 share a team.
    services.game_start(game_id=game.pk, user=users[0], rng=random.Random(9))
    teams = {s.user: s.team for s in game.seats.all()}
    assert teams[users[0]] == teams[users[1]] and teams[users[2]] == teams[users[3]]
    assert teams[users[0]] != teams[users[2]]


def test_start_needs_every_seat_and_a_player():
    host, outsider = UserFactory.create_batch(2)
    game = services.game_create(start_mode=Game.StartMode.MANUAL, creator=host, players=2, teams=2)
    with pytest.raises(Conflict, match="still empty"):
        services.game_start(game_id=game.pk, user=host)
    with pytest.raises(NotAllowed):
        services.game_start(game_id=game.pk, user=outsider)


def test_the_deal_is_the_engines_with_seat_0_left_of_the_dealer(started_game):
    game, _users = started_game(3, 3, seed=4)
    state = state_of(game)
    hands = {s.position: s.hand.cards for s in Seat.objects.filter(game=game).select_related("hand")}
    assert hands == dict(enumerate(state.hands))
    assert Hand.objects.filter(seat__game=game).count() == 3
    assert game.seats.get(position=2).name == game.cut["dealer"]  # the dealer sits last


def test_a_moderator_penalty_and_abort(started_game):
    game, users = started_game(4, 2)
    moderator = ModeratorFactory()
    with pytest.raises(NotAllowed):
        services.penalty_apply(game_id=game.pk, moderator=users[0], team="green", reason="table talk")
    result = services.penalty_apply(game_id=game.pk, moderator=moderator, team="green", reason="table talk")
    assert result.move.seat is None and result.move.actor == Move.Actor.MODERATOR
    assert result.move.text == "penalize green"
    with pytest.raises(IllegalMoveError, match="penalize"):
        services.penalty_apply(game_id=game.pk, moderator=moderator, team="purple", reason="table talk")
    assert (
        services.penalty_apply(game_id=game.pk, moderator=moderator, team="Blue", reason="table talk").move.text
        == "penalize blue"
    )
    services.game_abort(game_id=game.pk, moderator=moderator, reason="cheating")
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED and game.next_deadline is None
