"""Bots as seats: a bot moves through the players' checks under the door
`bot`, from its task, once per turn; it is never timed out nor e-mailed.
(These tests use the plain django_db transaction, so nothing queued on
commit runs unless a test asks: each runs the bot's task itself.)"""

from datetime import timedelta

import pytest
from django.db import OperationalError

from games import engine, services, tasks
from games.errors import GameError
from games.models import BOT_MARK, Game, Move, Notification
from tests.factories import UserFactory
from tests.gameplay import first_play, state_of

pytestmark = pytest.mark.django_db


def bot_game(bots=1, players=2, **settings):
    person = UserFactory()
    game = services.game_create(creator=person, players=players, teams=2, bots=bots, **settings)
    game.refresh_from_db()
    return game, person


def to_the_bots_turn(game, person):
    """The person plays until a bot is to move."""
    state = state_of(game)
    while game.seats.get(position=state.turn).user_id == person.pk:
        services.move_submit(
            game_id=game.pk, user=person, move=first_play(game, state.turn), expected_version=game.version
        )
        state = state_of(game)
    return state


def test_bots_take_the_seats_after_the_creator_and_the_game_starts_at_once():
    game, person = bot_game(bots=3, players=4)
    assert game.status == Game.Status.ACTIVE
    seats = list(game.seats.order_by("position"))
    bots = [seat for seat in seats if seat.user_id is None]
    assert len(bots) == 3 and all(seat.bot_level == 1 and seat.name.startswith(BOT_MARK) for seat in bots)
    assert len({seat.name for seat in seats}) == 4
    assert [seat.user for seat in seats if seat.user] == [person]


def test_the_bots_task_moves_once_per_turn_through_the_bot_door():
    game, person = bot_game()
    state = to_the_bots_turn(game, person)
    version = game.version
    assert tasks.bot_move(game.pk, version) is not None
    assert tasks.bot_move(game.pk, version) is None  # retried: the game has moved on
    [move] = Move.objects.filter(game=game, seq=version + 1)
    assert (move.seat, move.door, move.entered_by, move.actor) == (state.turn, "bot", None, "player")
    assert Move.objects.filter(game=game).count() == version + 1


def test_two_runs_at_once_make_one_move(monkeypatch):
    """The second run reads the same version while the first is still choosing: one lands, one is stale."""
    game, person = bot_game()
    to_the_bots_turn(game, person)
    version = game.version
    real_choose = services.bots.bots.choose
    second = {}

    def choose_while_another_runs(*args, **kwargs):
        if "run" not in second:
            second["run"] = None
            second["run"] = tasks.bot_move(game.pk, version)
        return real_choose(*args, **kwargs)

    monkeypatch.setattr(services.bots.bots, "choose", choose_while_another_runs)
    assert tasks.bot_move(game.pk, version) is None  # the first to finish choosing was the second run
    assert second["run"] is not None
    assert Move.objects.filter(game=game).count() == version + 1


def test_the_bots_turn_is_queued_on_commit_and_played(django_capture_on_commit_callbacks):
    game, person = bot_game()
    state = state_of(game)
    while game.seats.get(position=state.turn).user_id != person.pk:  # the bot may have been dealt the first turn
        tasks.bot_move(game.pk, game.version)
        game.refresh_from_db()
        state = state_of(game)
    with django_capture_on_commit_callbacks(execute=True):
        services.move_submit(
            game_id=game.pk, user=person, move=first_play(game, state.turn), expected_version=game.version
        )
    game.refresh_from_db()
    last = game.moves.order_by("-seq").first()
    assert last.door == "bot" and state_of(game).turn == state.turn  # the bot answered: the person's turn again


def test_the_sweep_never_times_a_bot_out():
    game, person = bot_game()
    to_the_bots_turn(game, person)
    version = game.version
    assert services.deadline_enforce(game_id=game.pk, now=game.turn_deadline + timedelta(days=1)) == []
    game.refresh_from_db()
    assert game.version == version
    assert game.seats.get(user=None).missed_turns == 0


def test_a_bot_is_sent_no_email():
    game, person = bot_game()
    to_the_bots_turn(game, person)
    tasks.bot_move(game.pk, game.version)
    assert not Notification.objects.filter(recipient=None).exists()
    assert set(Notification.objects.values_list("recipient", flat=True)) <= {person.pk}


