"""The read side: which games a viewer may see, and the lists that show
them (my games, open games, a profile). What a viewer sees *of* a game — the
table, a replayed position — is `games.viewmodels`."""

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet
from django.utils import timezone

from games import prepared
from games.engine import TEAM_NAMES
from games.engine.setup import team_of
from games.errors import GameNotFound
from games.models import Game, Invitation, Seat

# The lists show a game's line, never its position: the engine snapshot and
# the cut (kilobytes of JSON each) are left in the database.
SNAPSHOT = ("state", "cut")


def visible_games(*, user) -> QuerySet[Game]:
    """The one rule of who may see a game, wherever it shows: a public game
    anyone; a private one only its players, moderators, and those invited
    while it forms, until they decline (an invitation is for a seat)."""
    if user.is_authenticated and user.is_staff:
        return Game.objects.all()
    rule = Q(is_public=True)
    if user.is_authenticated:
        seated = Seat.objects.filter(game=OuterRef("pk"), user=user)
        invited = Invitation.objects.filter(game=OuterRef("pk"), user=user, status=Invitation.Status.PENDING)
        rule |= Exists(seated) | (Q(status=Game.Status.FORMING) & Exists(invited))
    return Game.objects.filter(rule)


def may_see(*, game: Game, seats: list[Seat], user) -> bool:
    """`visible_games`'s rule for one game already read with its seats: the
    table page asks it on every reload, and the rule as SQL (two EXISTS
    subqueries) cost more to build than the query took to run. Only a private
    game that forms asks the database (the viewer's invitation)."""
    if game.is_public:
        return True
    if not user.is_authenticated:
        return False
    if user.is_staff or any(seat.user_id == user.pk for seat in seats):
        return True
    return (
        game.status == Game.Status.FORMING
        and Invitation.objects.filter(game=game, user=user, status=Invitation.Status.PENDING).exists()
    )


def game_for_viewer(*, game_id: int, user) -> tuple[Game, list[Seat], Seat | None]:
    """The game, its seats and the viewer's own seat; a game the viewer may
    not see does not exist for them."""
    # One query for the game and its seats: each seat row brings the game along.
    seats = list(Seat.objects.select_related("game").filter(game_id=game_id).order_by("position"))
    game = seats[0].game if seats else Game.objects.filter(pk=game_id).first()  # nobody sits: the game alone
    if game is None or not may_see(game=game, seats=seats, user=user):
        raise GameNotFound("no_such_game")
    for seat in seats:
        seat.game = game  # one game object for all, as the rest of the request changes it
    mine = next((seat for seat in seats if user.is_authenticated and seat.user_id == user.pk), None)
    return game, seats, mine


def game_version(*, game_id: int, user) -> tuple[dict, Seat | None]:
    """How far the game has gone, for a table that waits (one query), and
    the viewer's seat, whose presence the poll marks."""
    game, _, mine = game_for_viewer(game_id=game_id, user=user)
    return {"version": game.version, "status": game.status}, mine


# --- lists ----------------------------------------------------------------------


@dataclass
class GameRow:
    game: Game
    my_seat: Seat | None
    seats: list[Seat]
    urgency: int  # 0 my move, 1 waiting on others, 2 invitation or forming, 3 finished
    deadline: datetime | None
    invitation: Invitation | None = None

    @property
    def opponents(self) -> list[Seat]:
        return [seat for seat in self.seats if self.my_seat is None or seat.pk != self.my_seat.pk]

    @property
    def turn_name(self) -> str | None:
        pos = self.game.turn_position
        return next((seat.name for seat in self.seats if seat.position == pos), None) if pos is not None else None

    @property
    def my_team(self) -> str | None:
        return self.my_seat.team_name if self.my_seat else None


# What a line of "my games" shows of the other seats of a game.
LISTED_SEATS = Seat.objects.only("id", "game_id", "position", "name", "user_id").order_by("position")
# ...as `game.seat_list`, a plain list: each `game.seats.all()` would build a new queryset.


# What a line of "my games" shows of the viewer's seat and its game (its
# queries are counted for 4 and 40 games in tests/web/test_pages.py).
ROW_FIELDS = (
    *("id", "game_id", "position", "user_id", "name", "draw_deadline"),
    *(
        f"game__{name}"
        for name in ("id", "status", "version", "players", "teams", "winner", "turn_position", "turn_deadline")
    ),
    *("game__finished_at", "game__created_at"),
)


