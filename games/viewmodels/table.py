"""The table as one viewer sees it: the board's cells, the viewer's hand and
legal moves as data, the seats and the recent history. Built from
`engine.player_view`, never from the raw state, which holds every hand and
the order of the draw pile. The game page and the e-mails both read it, so
whose turn it is, who won and what may be played are worked out here once."""

import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property

from django.utils.translation import gettext

from games import engine
from games.engine.board import CARD_CELLS, CELL_NAMES
from games.engine.cards import JACKS, TWO_EYED_JACKS, card_label, is_red
from games.mail.board_text import board_rows
from games.models import Game, Invitation, Move, Seat
from games.viewmodels.history import HistoryLine, history_lines
from games.viewmodels.lost_draws import hand_sizes_after, lost_in_game, why_mine_was_lost
from games.viewmodels.newest_moves import newest_moves
from games.viewmodels.recap import MOST_ENTRIES, Entry, changed_cells, recap_of, since_last_acted
from games.viewmodels.seats import SeatRow, TeamRow, seat_rows, team_rows, turn_order
from games.words import card_name

HISTORY_ON_TABLE = 30  # moves read for the page's history at least; a big table reads two rounds


def history_window(players: int) -> int:
    """Moves to read for the page: two rounds of plays and their draws."""
    return max(HISTORY_ON_TABLE, 4 * players)


PLACING = ("play", "remove")  # the kinds of move that take a card to a cell
LISTED_WIDTH = 66  # a line of the e-mail's list of moves, wrapped for a phone


@dataclass(frozen=True)
class Action:
    """One legal move as data (`engine.legal_actions`); a form posts its `text`."""

    kind: str  # play, remove, dead, pass, draw, penalty, resign
    text: str
    card: str | None = None
    cell: str | None = None


@dataclass
class Actions:
    """The viewer's legal moves, in the engine's order, sorted into what the table offers."""

    legal: list[Action] = field(default_factory=list)

    def of(self, *kinds: str) -> list[Action]:
        return [action for action in self.legal if action.kind in kinds]

    def placements(self, card: str) -> list[Action]:
        """Where `card` can go, or which chip it can take."""
        return [action for action in self.of(*PLACING) if action.card == card]

    @property
    def draw(self) -> bool:
        return bool(self.of("draw"))

    @property
    def dead(self) -> list[Action]:
        return self.of("dead")

    @property
    def passes(self) -> list[Action]:
        return self.of("pass")

    @property
    def penalty(self) -> list[Action]:
        return self.of("penalty")

    @property
    def resign(self) -> bool:
        return bool(self.of("resign"))

    @property
    def playable(self) -> set[str]:
        return {action.card for action in self.of(*PLACING)}

    @property
    def texts(self) -> list[str]:
        """What the viewer may type as a move now; resigning goes unsuggested."""
        return [action.text for action in self.legal if action.kind != "resign"]

    @property
    def listed(self) -> list[str]:
        """The moves as an e-mail lists them, never cut: the plays of each
        ordinary card on one line first, then each jack's cells, wrapped (a
        two-eyed one goes on any free cell: listing them would bury the
        rest), then dead cards, passes, the draw and penalties."""
        ordinary = [
            " · ".join(a.text for a in self.placements(card))
            for card in dict.fromkeys(a.card for a in self.of(*PLACING) if a.card not in JACKS)
        ]
        jacks = []
        for card in dict.fromkeys(a.card for a in self.of(*PLACING) if a.card in JACKS):
            placements = self.placements(card)
            if card in TWO_EYED_JACKS:
                line = gettext("{card} (wild): any free cell, e.g. {example}")
            else:
                line = gettext("{card} (removes a chip): {cells}, e.g. {example}")
            cells = ", ".join(dict.fromkeys(a.cell for a in placements))
            said = line.format(card=card_label(card), cells=cells, example=placements[0].text)
            jacks.append("\n".join(textwrap.wrap(said, LISTED_WIDTH, subsequent_indent="    ")))
        rest = [a.text for a in self.legal if a.kind not in (*PLACING, "resign")]
        return ordinary + jacks + rest


