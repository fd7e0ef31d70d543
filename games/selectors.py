"""The read side: which games a viewer may see, and the lists that show
them (my games, open games, a profile). What a viewer sees *of* a game — the
table, a replayed position — is `games.viewmodels`."""

import dataclasses
from dataclasses import dataclass, field, fields
from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import BooleanField, QuerySet
from django.db.models.expressions import RawSQL
from django.utils import timezone

from games import refusals
from games.describe import describe_move, sentence_case
from games.engine import TEAM_NAMES, parse_move
from games.engine.moves import PLAY
from games.engine.setup import team_of
from games.game_lines import GameLines
from games.game_seen import game_seen, my_moves_sql
from games.models import ChatMessage, Game, Invitation, Move, Seat
from games.visibility import visible_sql


def visible_games(*, user) -> QuerySet[Game]:
    """The games the viewer may see (games.visibility), as a queryset for lists."""
    rule, params = visible_sql(user=user, game=Game._meta.db_table)
    return Game.objects.filter(RawSQL(rule, params, output_field=BooleanField()))


def game_for_viewer(*, game_id: int, user) -> tuple[Game, list[Seat], Seat | None]:
    """The game, its seats and the viewer's own seat; a game the viewer may
    not see does not exist for them."""
    game, seats, mine, _ = _game_seen(game_id, user, reading=False)
    return game, seats, mine


@dataclass(frozen=True, slots=True)
class Reader:
    """What the table page needs of its signed-in reader besides the game,
    read in the game's own query (table_for_viewer): the header's count of
    their games waiting for them (my_move_count), and their mutes as a key
    (how many, and the newest: mutes are only added and removed, so any
    change to the set changes one of the two)."""

    my_moves: int = 0
    mutes: tuple[int, int | None] = (0, None)


def table_for_viewer(*, game_id: int, user) -> tuple[Game, list[Seat], Seat | None, Reader]:
    """game_for_viewer, and the `Reader` in the same query (one round trip for a reload)."""
    game, seats, mine, read = _game_seen(game_id, user, reading=True)
    if not read:
        return game, seats, mine, Reader()
    moves, mutes, newest_mute = read
    return game, seats, mine, Reader(moves or 0, (mutes or 0, newest_mute))


def _game_seen(game_id: int, user, *, reading: bool) -> tuple[Game, list[Seat], Seat | None, tuple]:
    seen = game_seen(game_id=game_id, user=user, reading=reading)
    if seen is None:
        raise refusals.NO_SUCH_GAME()
    game, seats, read = seen
    mine = next((seat for seat in seats if user.is_authenticated and seat.user_id == user.pk), None)
    return game, seats, mine, read


def game_version(*, game_id: int, user) -> tuple[dict, Seat | None]:
    """Whether the game changed, for a table that waits (one query): its
    revision moves with every change (a move, a moderator's extension, a
    chat message); and the viewer's seat, whose presence the poll marks."""
    game, _, mine = game_for_viewer(game_id=game_id, user=user)
    return {"revision": game.revision, "version": game.version, "status": game.status}, mine


def board_changed_since(*, game_id: int, version: int) -> bool:
    """Whether a chip was placed or removed after `version` (a draw, a dead
    card turned in, a pass or a penalty leaves the board as it was)."""
    texts = Move.objects.filter(game_id=game_id, seq__gt=version).values_list("text", flat=True)
    return any(parse_move(text).kind == PLAY for text in texts)


def my_move_count(*, user) -> int:
    """How many of the user's games wait for their move: one COUNT over
    their seats, as My games sorts them first."""
    if not user.is_authenticated:
        return 0
    with connection.cursor() as cursor:
        cursor.execute(my_moves_sql(), [user.pk])
        return cursor.fetchone()[0]


def waiting_invitations(*, game: Game) -> QuerySet[Invitation]:
    """The game's invitations still waiting for an answer, with their invitees."""
    return game.invitations.filter(status=Invitation.Status.PENDING).select_related("user")


def invitation_of(*, game_id: int, user) -> Invitation | None:
    """The user's own invitation to the game, while it waits for their answer."""
    return Invitation.objects.filter(game_id=game_id, user=user, status=Invitation.Status.PENDING).first()


def player_named(username: str):
    """The player of that name (their username only), or None."""
    return get_user_model().objects.only("username").filter(username=username).first()


def shown_message(*, game: Game, message_id: int | None) -> ChatMessage | None:
    """A chat message of the game that nobody hid, or None."""
    return ChatMessage.objects.filter(pk=message_id, game=game, hidden_at__isnull=True).first()


