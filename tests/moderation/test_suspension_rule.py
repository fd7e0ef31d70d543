"""games.suspension_rule's two forms agree: the move's locked read
(locked_seats) and the services' refusal, both in SQL, say a player is
suspended exactly when the queryset has a suspension of theirs in force;
and a move follows it."""

from datetime import timedelta

import pytest
import time_machine
from django.db import transaction
from django.utils import timezone

from games import services
from games.errors import NotAllowed
from games.models import PlayerSuspension
from games.services.locked_seats import locked_seats
from games.suspension_rule import active_suspensions, require_not_suspended
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db
DAY = timedelta(days=1)

# (ends_at from now, lifted) of each seat's player's suspensions
CASES = [
    [],
    [(None, False)],
    [(DAY, False)],
    [(-DAY, False)],
    [(None, True)],
    [(DAY, True), (-DAY, False)],
    [(-DAY, False), (DAY, False)],
    [(timedelta(0), False)],  # ends now: over
]


def refuses(user) -> bool:
    try:
        require_not_suspended(user)
    except NotAllowed:
        return True
    return False


def test_the_locked_read_and_the_queryset_say_the_same(started_game):
    game, users = started_game(len(CASES), 2)
    with time_machine.travel(timezone.now(), tick=False):
        now = timezone.now()
        for user, suspensions in zip(users, CASES, strict=True):
            for ends_in, lifted in suspensions:
                PlayerSuspension.objects.create(
                    user=user, ends_at=None if ends_in is None else now + ends_in, lifted_at=now if lifted else None
                )
        with transaction.atomic():
            read = {seat.user_id: seat.suspended for seat in locked_seats(game.pk)}
        in_force = {user.pk: active_suspensions(now).filter(user=user).exists() for user in users}
        refused = {user.pk: refuses(user) for user in users}
    assert read == in_force == refused
    assert list(in_force.values()) == [False, True, True, False, False, False, True, False]


def test_a_suspended_player_moves_again_once_it_ends(started_game, moderator):
    game, users = started_game(2, 2)
    services.player_suspend(user_id=users[0].pk, moderator=moderator, reason="abuse", days=1)
    move = first_play(game, 0)
    with pytest.raises(NotAllowed, match="suspended"):
        services.move_submit(game_id=game.pk, user=users[0], move=move, expected_version=0)
    with time_machine.travel(timezone.now() + 2 * DAY):
        services.move_submit(game_id=game.pk, user=users[0], move=move, expected_version=0)