@dataclass
class Cell:
    name: str
    card: str | None
    chip: str | None  # team name
    in_sequence: bool = False
    last_move: bool = False  # the newest play's cells (a draw is never the last move)
    changed_by: str | None = None  # played or cleared since the viewer's last play: the mover's team ("" a moderator)
    spectating: bool = False  # a spectator has no last play: what changed is the last round
    target: str | None = None  # the move this cell submits when it is a legal target
    goes: tuple[str, ...] = ()  # "where my cards go": the viewer's cards that can go here

    @property
    def corner(self) -> bool:
        return self.card is None

    @property
    def card_text(self) -> str:
        return card_label(self.card) if self.card else "★"

    @property
    def red(self) -> bool:
        return bool(self.card) and is_red(self.card)


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


@dataclass(frozen=True)
class Rematch:
    """A finished game's rematch as the viewer sees it: its number, whether
    they sit at it, and whether their invitation to it waits for them."""

    pk: int
    seated: bool
    invited: bool


def rematch_for(game: Game, my_seat: Seat | None) -> Rematch | None:
    """The rematch still forming or in play, if any: one query."""
    rematch = game.rematches.filter(status__in=(Game.Status.FORMING, Game.Status.ACTIVE)).order_by("pk").first()
    if rematch is None:
        return None
    user_id = my_seat.user_id if my_seat else None
    seated = user_id is not None and rematch.seats.filter(user_id=user_id).exists()
    invited = (
        user_id is not None and rematch.invitations.filter(user_id=user_id, status=Invitation.Status.PENDING).exists()
    )
    return Rematch(rematch.pk, seated, invited)


@dataclass
class Table:
    game: Game
    view: dict
    rows: list[list[Cell]]
    seats: list[SeatRow]
    hand: list[HandCard] = field(default_factory=list)  # as a player sorts it
    actions: Actions = field(default_factory=Actions)
    selected: str | None = None
    targets: list[str] = field(default_factory=list)  # the cells the selected card can go to
    history_of: Callable[[], list[HistoryLine]] = list  # the history's lines, built when first read
    my_seat: Seat | None = None
    news: list[Entry] = field(default_factory=list)  # what each seat did since the viewer last played
    news_more: str = ""  # "and 2 more players", when some were left out
    teams: list[TeamRow] = field(default_factory=list)
    my_lost_draw: str | None = None  # why the viewer's draw was lost, since they last acted
    show_all: bool = False  # "where my cards go" is on: the cells of every card in the hand are marked
    on_time: bool = False  # the game was conceded by the clock (missed turns), not by a player
    rematch: Rematch | None = None

    @cached_property
    def history(self) -> list[HistoryLine]:
        """The moves the page lists, newest first; built only when read, since the
        history's fragment is one per revision, shared by its viewers: the next
        one to view a revision finds it cached."""
        return self.history_of()

    @property
    def my_row(self) -> SeatRow | None:
        return next((seat for seat in self.seats if seat.is_me), None)

    @property
    def my_team(self) -> TeamRow | None:
        """The viewer's team ("you are blue, team of 4"), None for a spectator."""
        mine = self.my_row
        return next((row for row in self.teams if mine and row.team == mine.team), None)

    @property
    def how_it_ended(self) -> str | None:
        """sequences, resign, time, adjudicated or draw; None while the game runs."""
        result = self.view["result"]
        if not result:
            return None
        return "time" if result["reason"] == "resign" and self.on_time else result["reason"]

    @property
    def turn_seat(self) -> SeatRow | None:
        turn = self.view["turn"]
        return next((seat for seat in self.seats if seat.position == turn), None) if turn is not None else None

    @property
    def winners(self) -> list[str]:
        result = self.view["result"]
        return [seat.name for seat in self.seats if result and seat.team == result["winner"]]

    @property
    def paused(self) -> bool:
        """Stopped by a moderator or by its players' votes: nobody's turn until it resumes, whatever
        the snapshot says."""
        return self.game.status == Game.Status.PAUSED

    @property
    def my_turn(self) -> bool:
        """The viewer is to play (not while the game is paused, nor while a bot plays their seat)."""
        seat = self.my_seat
        active = self.game.status == Game.Status.ACTIVE
        return active and seat is not None and not seat.is_bot and self.view["turn"] == seat.position

    @property
    def waits_for_others(self) -> bool:
        """Nothing for the viewer to do until someone else moves, or a
        moderator resumes a paused game: the page may look for news now and
        then (a spectator always waits)."""
        return (
            self.game.status in (Game.Status.ACTIVE, Game.Status.PAUSED)
            and not self.my_turn
            and not self.actions.draw
            and not self.actions.penalty
        )

    @property
    def my_draw_deadline(self) -> datetime | None:
        return self.my_seat.draw_deadline if self.my_seat else None

    @property
    def draw_closer(self) -> SeatRow | None:
        """Whose completed turn closes the viewer's open draw (RULES.md, Lost
        card): the first seat after the viewer's that has not completed its
        turn since: one that played and has yet to draw, or the seat to play
        (seats passed over, or resigned, complete nothing in between)."""
        me = self.view["seat"]
        if me is None:
            return None
        by_position = {seat.position: seat for seat in self.seats}
        for step in range(1, len(self.seats)):
            seat = by_position.get((me + step) % len(self.seats))
            if seat is not None and not seat.resigned and (seat.draw_open or seat.position == self.view["turn"]):
                return seat
        return None

    @property
    def hand_labels(self) -> list[str]:
        """The hand in the order it was dealt and drawn, as the e-mails list it."""
        return [card_label(card) for card in self.view.get("hand", [])]

    @property
    def selected_reach(self) -> str | None:
        """What the selected card does, for the hint beside the board: takes an
        opponent's chip ("remove"), goes on any empty space ("anywhere"), or on
        a space showing it ("spaces")."""
        if self.selected is None:
            return None
        if any(action.kind == "remove" for action in self.actions.placements(self.selected)):
            return "remove"
        return "anywhere" if self.selected in TWO_EYED_JACKS else "spaces"