# --- lists ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ListedSeat:
    pk: int
    position: int
    name: str


@dataclass(frozen=True, slots=True)
class ListedGame:
    """A game in a list (my games, open games, games in play), as plain
    values: building model instances (and prefetching their seats) cost more
    than the query. A list's cache key is its rows (fragments.rows_key)."""

    pk: int
    status: str
    revision: int
    version: int
    players: int
    teams: int
    draw_mode: str
    winner: str
    turn_position: int | None
    turn_deadline: datetime | None
    finished_at: datetime | None
    created_at: datetime
    # the clock, for {{ game|clock }}
    clock_kind: str
    turn_seconds: int
    bank_initial_seconds: int
    bank_increment_seconds: int
    bank_cap_seconds: int
    weekends_off: bool
    seat_list: list[ListedSeat] = field(default_factory=list)  # in turn order
    # the last move, read by subqueries of the same query (my games only; None before the first)
    last_seat: int | None = None
    last_text: str | None = None
    last_events: list | None = None


LAST_MOVE = ("last_seat", "last_text", "last_events")
# The game's own columns, in the order of ListedGame's fields.
LISTED = tuple(
    "id" if f.name == "pk" else f.name for f in fields(ListedGame) if f.name not in ("seat_list", *LAST_MOVE)
)
SEAT_COLUMNS = ("id", "position", "name")


@dataclass(frozen=True, slots=True)
class GameRow:
    """A line of "my games": the game, and what it is to the viewer."""

    game: ListedGame
    my_seat: ListedSeat | None
    urgency: int  # 0 my move, 1 waiting on others, 2 invitation or forming, 3 finished
    deadline: datetime | None
    invitation: int | None = None  # its pk, for a game the viewer is invited to
    invited: tuple[str, ...] = ()  # a forming game's invitees still to answer, as the inviter typed them
    draw: bool = False  # the deadline is the viewer's open draw window's

    @property
    def seats(self) -> list[ListedSeat]:
        return self.game.seat_list

    @property
    def opponents(self) -> list[ListedSeat]:
        return [seat for seat in self.seats if self.my_seat is None or seat.pk != self.my_seat.pk]

    @property
    def turn_name(self) -> str | None:
        pos = self.game.turn_position
        return next((seat.name for seat in self.seats if seat.position == pos), None) if pos is not None else None

    @property
    def my_team(self) -> str | None:
        """None while the game forms: the deal's cut moves every seat, and so the teams."""
        if self.my_seat is None or self.game.status == Game.Status.FORMING:
            return None
        return TEAM_NAMES[team_of(self.my_seat.position, self.game.teams)]

    @property
    def last_move(self) -> str:
        """The last move in plain words, as the table's history says it."""
        if self.game.last_text is None:
            return ""
        names = {seat.position: seat.name for seat in self.seats}
        you = self.my_seat.position if self.my_seat else None
        words = describe_move(
            seat_names=names, seat=self.game.last_seat, text=self.game.last_text, events=self.game.last_events, you=you
        )
        return sentence_case(words, names.values())


def _games_of(rows) -> list[ListedGame]:
    """The ORM's rows of (the game's columns, one seat of it or None) grouped
    by game, in the order of the rows: each game with its seats."""
    seat_end = len(LISTED) + len(SEAT_COLUMNS)
    games: dict[int, ListedGame] = {}
    for row in rows:
        if row[0] not in games:
            games[row[0]] = ListedGame(*row[: len(LISTED)], [])
        if row[len(LISTED)] is not None:
            games[row[0]].seat_list.append(ListedSeat(*row[len(LISTED) : seat_end]))
    return list(games.values())


def _game_lines(rows, own_width: int) -> list[tuple[tuple, ListedGame]]:
    """games.game_lines' lines (`own_width` columns of their own, the game's,
    its seats, its last move) as the own columns and the game with its seats."""
    game_end = own_width + len(LISTED)
    return [
        (
            tuple(row[:own_width]),
            ListedGame(*row[own_width:game_end], [ListedSeat(*seat) for seat in row[game_end]], *row[game_end + 1 :]),
        )
        for row in rows
    ]


def _user_and_status(b, g) -> str:
    return f"b.{b.get_field('user').column} = %s AND g.{g.get_field('status').column} = %s"


