"""games.services.locked_seats reads what the ORM reads: the seats in order,
each with the same game, its hand and its player (none for a bot's seat)."""

import pytest
from django.db import transaction

from games import services
from games.models import Seat
from games.services.locked_seats import locked_seats
from tests.factories import UserFactory
from tests.gameplay import first_play
from tests.loaded import loaded

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("draw_mode", ["automatic", "tabletop"])
def test_the_locked_seats_are_the_seats_the_orm_reads(started_game, draw_mode):
    game, users = started_game(4, 2, draw_mode=draw_mode, weekends_off=True)
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    by_orm = list(Seat.objects.filter(game=game).select_related("game", "hand", "user").order_by("position"))
    with transaction.atomic():
        seats = locked_seats(game.pk)
    assert [loaded(seat) for seat in seats] == [loaded(seat) for seat in by_orm]
    assert [loaded(seat.hand) for seat in seats] == [loaded(seat.hand) for seat in by_orm]
    assert [loaded(seat.user) for seat in seats] == [loaded(seat.user) for seat in by_orm]
    assert loaded(seats[0].game) == loaded(by_orm[0].game) and all(seat.game is seats[0].game for seat in seats)


def test_a_bots_seat_has_no_player_and_no_game_has_no_seats():
    game = services.game_against_bot(user=UserFactory())
    with transaction.atomic():
        seats = locked_seats(game.pk)
        assert sorted(seat.user is None for seat in seats) == [False, True] and all(seat.hand for seat in seats)
        assert locked_seats(game.pk + 1000) == []
