"""The read side: what one viewer may see of games. Every page and e-mail is
built from these, and these build from `engine.player_view` — never from the
raw state, which holds every hand and the order of the draw pile."""

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet
from django.utils import timezone

from games import engine
from games.board_text import board_rows
from games.describe import describe_move
from games.engine.cards import card_label, card_name, is_red
from games.errors import GameNotFound, WrongStatus
from games.models import Game, Invitation, Move, Seat

HISTORY_ON_TABLE = 30


def _seats(game: Game) -> list[Seat]:
    return list(game.seats.select_related("user").order_by("position"))


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


def game_for_viewer(*, game_id: int, user) -> tuple[Game, list[Seat], Seat | None]:
    """The game, its seats and the viewer's own seat; a game the viewer may
    not see does not exist for them."""
    game = visible_games(user=user).filter(pk=game_id).first()
    if game is None:
        raise GameNotFound("There is no such game.")
    seats = _seats(game)
    mine = next((seat for seat in seats if user.is_authenticated and seat.user_id == user.pk), None)
    return game, seats, mine


# --- the table ------------------------------------------------------------------


@dataclass
class Cell:
    name: str
    card: str | None
    chip: str | None  # team name
    in_sequence: bool = False
    last_move: bool = False
    target: str | None = None  # the move this cell submits when it is a legal target

    @property
    def corner(self) -> bool:
        return self.card is None

    @property
    def card_text(self) -> str:
        return card_label(self.card) if self.card else "★"

    @property
    def red(self) -> bool:
        return bool(self.card) and is_red(self.card)

    @property
    def label(self) -> str:
        what = "corner, free for everyone" if self.corner else card_name(self.card)
        parts = [self.name, what]
        if self.chip:
            parts.append(f"{self.chip} chip")
        if self.in_sequence:
            parts.append("in a sequence")
        if self.last_move:
            parts.append("last move")
        if self.target:
            parts.append(f"play {self.target}")
        return ", ".join(parts)


@dataclass
class HandCard:
    code: str
    dead: bool
    selected: bool
    playable: bool

    @property
    def text(self) -> str:
        return card_label(self.code)

    @property
    def name(self) -> str:
        return card_name(self.code)

    @property
    def red(self) -> bool:
        return is_red(self.code)


@dataclass
class SeatRow:
    position: int
    name: str
    team: str
    cards: int
    is_turn: bool
    is_me: bool
    missed_turns: int
    draw_open: bool
    penalties_owed: int
    resigned: bool
    discards: list[str]

    @property
    def top_discard(self) -> str | None:
        return card_label(self.discards[-1]) if self.discards else None

    @property
    def discard_labels(self) -> list[str]:
        return [card_label(card) for card in self.discards]


@dataclass
class HistoryLine:
    seq: int
    notation: str
    words: str
    when: datetime


@dataclass
class Table:
    game: Game
    view: dict
    rows: list[list[Cell]]
    seats: list[SeatRow]
    hand: list[HandCard] = field(default_factory=list)
    selected: str | None = None
    actions: dict = field(default_factory=dict)
    history: list[HistoryLine] = field(default_factory=list)
    my_seat: Seat | None = None
    my_draw_deadline: datetime | None = None

    @property
    def turn_seat(self) -> SeatRow | None:
        turn = self.view["turn"]
        return self.seats[turn] if turn is not None else None

    @property
    def winners(self) -> list[str]:
        result = self.view["result"]
        return [seat.name for seat in self.seats if result and seat.team == result["winner"]]

    @property
    def my_turn(self) -> bool:
        return self.my_seat is not None and self.view["turn"] == self.my_seat.position


def _history(moves: list[Move], names: dict[int, str]) -> list[HistoryLine]:
    return [
        HistoryLine(
            m.seq, m.text, describe_move(seat_names=names, seat=m.seat, text=m.text, events=m.events), m.created_at
        )
        for m in moves
    ]


def _cells(view: dict, last_cells: set[str], targets: dict[str, str]) -> list[list[Cell]]:
    in_sequence = {cell for seqs in view["sequences"].values() for seq in seqs for cell in seq}
    return [
        [
            Cell(
                name=name,
                card=card,
                chip=view["board"].get(name),
                in_sequence=name in in_sequence,
                last_move=name in last_cells,
                target=targets.get(name),
            )
            for name, card in row
        ]
        for row in board_rows()
    ]


