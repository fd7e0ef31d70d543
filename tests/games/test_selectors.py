"""The read side's rules, called directly: who may see a game, the order of
a player's games, the lists, and when a game's record may be downloaded."""

import random
from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db.models import JSONField, OuterRef, Subquery
from django.db.models.functions import Coalesce

from games import selectors, services
from games.errors import GameNotFound
from games.models import ChatMute, Game, Move, Seat
from tests.factories import ModeratorFactory, UserFactory
from tests.gameplay import first_play, play_a_move, state_of
from tests.loaded import loaded

pytestmark = pytest.mark.django_db


def sees(user, game) -> bool:
    """The lists and one game's page must agree in every case below (one rule, `selectors.visibility`)."""
    in_lists = selectors.visible_games(user=user).filter(pk=game.pk).exists()
    try:
        selectors.game_for_viewer(game_id=game.pk, user=user)
    except GameNotFound:
        assert not in_lists
    else:
        assert in_lists
    return in_lists


def test_a_private_game_is_seen_by_its_players_its_invited_and_moderators_only():
    host, guest, stranger = UserFactory.create_batch(3)
    game = services.game_create(
        start_mode=Game.StartMode.MANUAL, creator=host, players=2, teams=2, invitees=[guest.username]
    )
    assert sees(host, game) and sees(guest, game) and sees(ModeratorFactory(), game)
    assert not sees(stranger, game) and not sees(AnonymousUser(), game)
    assert not sees(UserFactory(is_staff=True), game)  # staff who do not moderate are players like any
    services.invitation_decline(invitation_id=game.invitations.get().pk, user=guest)
    assert not sees(guest, game)


def test_an_invitation_shows_a_game_only_while_it_forms(started_game):
    game, users = started_game(2, 2)
    late = UserFactory()
    game.invitations.create(user=late, invited_by=users[0])  # left over once the seats filled
    assert not sees(late, game) and sees(users[1], game)


def test_a_public_game_is_seen_by_anyone(started_game):
    game, _ = started_game(2, 2, is_public=True)
    assert sees(AnonymousUser(), game) and sees(UserFactory(), game)


def test_game_for_viewer_gives_the_seats_in_order_and_the_viewers_own(started_game):
    game, users = started_game(4, 2)
    found, seats, mine = selectors.game_for_viewer(game_id=game.pk, user=users[2])
    assert found == game and [seat.position for seat in seats] == [0, 1, 2, 3] and mine.user_id == users[2].pk
    _, _, watching = selectors.game_for_viewer(game_id=game.pk, user=ModeratorFactory())
    assert watching is None
    with pytest.raises(GameNotFound):
        selectors.game_for_viewer(game_id=game.pk, user=UserFactory())


def start(me, *, my_turn: bool) -> Game:
    """A two-player game of `me`'s, with `me` to move or waiting."""
    other = UserFactory()
    game = services.game_create(
        start_mode=Game.StartMode.MANUAL, creator=me, players=2, teams=2, invitees=[other.username]
    )
    services.invitation_accept(invitation_id=game.invitations.get().pk, user=other)
    game = services.game_start(game_id=game.pk, user=me)
    by_seat = [seat.user for seat in game.seats.order_by("position")]
    if (by_seat[game.turn_position] == me) != my_turn:
        play_a_move(game, by_seat, random.Random(0))
        game.refresh_from_db()
    return game


def finish(me) -> Game:
    game = start(me, my_turn=True)
    services.move_submit(game_id=game.pk, user=me, move="resign", expected_version=game.version)
    return game