# A long-time player's finished games are hundreds: of those, only the newest few the list shows are read.
MY_SEATS = GameLines(
    Seat,
    ("id", "position", "draw_deadline"),
    game=LISTED,
    seat=SEAT_COLUMNS,
    where=lambda b, g: f"b.{b.get_field('user').column} = %s AND NOT (g.{g.get_field('status').column} IN (%s, %s))",
    newest=(
        _user_and_status,
        lambda b, g: (
            f"COALESCE(g.{g.get_field('finished_at').column}, g.{g.get_field('created_at').column}) DESC,"
            f" g.{g.pk.column}"
        ),
    ),
)
MY_INVITATIONS = GameLines(
    Invitation,
    ("id",),
    game=LISTED,
    seat=SEAT_COLUMNS,
    where=lambda b, g: f"{_user_and_status(b, g)} AND b.{b.get_field('status').column} = %s",
)


def _invitees(game_ids: list[int]) -> dict[int, tuple[str, ...]]:
    """The pending invitations of these games, by game: each invitee's name, or the address typed."""
    pending = Invitation.objects.filter(game_id__in=game_ids, status=Invitation.Status.PENDING).order_by("pk")
    names: dict[int, tuple[str, ...]] = {}
    for game_id, username, email in pending.values_list("game_id", "user__username", "email"):
        names[game_id] = (*names.get(game_id, ()), username or email)
    return names


@dataclass(frozen=True)
class MyGames:
    """A viewer's games as listed (`rows`) and as read (`read`: every value
    the rows are made of, so that a key of it changes whenever a row would,
    and costs a fraction of a key of the rows: #31)."""

    rows: list[GameRow]
    read: tuple


def my_games(*, user, finished_limit: int = 10) -> MyGames:
    """The viewer's games, most urgent first: my move (nearest deadline
    first), waiting on others, invitations and forming games, then finished.
    Two queries (the viewer's seats in games not over and in the newest of
    their finished games; their invitations), a line a game with its seats
    and last move, their SQL written once (games.game_lines); a third for
    whom forming games still wait for."""
    not_over = [user.pk, Game.Status.ABORTED, Game.Status.FINISHED]
    mine = MY_SEATS.rows([*not_over, user.pk, Game.Status.FINISHED, finished_limit])
    rows, finished, forming = [], [], []
    for (seat_pk, position, draw_deadline), game in _game_lines(mine, own_width=3):
        seat = next(s for s in game.seat_list if s.pk == seat_pk)
        if game.status == Game.Status.ACTIVE:
            my_turn = game.turn_position == position
            # The nearest of what the viewer must do: their open draw, their turn; else the mover's time.
            due = [d for d in (draw_deadline, game.turn_deadline if my_turn else None) if d is not None]
            deadline = min(due) if due else game.turn_deadline
            draw = draw_deadline is not None and deadline == draw_deadline
            rows.append(GameRow(game, seat, 0 if my_turn or draw_deadline else 1, deadline, draw=draw))
        elif game.status == Game.Status.PAUSED:  # by a moderator: nobody's move, no clock
            rows.append(GameRow(game, seat, 1, None))
        elif game.status == Game.Status.FORMING:
            forming.append(GameRow(game, seat, 2, None))
        else:
            finished.append(GameRow(game, seat, 3, None))
    waiting = {}
    if forming:  # whom the forming games still wait for: one query more, only when there are some
        waiting = _invitees([row.game.pk for row in forming])
        rows.extend(dataclasses.replace(row, invited=waiting.get(row.game.pk, ())) for row in forming)
    invitations = MY_INVITATIONS.rows([user.pk, Game.Status.FORMING, Invitation.Status.PENDING])
    for (invitation_pk,), game in _game_lines(invitations, own_width=1):
        rows.append(GameRow(game, None, 2, None, invitation_pk))
    far = timezone.now().replace(year=9999)
    rows.sort(key=lambda row: (row.urgency, row.deadline or far, -row.game.pk))
    finished.sort(key=lambda row: (row.game.finished_at or row.game.created_at, -row.game.pk), reverse=True)
    return MyGames(rows + finished, read=(mine, invitations, waiting))


def _lines(games: QuerySet[Game]) -> QuerySet:
    """The lines of `games` (ordered and sliced) with their seats, in one
    query: a row for each seat (or one for a game nobody sits at)."""
    chosen = Game.objects.filter(pk__in=games.values("pk")).order_by(*games.query.order_by, "seats__position")
    return chosen.values_list(*LISTED, *(f"seats__{column}" for column in SEAT_COLUMNS))