def _actions(view: dict, selected: str | None) -> tuple[dict, dict[str, str]]:
    """Sort the viewer's legal moves into what the table offers, and the cells
    the selected card can go to (or take a chip from)."""
    legal = view.get("legal_moves", [])
    actions = {
        "draw": "draw" in legal,
        "dead": [m for m in legal if m.startswith("dead ")],
        "pass": [m for m in legal if m.startswith("pass ")],
        "penalty": [m for m in legal if m.startswith("penalty ")],
        "resign": "resign" in legal,
    }
    targets = {}
    if selected:
        for move in legal:
            card, _, cell = move.partition(" ")
            if card == selected and cell and move.split()[0] not in ("dead", "pass", "penalty"):
                targets[cell] = move
    actions["targets"] = sorted(targets)
    return actions, targets


def _hand_order(card: str) -> tuple:
    """Jacks last, the rest by suit and then rank, as a player sorts a hand."""
    return (card[0] == "J", "SHDC".index(card[1]), "23456789TJQKA".index(card[0]))


def _seat_rows(view: dict, seats: list[Seat], *, me: int | None, live: bool) -> list[SeatRow]:
    """The seats as the table lists them; `live` adds what only the present
    knows (missed turns), which a replayed position does not."""
    by_position = {seat.position: seat for seat in seats}
    return [
        SeatRow(
            position=row["seat"],
            name=by_position[row["seat"]].name,
            team=row["team"],
            cards=row["cards"],
            is_turn=view["turn"] == row["seat"],
            is_me=row["seat"] == me,
            missed_turns=by_position[row["seat"]].missed_turns if live else 0,
            draw_open=row["draw_open"],
            penalties_owed=row["penalties_owed"],
            resigned=row["resigned"],
            discards=view["discards"][row["seat"]],
        )
        for row in view["seats"]
    ]


def table_for(*, game: Game, seats: list[Seat], my_seat: Seat | None, selected_card: str | None = None) -> Table:
    """The table as this seat sees it; `selected_card` (canonical) lights up its targets."""
    state = engine.state_from_json(game.state)
    position = my_seat.position if my_seat else None
    view = engine.player_view(state, position)
    recent = list(game.moves.order_by("-seq")[:HISTORY_ON_TABLE])
    names = {seat.position: seat.name for seat in seats}
    last_cells = {e["cell"] for e in (recent[0].events if recent else []) if "cell" in e}
    hand_codes = view.get("hand", [])
    selected = selected_card if selected_card in hand_codes else None
    actions, targets = _actions(view, selected)
    playable = {
        m.split()[0]
        for m in view.get("legal_moves", [])
        if " " in m and m.split()[0] not in ("dead", "pass", "penalty")
    }
    hand_codes = sorted(hand_codes, key=_hand_order)
    hand = [
        HandCard(
            code=card, dead=card in view.get("dead_cards", []), selected=card == selected, playable=card in playable
        )
        for card in hand_codes
    ]
    seat_rows = _seat_rows(view, seats, me=position, live=True)
    return Table(
        game=game,
        view=view,
        rows=_cells(view, last_cells, targets),
        seats=seat_rows,
        hand=hand,
        selected=selected,
        actions=actions,
        history=_history(recent, names),
        my_seat=my_seat,
        my_draw_deadline=my_seat.draw_deadline if my_seat else None,
    )


# --- replay -----------------------------------------------------------------------


@dataclass
class ReplayFrame:
    table: Table
    at: int
    total: int