def test_my_games_most_urgent_first():
    me = UserFactory()
    older_finish, newer_finish = finish(me), finish(me)
    later, sooner = start(me, my_turn=True), start(me, my_turn=True)
    Game.objects.filter(pk=later.pk).update(turn_deadline=sooner.turn_deadline + timedelta(hours=1))
    waiting = start(me, my_turn=False)
    invited = services.game_create(
        start_mode=Game.StartMode.MANUAL, creator=UserFactory(), players=2, teams=2, invitees=[me.username]
    )
    forming = services.game_create(start_mode=Game.StartMode.MANUAL, creator=me, players=2, teams=2)
    aborted = services.game_create(start_mode=Game.StartMode.MANUAL, creator=me, players=2, teams=2)
    Game.objects.filter(pk=aborted.pk).update(status=Game.Status.ABORTED)
    rows = selectors.my_games(user=me).rows
    assert [(row.game.pk, row.urgency) for row in rows] == [
        (sooner.pk, 0),  # my move, the nearest deadline first
        (later.pk, 0),
        (waiting.pk, 1),
        (forming.pk, 2),  # forming and invitations, newest first
        (invited.pk, 2),
        (newer_finish.pk, 3),
        (older_finish.pk, 3),
    ]
    assert rows[4].invitation is not None and rows[4].my_seat is None
    assert [row.game.pk for row in selectors.my_games(user=me, finished_limit=1).rows][-1] == newer_finish.pk
    assert all(row.urgency < 3 for row in selectors.my_games(user=me, finished_limit=0).rows)


def test_open_games_are_public_forming_and_not_mine():
    me, host = UserFactory.create_batch(2)
    public = services.game_create(start_mode=Game.StartMode.MANUAL, creator=host, players=2, teams=2, is_public=True)
    services.game_create(start_mode=Game.StartMode.MANUAL, creator=host, players=2, teams=2)  # private
    services.game_create(start_mode=Game.StartMode.MANUAL, creator=me, players=2, teams=2, is_public=True)  # mine
    assert [game.pk for game in selectors.open_games(user=me)] == [public.pk]


def lines(games) -> list[tuple]:
    return [
        (g.pk, g.version, g.status, g.players, g.teams, g.draw_mode, [(s.pk, s.name) for s in g.seat_list])
        for g in games
    ]


def test_a_visitors_lists_show_what_the_models_have_now(started_game):
    """Each call shows the games and seats as they are, newest first, to a
    visitor and to a player."""
    hosts = UserFactory.create_batch(3)
    for host in hosts[:2]:
        services.game_create(start_mode=Game.StartMode.MANUAL, creator=host, players=3, teams=3, is_public=True)
    assert len(selectors.open_games(user=AnonymousUser())) == 2
    newest = services.game_create(creator=hosts[2], players=2, teams=2, is_public=True, draw_mode="tabletop")
    services.seat_join(game_id=newest.pk, user=UserFactory())  # the last seat: dealt, and in play
    later = services.game_create(creator=UserFactory(), players=4, teams=2, is_public=True)
    services.seat_join(game_id=later.pk, user=UserFactory())
    playing, _ = started_game(2, 2, is_public=True)

    def expected(status, order):
        games = Game.objects.filter(status=status, is_public=True).order_by(order, "-pk")
        return [
            (
                g.pk,
                g.version,
                g.status,
                g.players,
                g.teams,
                g.draw_mode,
                [(s.pk, s.name) for s in g.seats.order_by("position")],
            )
            for g in games
        ]

    open_now = expected(Game.Status.FORMING, "-created_at")
    assert lines(selectors.open_games(user=AnonymousUser())) == open_now
    assert open_now[0][0] == later.pk and len(open_now[0][-1]) == 2
    assert lines(selectors.open_games(user=UserFactory())) == open_now  # built for the viewer: the same
    in_play = expected(Game.Status.ACTIVE, "-started_at")
    assert lines(selectors.public_games_in_play()) == in_play
    assert [line[0] for line in in_play] == [playing.pk, newest.pk]
    assert lines(selectors.public_games_in_play(limit=1)) == in_play[:1]


def test_a_profile_lists_finished_games_the_viewer_may_see_with_their_outcome(started_game):
    game, users = started_game(2, 2)
    services.move_submit(game_id=game.pk, user=users[0], move="resign", expected_version=0)
    rows = selectors.finished_games_of(player=users[1], viewer=users[0])
    assert [(row.game_id, row.team, row.outcome) for row in rows] == [
        (game.pk, Seat.objects.get(game=game, user=users[1]).team_name, "won")
    ]
    assert selectors.finished_games_of(player=users[0], viewer=users[1])[0].outcome == "lost"
    assert selectors.finished_games_of(player=users[1], viewer=UserFactory()) == []