def where_cards_go(view: dict, actions: Actions, *, my_turn: bool) -> dict[str, tuple[str, ...]]:
    """Each cell the viewer's cards can go to, and which cards: on the
    viewer's turn the engine's legal plays; between turns, to plan, the free
    cells showing each card. Jacks are left out: a two-eyed jack goes on any
    free cell and a one-eyed jack takes any loose opponent's chip, so they
    would mark half the board."""
    if my_turn:
        pairs = [(a.cell, a.card) for a in actions.of("play") if a.card not in JACKS]
    else:
        pairs = [
            (CELL_NAMES[index], card)
            for card in view.get("hand", [])
            if card not in JACKS
            for index in CARD_CELLS[card]
            if CELL_NAMES[index] not in view["board"]
        ]
    goes: dict[str, tuple[str, ...]] = {}
    for cell, card in pairs:
        if card not in goes.get(cell, ()):
            goes[cell] = (*goes.get(cell, ()), card)
    return goes


def board_cells(
    view: dict,
    *,
    last_move: set[str],
    targets: dict[str, str],
    goes: dict[str, tuple[str, ...]] | None = None,
    changed: dict[str, str] | None = None,
    spectating: bool = False,
) -> list[list[Cell]]:
    """The board row by row; `targets` maps a cell to the move it submits,
    `goes` to the viewer's cards that can go there (when asked to show),
    `changed` to the team that played on or cleared it lately (`spectating`:
    in the last round, not since the viewer's last play)."""
    in_sequence = {cell for seqs in view["sequences"].values() for seq in seqs for cell in seq}
    return [
        [
            Cell(
                name=name,
                card=card,
                chip=view["board"].get(name),
                in_sequence=name in in_sequence,
                last_move=name in last_move,
                changed_by=(changed or {}).get(name),
                spectating=spectating,
                target=targets.get(name),
                goes=(goes or {}).get(name, ()),
            )
            for name, card in row
        ]
        for row in board_rows()
    ]


