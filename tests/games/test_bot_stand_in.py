"""The missed-turn policy "hand the seat to a bot": after `concede_after`
missed turns in a row a bot plays the seat and its hand; the player takes it
back on their next visit, and the history says who made which move. And a
moderator's bot (the replace action)."""

from datetime import timedelta

import pytest

from games import services, tasks
from games.errors import GameError
from games.models import BOT_MARK, Game, Move, Notification
from games.viewmodels.history import history_lines
from tests.factories import ModeratorFactory
from tests.gameplay import first_play, state_of

pytestmark = pytest.mark.django_db


def miss_a_turn(game):
    game.refresh_from_db()
    services.deadline_enforce(game_id=game.pk, now=game.turn_deadline + timedelta(seconds=1))
    game.refresh_from_db()


def absent_game(started_game, concede_after=2):
    """Seat 0 misses `concede_after` turns in a row; seat 1 plays its own."""
    game, users = started_game(2, 2, missed_turn_policy=Game.MissedTurnPolicy.BOT, concede_after=concede_after)
    for _ in range(concede_after):
        assert state_of(game).turn == 0
        miss_a_turn(game)
        services.move_submit(game_id=game.pk, user=users[1], move=first_play(game, 1), expected_version=game.version)
        game.refresh_from_db()
    return game, users


def test_a_bot_takes_the_seat_after_the_missed_turns_and_plays_it(started_game):
    game, users = absent_game(started_game)
    seat = game.seats.get(position=0)
    assert (seat.user, seat.bot_level, seat.name) == (users[0], 1, f"{BOT_MARK} {users[0].username}")
    hand = list(seat.hand.cards)
    assert tasks.bot_move(game.pk, game.version)  # its turn: the bot plays it, from the seat's own hand
    move = game.moves.order_by("-seq").first()
    assert (move.seat, move.door) == (0, Move.Door.BOT)
    assert move.text.split()[0] in hand


def test_one_missed_turn_is_not_enough(started_game):
    game, _users = started_game(2, 2, missed_turn_policy=Game.MissedTurnPolicy.BOT, concede_after=2)
    miss_a_turn(game)
    assert not game.seats.get(position=0).is_bot


def test_the_absent_player_cannot_move_nor_is_told_of_the_bots_turns(started_game):
    game, users = absent_game(started_game)
    before = Notification.objects.filter(recipient=users[0], kind=Notification.Kind.YOUR_TURN).count()
    with pytest.raises(GameError) as refused:
        services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=game.version)
    assert refused.value.code == "seat_held_by_bot"
    tasks.bot_move(game.pk, game.version)
    game.refresh_from_db()
    services.move_submit(game_id=game.pk, user=users[1], move=first_play(game, 1), expected_version=game.version)
    assert Notification.objects.filter(recipient=users[0], kind=Notification.Kind.YOUR_TURN).count() == before


def test_the_player_takes_the_seat_back_and_the_history_keeps_who_moved(started_game, client):
    game, users = absent_game(started_game)
    tasks.bot_move(game.pk, game.version)
    client.force_login(users[0])
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Take my seat back" in page
    assert f"{BOT_MARK} {users[0].username}" in page
    response = client.post(f"/games/{game.pk}/take-back/")
    assert response.status_code == 302
    seat = game.seats.get(position=0)
    assert (seat.user, seat.bot_level, seat.name) == (users[0], None, users[0].username)
    game.refresh_from_db()
    services.move_submit(game_id=game.pk, user=users[1], move=first_play(game, 1), expected_version=game.version)
    game.refresh_from_db()
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=game.version)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Take my seat back" not in page
    history = page[page.index('id="history-title"') :]
    assert f"{BOT_MARK} {users[0].username}" in history  # the bot's move, marked as the bot's
    doors = list(game.moves.filter(seat=0).values_list("door", flat=True))
    assert doors[-2:] == [Move.Door.BOT, Move.Door.WEB]
    with pytest.raises(GameError) as again:
        services.seat_take_back(game_id=game.pk, user=users[0])
    assert again.value.code == "no_seat_to_take_back"


def test_only_the_absent_player_takes_their_seat_back(started_game):
    game, users = absent_game(started_game)
    with pytest.raises(GameError) as refused:
        services.seat_take_back(game_id=game.pk, user=users[1])
    assert refused.value.code == "no_seat_to_take_back"


def test_a_moderator_puts_a_bot_in_a_seat(started_game):
    game, users = started_game(2, 2)
    moderator = ModeratorFactory()
    seat = services.seat_replace(game_id=game.pk, moderator=moderator, position=1, bot_level=2, reason="left for good")
    seat.refresh_from_db()
    assert (seat.user, seat.bot_level) == (None, 2) and seat.name.startswith(BOT_MARK)
    note = game.moderation.get()
    assert (note.target_user, note.changes["bot_level"]) == (users[1], 2)
    with pytest.raises(GameError):  # the player it replaced has no seat to take back
        services.seat_take_back(game_id=game.pk, user=users[1])


def test_a_seat_a_moderator_gave_a_bot_keeps_its_players_moves_in_the_history(started_game):
    """The seat keeps its player's name, marked: the moves made before are the
    player's, the bot's after, in the history and in the record."""
    game, users = started_game(2, 2)
    mover = game.turn_position
    services.move_submit(game_id=game.pk, user=users[mover], move=first_play(game, mover), expected_version=0)
    name = game.seats.get(position=mover).name
    services.seat_replace(game_id=game.pk, moderator=ModeratorFactory(), position=mover, bot_level=1, reason="gone")
    seat = game.seats.get(position=mover)
    assert seat.user is None and seat.name == f"{BOT_MARK} {name}"
    lines = history_lines(list(game.moves.order_by("-seq")), list(game.seats.all()), {})
    assert lines[-1].words.startswith(f"{name} played") and BOT_MARK not in lines[-1].words
    record = services.game_export(game=Game.objects.get(pk=game.pk))
    assert "bot_moves" not in record  # none yet: the one move made is the player's


def test_a_moderator_puts_a_bot_in_a_seat_through_the_admin(started_game, client):
    game, _users = started_game(2, 2)
    client.force_login(ModeratorFactory())
    url = f"/admin/games/game/{game.pk}/replace/"
    response = client.post(url, {"position": 1, "username": "", "bot_level": 1, "reason": "gone"})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert game.seats.get(position=1).bot_level == 1


def test_the_record_names_the_bots_moves(started_game):
    game, users = absent_game(started_game)
    tasks.bot_move(game.pk, game.version)
    game.refresh_from_db()
    record = services.game_export(game=game)
    assert record["bot_moves"] == [game.version]
    assert record["seats"][0]["player"] == f"{BOT_MARK} {users[0].username}"