def test_a_visitor_sees_in_profiles_and_replays_what_visible_games_shows(started_game):
    """A visitor's rule there is a plain filter (selectors._seats_seen): the
    same games as the one rule."""
    public, users = started_game(2, 2, is_public=True)
    private, _ = started_game(2, 2)
    Seat.objects.filter(game=private, position=1).update(user=users[1])  # one player in both
    for game in (public, private):
        services.move_submit(game_id=game.pk, user=game.seats.get(position=0).user, move="resign", expected_version=0)
    visitor = AnonymousUser()
    seen = set(selectors.visible_games(user=visitor).values_list("pk", flat=True))
    assert [row.game_id for row in selectors.finished_games_of(player=users[1], viewer=visitor)] == [public.pk]
    assert {public.pk, private.pk} & seen == {public.pk}
    assert selectors.replay_glance(game_id=public.pk, user=visitor).version == 1
    assert selectors.replay_glance(game_id=private.pk, user=visitor) is None
    assert selectors.replay_glance(game_id=private.pk, user=users[1]).pk == private.pk


def test_the_record_may_be_downloaded_only_once_the_game_is_over(started_game):
    forming = services.game_create(start_mode=Game.StartMode.MANUAL, creator=UserFactory(), players=2, teams=2)
    game, users = started_game(2, 2)
    assert not selectors.may_download_record(game=forming) and not selectors.may_download_record(game=game)
    services.move_submit(game_id=game.pk, user=users[0], move="resign", expected_version=0)
    state_of(game)  # refreshes the game
    assert selectors.may_download_record(game=game)


def test_a_query_built_once_runs_with_each_callers_own_ids(started_game):
    """games.game_lines: the SQL of "my games" is written for the first
    caller of a process, then run with each one's ids."""
    first, _ = started_game(2, 2, is_public=True)
    second, _ = started_game(2, 2, is_public=True)
    for game in (first, second):
        services.move_submit(game_id=game.pk, user=game.seats.get(position=0).user, move="resign", expected_version=0)
    for game in (first, second):
        winner = game.seats.get(position=1).user
        [row] = selectors.my_games(user=winner).rows
        assert row.game.pk == game.pk and row.my_team == "green" and row.game.finished_at is not None
        [line] = selectors.finished_games_of(player=winner, viewer=AnonymousUser())
        assert line.game_id == game.pk and line.outcome == "won" and line.finished_at == row.game.finished_at


def lines_by_the_orm(seats) -> list[list]:
    """games.game_lines' lines for these seats as the ORM reads them, the
    reference its SQL must match: a line a game, the seat's columns, the
    game's, the game's seats in turn order, its last move."""
    last = Move.objects.filter(game_id=OuterRef("game_id")).exclude(text="draw").order_by("-seq")
    lines = seats.annotate(
        last_seat=Subquery(last.values("seat")[:1]),
        last_text=Subquery(last.values("text")[:1]),
        last_events=Subquery(last.values("events")[:1], output_field=JSONField()),
    ).values_list(
        "id",
        "position",
        "draw_deadline",
        *(f"game__{column}" for column in selectors.LISTED),
        "last_seat",
        "last_text",
        "last_events",
    )
    seats_of = {}
    for game_id, *seat in Seat.objects.order_by("game_id", "position").values_list("game_id", *selectors.SEAT_COLUMNS):
        seats_of.setdefault(game_id, []).append(seat)
    game_end = 3 + len(selectors.LISTED)
    return [[*line[:game_end], seats_of[line[3]], *line[game_end:]] for line in lines]


def my_lines(user_id: int, finished_limit: int) -> list[list]:
    """What my_games reads: the games not over and the newest finished ones, by game."""
    not_over = [user_id, Game.Status.ABORTED, Game.Status.FINISHED]
    return selectors.MY_SEATS.rows([*not_over, user_id, Game.Status.FINISHED, finished_limit])


