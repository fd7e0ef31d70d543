"""games.presence_stamp: the reader's own seat at that game, and only a stamp
older than SEEN_EVERY, on either database (SQLite keeps its datetimes as text)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import SEEN_EVERY, Seat
from games.presence_stamp import stamp_seen

pytestmark = pytest.mark.django_db


def stamps(game) -> list:
    return list(Seat.objects.filter(game=game).order_by("position").values_list("last_seen_at", flat=True))


def test_it_stamps_the_readers_seat_at_that_game_once_a_stamp_is_stale(started_game):
    game, users = started_game(2, 2, seed=8)
    other_game, _ = started_game(2, 2, seed=9)
    Seat.objects.filter(game=other_game, position=0).update(user=users[0])  # the reader sits there too
    Seat.objects.update(last_seen_at=None)
    now = timezone.now()
    assert stamp_seen(game_id=game.pk, user_id=users[0].pk, now=now) == 1
    assert stamps(game) == [now, None] and stamps(other_game) == [None, None]
    assert stamp_seen(game_id=game.pk, user_id=users[0].pk, now=now + SEEN_EVERY / 2) == 0  # still fresh
    later = now + SEEN_EVERY + timedelta(seconds=1)
    assert stamp_seen(game_id=game.pk, user_id=users[0].pk, now=later) == 1
    assert stamps(game) == [later, None]
    assert stamp_seen(game_id=game.pk, user_id=users[0].pk + 1000, now=later) == 0  # nobody's seat