def replay_frame(*, game: Game, seats: list[Seat], at: int | None) -> ReplayFrame:
    """The public position after move `at` (0 = the deal), rebuilt from the log."""
    if game.state is None:
        raise WrongStatus("The game has not started: there is nothing to replay yet.")
    final = engine.state_from_json(game.state)
    moves = list(game.moves.order_by("seq"))
    total = len(moves)
    at = total if at is None else max(0, min(at, total))
    record = engine.Record(
        teams=final.teams,
        seats=[{} for _ in range(final.players)],
        draw_mode=final.draw_mode,
        deck=list(final.deck),
        reshuffles=[list(p) for p in final.reshuffles],
        moves=[(m.seat, m.text) for m in moves[:at]],
    )
    state = record.initial_state()
    for step in engine.replay_steps(record):
        state = step.state
    view = engine.player_view(state, None)
    names = {seat.position: seat.name for seat in seats}
    shown = moves[:at]
    last_cells = {e["cell"] for e in (shown[-1].events if shown else []) if "cell" in e}
    seat_rows = _seat_rows(view, seats, me=None, live=False)
    table = Table(
        game=game,
        view=view,
        rows=_cells(view, last_cells, {}),
        seats=seat_rows,
        history=list(reversed(_history(shown, names))),
    )
    return ReplayFrame(table=table, at=at, total=total)


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


def my_games(*, user, finished_limit: int = 10) -> list[GameRow]:
    """The viewer's games, most urgent first: my move (nearest deadline
    first), waiting on others, invitations and forming games, then finished."""
    seat_prefetch = Prefetch("game__seats", queryset=Seat.objects.order_by("position"))
    mine = list(
        Seat.objects.filter(user=user)
        .exclude(game__status=Game.Status.ABORTED)
        .select_related("game")
        .prefetch_related(seat_prefetch)
    )
    rows = []
    finished = []
    for seat in mine:
        game = seat.game
        seats = list(game.seats.all())
        if game.status == Game.Status.ACTIVE:
            my_move = game.turn_position == seat.position or seat.draw_deadline is not None
            deadline = (
                seat.draw_deadline
                if seat.draw_deadline and game.turn_position != seat.position
                else (game.turn_deadline)
            )
            rows.append(GameRow(game, seat, seats, 0 if my_move else 1, deadline))
        elif game.status == Game.Status.FORMING:
            rows.append(GameRow(game, seat, seats, 2, None))
        else:
            finished.append(GameRow(game, seat, seats, 3, None))
    invitations = (
        Invitation.objects.filter(user=user, status=Invitation.Status.PENDING, game__status=Game.Status.FORMING)
        .select_related("game")
        .prefetch_related(Prefetch("game__seats", queryset=Seat.objects.order_by("position")))
    )
    for invitation in invitations:
        rows.append(GameRow(invitation.game, None, list(invitation.game.seats.all()), 2, None, invitation))
    far = timezone.now().replace(year=9999)
    rows.sort(key=lambda row: (row.urgency, row.deadline or far, -row.game.pk))
    finished.sort(key=lambda row: row.game.finished_at or row.game.created_at, reverse=True)
    return rows + finished[:finished_limit]


def open_games(*, user) -> list[Game]:
    """Public games still looking for players, that the viewer is not in."""
    games = (
        Game.objects.filter(status=Game.Status.FORMING, is_public=True)
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.order_by("position")))
        .order_by("-created_at")
    )
    if user.is_authenticated:
        games = games.exclude(seats__user=user)
    return list(games[:50])


def public_games_in_play(*, limit: int = 20) -> list[Game]:
    return list(
        Game.objects.filter(status=Game.Status.ACTIVE, is_public=True)
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.order_by("position")))
        .order_by("-started_at")[:limit]
    )


@dataclass
class ProfileRow:
    game: Game
    seat: Seat
    outcome: str  # won, lost, drawn


def finished_games_of(*, player, viewer) -> list[ProfileRow]:
    """The player's finished games that the viewer may see, newest first."""
    seats = (
        Seat.objects.filter(user=player, game__status=Game.Status.FINISHED, game__in=visible_games(user=viewer))
        .select_related("game")
        .order_by("-game__finished_at")[:100]
    )
    rows = []
    for seat in seats:
        game = seat.game
        outcome = "drawn" if not game.winner else ("won" if game.winner == seat.team_name else "lost")
        rows.append(ProfileRow(game, seat, outcome))
    return rows


def may_download_record(*, game: Game) -> bool:
    """A record holds the deck order and so every hand: the public URL serves
    it once the game is over (to whoever may see the game), never while it
    runs, not even to a moderator, who may be a player in it."""
    return game.status == Game.Status.FINISHED and game.state is not None