def my_lines_by_the_orm(user_id: int, finished_limit: int) -> list[list]:
    mine = Seat.objects.filter(user_id=user_id)
    live = mine.exclude(game__status__in=[Game.Status.ABORTED, Game.Status.FINISHED])
    newest = Coalesce("game__finished_at", "game__created_at").desc()
    finished = mine.filter(game__status=Game.Status.FINISHED).order_by(newest, "game_id")[:finished_limit]
    return sorted(lines_by_the_orm(live) + lines_by_the_orm(finished), key=lambda line: line[3])


def test_the_lines_of_my_games_are_the_rows_the_orm_reads(started_game):
    """Every kind of column (dates, a flag, JSON, NULLs of a game not begun
    and of an open draw, the seats' list) comes back from game_lines' cursor
    as from the ORM, a line a game."""
    game, users = started_game(4, 2, draw_mode="tabletop", weekends_off=True)
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    services.move_submit(game_id=game.pk, user=users[0], move="draw", expected_version=1)  # not the line's last move
    services.game_create(start_mode=Game.StartMode.MANUAL, creator=users[0], players=3, teams=3)  # forming
    rows = my_lines(users[0].pk, 9)
    assert rows == my_lines_by_the_orm(users[0].pk, 9) and len(rows) == 2
    assert any(isinstance(value, list) and value and isinstance(value[0], dict) for value in rows[0])  # events
    assert [len(row[3 + len(selectors.LISTED)]) for row in rows] == [4, 1]  # each game's seats
    assert any(value is None for value in rows[-1])  # no move yet


def test_my_games_reads_only_the_finished_games_it_shows(started_game):
    """A long-time player's finished games are not all read on every visit:
    the lines stop at the newest few the list shows."""
    me = UserFactory()
    finished = [finish(me) for _ in range(4)]
    playing = start(me, my_turn=True)
    for shown in (0, 2, 9):
        rows = my_lines(me.pk, shown)
        assert rows == my_lines_by_the_orm(me.pk, shown)
        assert [row[3] for row in rows] == sorted([playing.pk, *(game.pk for game in finished[::-1][:shown])])


def test_the_table_reads_the_game_seats_and_players_the_orm_reads(started_game):
    """games.game_seen's cursor gives what the ORM loads: every kind of
    column (dates, flags, JSON, an open draw, a bot's empty player), seats in
    order, each with its game and player; and the reader's waiting games and mutes."""
    game, users = started_game(2, 2, draw_mode="tabletop", weekends_off=True, is_public=True)
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    against_bot = services.game_against_bot(user=users[1])
    ChatMute.objects.create(user=users[1], muted=users[0])
    for viewer, shown in ((users[1], game), (users[1], against_bot), (AnonymousUser(), game)):
        found, seats, mine, reader = selectors.table_for_viewer(game_id=shown.pk, user=viewer)
        by_orm = list(Seat.objects.filter(game=shown).select_related("game", "user").order_by("position"))
        assert loaded(found) == loaded(by_orm[0].game)
        assert [loaded(seat) for seat in seats] == [loaded(seat) for seat in by_orm]
        assert [loaded(seat.user) for seat in seats] == [loaded(seat.user) for seat in by_orm]
        assert all(seat.game is found for seat in seats)
        assert mine is next((seat for seat in seats if seat.user_id == getattr(viewer, "pk", None)), None)
    assert any(seat.user is None for seat in selectors.game_for_viewer(game_id=against_bot.pk, user=users[1])[1])
    newest = ChatMute.objects.create(user=users[1], muted=UserFactory())
    _, _, _, reader = selectors.table_for_viewer(game_id=game.pk, user=users[1])
    waiting = [
        seat
        for seat in Seat.objects.filter(user=users[1], game__status=Game.Status.ACTIVE).select_related("game")
        if seat.game.turn_position == seat.position or seat.draw_deadline is not None
    ]
    assert waiting and reader == selectors.Reader(len(waiting), (2, newest.pk))
    assert selectors.my_move_count(user=users[1]) == len(waiting)


def test_a_game_nobody_sits_at_is_read_alone(started_game):
    game, users = started_game(2, 2, is_public=True)
    Seat.objects.filter(game=game).delete()
    found, seats, mine, _ = selectors.table_for_viewer(game_id=game.pk, user=users[0])
    assert loaded(found) == loaded(Game.objects.get(pk=game.pk)) and seats == [] and mine is None