@dataclass(frozen=True, slots=True)
class OpenSeat:
    """A seat offered for anyone to take over (the open-seat policy): where it
    is, and nothing of its hand."""

    game_id: int
    position: int
    team: str
    players: int
    left_by: str
    since: datetime


def open_seats(*, user, limit: int = 50) -> list[OpenSeat]:
    """Seats of games in play offered to anyone, the longest waiting first,
    but not in a game the viewer plays (one query)."""
    seats = Seat.objects.filter(open_since__isnull=False, game__status=Game.Status.ACTIVE)
    if user.is_authenticated:
        seats = seats.exclude(game__in=Game.objects.filter(seats__user=user).values("pk"))
    rows = seats.order_by("open_since", "pk").values_list(
        "game_id", "position", "game__teams", "game__players", "name", "open_since"
    )[:limit]
    return [
        OpenSeat(game_id, position, TEAM_NAMES[team_of(position, teams)], players, name, since)
        for game_id, position, teams, players, name, since in rows
    ]


def _open() -> QuerySet[Game]:
    return Game.objects.filter(status=Game.Status.FORMING, is_public=True).order_by("-created_at", "-pk")


def open_games(*, user) -> list[ListedGame]:
    """Public games still looking for players, that the viewer is not in."""
    games = _open().exclude(seats__user=user) if user.is_authenticated else _open()  # not the viewer's own
    return _games_of(_lines(games[:50]))


def public_games_in_play(*, limit: int = 20) -> list[ListedGame]:
    games = Game.objects.filter(status=Game.Status.ACTIVE, is_public=True).order_by("-started_at", "-pk")
    return _games_of(_lines(games[:limit]))


def _seats_seen(seats: QuerySet[Seat], *, viewer) -> QuerySet[Seat]:
    """The `seats` at games the viewer may see (games.visibility)."""
    games, seat_table = Game._meta, Seat._meta.db_table
    rule, params = visible_sql(user=viewer, game="sg")
    at_seen_game = (
        f"EXISTS (SELECT 1 FROM {games.db_table} sg WHERE sg.{games.pk.column}"
        f" = {seat_table}.{Seat._meta.get_field('game').column} AND {rule})"
    )
    return seats.filter(RawSQL(at_seen_game, params, output_field=BooleanField()))


def replay_glance(*, game_id: int, user) -> Game | None:
    """What the key of a cached replay needs (fragments.replay_key), in one
    query: the game's version, revision and status (a Game with only those
    loaded). None where the viewer may not see the game, or nobody sits at
    it: game_for_viewer tells which."""
    seats = _seats_seen(Seat.objects.filter(game_id=game_id), viewer=user).order_by("position")
    rows = list(seats.values_list("game__version", "game__revision", "game__status")[:1])
    if not rows:
        return None
    loaded = {"id": game_id, "version": rows[0][0], "revision": rows[0][1], "status": rows[0][2]}
    names = [field.attname for field in Game._meta.concrete_fields if field.attname in loaded]  # in model order
    return Game.from_db(Game.objects.db, names, [loaded[name] for name in names])


# What a line of a profile shows, read as plain values (counted in tests/web/test_pages.py).
PROFILE_FIELDS = (
    "game_id",
    "position",
    *(f"game__{name}" for name in ("players", "teams", "winner", "result_reason", "finished_at")),
)


@dataclass(frozen=True, slots=True)
class ProfileRow:
    game_id: int
    players: int
    team: str  # the player's team's name
    outcome: str  # won, lost, drawn
    result_reason: str
    finished_at: datetime


def finished_games_of(*, player, viewer) -> list[ProfileRow]:
    """The player's finished games that the viewer may see, newest first."""
    seats = _seats_seen(Seat.objects.filter(user_id=player.pk, game__status=Game.Status.FINISHED), viewer=viewer)
    newest = seats.order_by("-game__finished_at").values_list(*PROFILE_FIELDS)[:100]
    rows = []
    for game_id, position, players, teams, winner, reason, finished_at in newest:
        team = TEAM_NAMES[team_of(position, teams)]  # as Seat.team_name has it
        outcome = "drawn" if not winner else ("won" if winner == team else "lost")
        rows.append(ProfileRow(game_id, players, team, outcome, reason, finished_at))
    return rows


def may_download_record(*, game: Game) -> bool:
    """A record holds the deck order and so every hand: the public URL serves
    it once the game is over (to whoever may see the game), never while it
    runs, not even to a moderator, who may be a player in it."""
    return game.status == Game.Status.FINISHED and game.state is not None