def _hand_order(card: str) -> tuple:
    """Jacks last, the rest by suit and then rank, as a player sorts a hand."""
    return (card[0] == "J", "SHDC".index(card[1]), "23456789TJQKA".index(card[0]))


def _actions(state: engine.State, position: int | None) -> Actions:
    if position is None:
        return Actions()
    return Actions(
        [
            Action(kind=action["kind"], text=action["text"], card=action.get("card"), cell=action.get("cell"))
            for action in engine.legal_actions(state, position)
        ]
    )


def table_for(
    *,
    game: Game,
    seats: list[Seat],
    my_seat: Seat | None,
    selected_card: str | None = None,
    show_all: bool = False,
    history: int | None = None,
) -> Table:
    """The table as this seat (None: a spectator) sees it. `selected_card`
    (canonical) lights up its targets; `show_all` marks where every card of
    the hand can go; `history` is how many recent moves to read (0 reads
    none: an e-mail shows no history; None: the page's window, two rounds)."""
    state = engine.state_from_json(game.state)
    position = my_seat.position if my_seat else None
    view = engine.player_view(state, position)
    if game.result_reason == "adjudicated":  # a moderator's result: the game's, not the engine's
        view["result"] = {"winner": game.winner or None, "reason": "adjudicated"}
    history = history_window(game.players) if history is None else history
    show_all = show_all and my_seat is not None and not game.is_over
    recent, rounds = newest_moves(game.pk, history) if history else ([], {})
    names = {seat.position: seat.name for seat in seats}
    teams = {seat.position: game.team_name_of(seat.position) for seat in seats}
    # A spectator's news is the round since the seat to play last played.
    news = since_last_acted(recent, position if position is not None else view["turn"])
    recap = recap_of(news, position, names, teams, most=MOST_ENTRIES)
    last_play = recap.last
    if not last_play:  # nothing played since: the newest play the page read is still the last move
        last_play = changed_cells(recent, teams)[1]
    # Nobody moves in a paused, aborted or adjudicated game, whatever the snapshot
    # allows, nor does a player while a bot plays their seat.
    playing = game.status == Game.Status.ACTIVE and not (my_seat and my_seat.is_bot)
    actions = _actions(state, position) if playing else Actions()
    held = view.get("hand", [])
    selected = selected_card if selected_card in held else None
    targets = {action.cell: action.text for action in actions.placements(selected)} if selected else {}
    playable = actions.playable
    hand = [
        HandCard(
            code=card, dead=card in view.get("dead_cards", []), selected=card == selected, playable=card in playable
        )
        for card in sorted(held, key=_hand_order)
    ]
    return Table(
        game=game,
        view=view,
        rows=board_cells(
            view,
            last_move=last_play,
            targets=targets,
            changed=recap.changed,
            spectating=position is None,
            goes=where_cards_go(view, actions, my_turn=view["turn"] == position) if show_all and held else None,
        ),
        seats=turn_order(seat_rows(view, seats, me=position, live=True, lost=lost_in_game(game), game=game), position),
        teams=team_rows(view),
        hand=hand,
        actions=actions,
        selected=selected,
        targets=sorted(targets),
        history_of=lambda: history_lines(
            recent,
            seats,
            teams,
            hand_sizes_after(recent, {row["seat"]: row["cards"] for row in view["seats"]}),
            rounds=rounds,
        ),
        my_seat=my_seat,
        news=recap.entries,
        news_more=recap.more_line,
        my_lost_draw=why_mine_was_lost(news, position, names),
        show_all=show_all,
        on_time=bool(recent) and recent[0].actor == Move.Actor.SYSTEM and recent[0].text == "resign",
        # the page's (an e-mail reads no history, and offers no rematch)
        rematch=rematch_for(game, my_seat) if game.status == Game.Status.FINISHED and history else None,
    )