def test_a_bot_is_refused_what_a_player_is_refused():
    game, person = bot_game()
    state = to_the_bots_turn(game, person)
    bot, me = state.turn, 1 - state.turn

    def codes(submit):
        try:
            submit()
        except GameError as exc:
            return exc.code
        return None

    def bot_says(move, version=None, position=bot):
        return codes(
            lambda: services.bot_submit(
                game_id=game.pk,
                position=position,
                move=move,
                expected_version=game.version if version is None else version,
            )
        )

    def person_says(move, version=None):
        return codes(
            lambda: services.move_submit(
                game_id=game.pk, user=person, move=move, expected_version=game.version if version is None else version
            )
        )

    # the person, whose turn it is not, and the bot each try the site's own inputs, a stale version
    assert bot_says("skip") == person_says("skip") == "site_only_input"
    assert bot_says("lost") == person_says("lost") == "site_only_input"
    assert (
        bot_says("7H C4", version=game.version - 1) == person_says("7H C4", version=game.version - 1) == "stale_version"
    )
    assert person_says(first_play(game, bot)) == "turn_of_another"
    assert bot_says("7H C4", position=me) == "not_a_player"  # the bot's door plays only a bot's seat
    assert game.moves.count() == game.version
    # and on the person's turn, the bot may not play
    tasks.bot_move(game.pk, game.version)
    game.refresh_from_db()
    play = first_play(game, me)
    assert bot_says(play) == "turn_of_another"
    assert engine.state_from_json(game.state).turn == me


def test_the_bots_level_and_count_are_checked():
    person = UserFactory()
    with pytest.raises(GameError) as too_many:
        services.game_create(creator=person, players=2, teams=2, bots=2)
    with pytest.raises(GameError) as level:
        services.game_create(creator=person, players=2, teams=2, bots=1, bot_level=7)
    assert (too_many.value.code, level.value.code) == ("bot_seats_out_of_range", "bot_level_unknown")


def test_play_a_bot_now_deals_a_two_player_game_against_a_level_one_bot():
    person = UserFactory()
    game = services.game_against_bot(user=person)
    game.refresh_from_db()
    assert (game.status, game.players) == (Game.Status.ACTIVE, 2)
    assert sorted((s.user_id is None, s.bot_level) for s in game.seats.all()) == [(False, None), (True, 1)]


def test_in_tabletop_mode_the_bot_draws_in_the_task_that_plays(django_capture_on_commit_callbacks):
    """Its play opens its draw window and it draws at once, in the same task: a next player who plays
    and draws before a second task could run (the humane delay) no longer closes the window on it."""
    game, person = bot_game(draw_mode=Game.DrawMode.TABLETOP)
    state = to_the_bots_turn(game, person)
    bot = state.turn
    tasks.bot_move(game.pk, game.version)  # nothing queued on commit runs here
    texts = list(game.moves.filter(seat=bot).order_by("-seq").values_list("text", flat=True)[:2])
    assert texts[0] == "draw" and texts[1] != "draw"
    game.refresh_from_db()
    assert state_of(game).pending[bot] is None and game.seats.get(position=bot).draw_deadline is None
    services.move_submit(game_id=game.pk, user=person, move=first_play(game, 1 - bot), expected_version=game.version)
    game.refresh_from_db()
    services.move_submit(game_id=game.pk, user=person, move="draw", expected_version=game.version)
    assert len(state_of(game).hands[bot]) == 7  # a whole hand of two players': no draw lost


def test_my_games_marks_a_game_with_a_bot(client):
    _game, person = bot_game()
    client.force_login(person)
    page = client.get("/").content.decode()
    assert f"{BOT_MARK} Bot 1" in page


def test_a_database_that_did_not_answer_is_tried_again(monkeypatch):
    game, person = bot_game()
    to_the_bots_turn(game, person)
    real, calls = services.bot_turn, []

    def fails_once(**kwargs):
        calls.append(kwargs)
        if len(calls) == 1:
            raise OperationalError("database is locked")
        return real(**kwargs)

    monkeypatch.setattr(services, "bot_turn", fails_once)
    tasks.bot_move.apply_async(args=(game.pk, game.version))  # eager here: the retry runs at once
    assert len(calls) == 2
    assert game.moves.order_by("-seq").first().door == Move.Door.BOT