def my_games(*, user, finished_limit: int = 10) -> list[GameRow]:
    """The viewer's games, most urgent first: my move (nearest deadline
    first), waiting on others, invitations and forming games, then finished."""
    mine = list(
        Seat.objects.filter(user=user)
        .exclude(game__status=Game.Status.ABORTED)
        .select_related("game")
        .only(*ROW_FIELDS)
        .prefetch_related(Prefetch("game__seats", queryset=LISTED_SEATS, to_attr="seat_list"))
    )
    rows = []
    finished = []
    for seat in mine:
        game = seat.game
        seats = game.seat_list
        if game.status == Game.Status.ACTIVE:
            my_move = game.turn_position == seat.position or seat.draw_deadline is not None
            deadline = (
                seat.draw_deadline
                if seat.draw_deadline and game.turn_position != seat.position
                else (game.turn_deadline)
            )
            rows.append(GameRow(game, seat, seats, 0 if my_move else 1, deadline))
        elif game.status == Game.Status.PAUSED:  # by a moderator: nobody's move, no clock
            rows.append(GameRow(game, seat, seats, 1, None))
        elif game.status == Game.Status.FORMING:
            rows.append(GameRow(game, seat, seats, 2, None))
        else:
            finished.append(GameRow(game, seat, seats, 3, None))
    invitations = (
        Invitation.objects.filter(user=user, status=Invitation.Status.PENDING, game__status=Game.Status.FORMING)
        .select_related("game")
        .defer(*(f"game__{name}" for name in SNAPSHOT))
        .prefetch_related(Prefetch("game__seats", queryset=LISTED_SEATS, to_attr="seat_list"))
    )
    for invitation in invitations:
        rows.append(GameRow(invitation.game, None, invitation.game.seat_list, 2, None, invitation))
    far = timezone.now().replace(year=9999)
    rows.sort(key=lambda row: (row.urgency, row.deadline or far, -row.game.pk))
    finished.sort(key=lambda row: row.game.finished_at or row.game.created_at, reverse=True)
    return rows + finished[:finished_limit]


@dataclass(frozen=True, slots=True)
class ListedSeat:
    pk: int
    name: str


@dataclass(frozen=True, slots=True)
class ListedGame:
    """A line of a public list (home, open games) as plain values: building
    model instances (and prefetching into them) cost more than the query."""

    pk: int
    version: int
    status: str
    players: int
    teams: int
    draw_mode: str
    seat_list: list[ListedSeat]  # in turn order


LISTED = ("id", "version", "status", "players", "teams", "draw_mode")


def _lines(games: QuerySet[Game]) -> QuerySet:
    """The lines of `games` (ordered and sliced) with their seats, in one
    query: a row for each seat (or one for a game nobody sits at)."""
    chosen = Game.objects.filter(pk__in=games.values("pk")).order_by(*games.query.order_by, "seats__position")
    return chosen.values_list(*LISTED, "seats__id", "seats__name")


def _listed(rows) -> list[ListedGame]:
    games: dict[int, ListedGame] = {}  # in the order of the rows
    for *line, seat_id, seat_name in rows:
        game = games.get(line[0])
        if game is None:
            game = games[line[0]] = ListedGame(*line, seat_list=[])
        if seat_id is not None:
            game.seat_list.append(ListedSeat(seat_id, seat_name))
    return list(games.values())


def open_games(*, user) -> list[ListedGame]:
    """Public games still looking for players, that the viewer is not in."""
    games = Game.objects.filter(status=Game.Status.FORMING, is_public=True).order_by("-created_at", "-pk")
    if user.is_authenticated:  # the viewer's own games left out: a query of its own
        return _listed(_lines(games.exclude(seats__user=user)[:50]))
    return _listed(prepared.rows("open-games", lambda: _lines(games[:50])))


def public_games_in_play(*, limit: int = 20) -> list[ListedGame]:
    games = Game.objects.filter(status=Game.Status.ACTIVE, is_public=True).order_by("-started_at", "-pk")
    return _listed(prepared.rows(f"games-in-play-{limit}", lambda: _lines(games[:limit])))


def _seats_seen(seats: QuerySet[Seat], *, viewer) -> QuerySet[Seat]:
    """The `seats` at games the viewer may see (visible_games). A visitor's
    rule is a plain filter on the joined game, not a subquery: building the
    subquery in the ORM cost more than running the whole query."""
    if not viewer.is_authenticated:
        return seats.filter(game__is_public=True)
    return seats.filter(game__in=visible_games(user=viewer))


def replay_glance(*, game_id: int, user) -> tuple[Game, list[ListedSeat]] | None:
    """What the key of a cached replay needs (fragments.replay_key), in one
    query: the game's version and status (a Game with only those loaded) and
    its seats' names. None where the viewer may not see the game, or nobody
    sits at it: game_for_viewer tells which."""
    seats = _seats_seen(Seat.objects.filter(game_id=game_id), viewer=user).order_by("position")
    rows = list(seats.values_list("game__version", "game__status", "pk", "name"))
    if not rows:
        return None
    loaded = {"id": game_id, "version": rows[0][0], "status": rows[0][1]}
    names = [field.attname for field in Game._meta.concrete_fields if field.attname in loaded]  # in model order
    game = Game.from_db(Game.objects.db, names, [loaded[name] for name in names])
    return game, [ListedSeat(pk, name) for _, _, pk, name in rows]


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
    seats = _seats_seen(Seat.objects.filter(user=player, game__status=Game.Status.FINISHED), viewer=viewer)
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
