"""Everything that changes a game goes through here: one transaction per
call, the game row locked, the version compared, the rules applied by the
engine. Views, e-mail, the admin, tasks and commands call these functions and
never write game models themselves."""

import logging
import random
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from games import engine, inputs, notify
from games.errors import (
    GameNotFound,
    IllegalMoveError,
    InvalidSettings,
    InvitationRateLimited,
    NotAllowed,
    NotYourTurn,
    SiteOnlyInput,
    StaleVersion,
    TooManyInvitations,
    WrongStatus,
)
from games.invitations import invitation_from_token, invitation_token  # noqa: F401  (part of the service API)
from games.models import Game, Hand, Invitation, Move, Seat

log = logging.getLogger(__name__)
User = get_user_model()
ON_TURN_MOVES = {engine.moves.PLAY, engine.moves.DEAD, engine.moves.PASS}
# The site's own inputs: deadline_enforce and penalty_apply record them, under
# their own actor and door; no player enters them.
SITE_INPUTS = {engine.moves.LOST, engine.moves.SKIP, engine.moves.PENALIZE}
MOVE_HELP = engine.english("not_text", {})
PLAYER_DOORS = {Move.Door.WEB, Move.Door.EMAIL, Move.Door.API}
INVITATIONS_BEYOND_OPEN_SEATS = 2  # room for a friend or two who may decline


def _secure_rng() -> random.Random:
    return random.SystemRandom()


def _secure_shuffle(cards: list[str]) -> list[str]:
    return _secure_rng().sample(cards, len(cards))


def _locked_game(game_id: int) -> Game:
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except Game.DoesNotExist:
        raise GameNotFound("There is no such game.") from None


def _seats(game: Game) -> list[Seat]:
    return list(Seat.objects.filter(game=game).select_related("hand", "user").order_by("position"))


def _require_status(game: Game, *statuses: str, doing: str) -> None:
    if game.status not in statuses:
        raise WrongStatus(f"This game is {game.get_status_display().lower()}: you cannot {doing} now.")


# --- creating and filling a game -------------------------------------------


def game_create(
    *,
    creator,
    players: int,
    teams: int,
    draw_mode: str = Game.DrawMode.AUTOMATIC,
    turn_seconds: int = 2 * 24 * 3600,
    draw_window_seconds: int = 12 * 3600,
    missed_turn_policy: str = Game.MissedTurnPolicy.SKIP,
    concede_after: int = 3,
    is_public: bool = False,
    invitees: list[str] = (),
) -> Game:
    """A new game in which the creator takes the first seat, with its
    invitations (usernames or e-mail addresses): all of it, or none."""
    try:
        engine.check_setup(players, teams)
    except engine.SetupError as exc:
        raise InvalidSettings(str(exc)) from None
    if draw_mode not in Game.DrawMode.values:
        raise InvalidSettings("The draw mode is automatic or tabletop.")
    if missed_turn_policy not in Game.MissedTurnPolicy.values:
        raise InvalidSettings("A missed turn is either skipped or, after several in a row, conceded.")
    if not 60 <= turn_seconds <= 30 * 24 * 3600:
        raise InvalidSettings("The time per move must be between a minute and 30 days.")
    if not 60 <= draw_window_seconds <= 30 * 24 * 3600:
        raise InvalidSettings("The draw window must be between a minute and 30 days.")
    if not 1 <= concede_after <= 20:
        raise InvalidSettings("Conceding takes between 1 and 20 missed turns in a row.")
    with transaction.atomic():
        game = Game.objects.create(
            created_by=creator,
            players=players,
            teams=teams,
            draw_mode=draw_mode,
            turn_seconds=turn_seconds,
            draw_window_seconds=draw_window_seconds,
            missed_turn_policy=missed_turn_policy,
            concede_after=concede_after,
            is_public=is_public,
        )
        Seat.objects.create(game=game, position=0, user=creator, name=creator.username)
        for invitee in invitees:
            invitation_create(game_id=game.pk, inviter=creator, invitee=invitee)
    return game


def _take_seat(game: Game, user) -> Seat:
    seats = _seats(game)
    if any(seat.user_id == user.pk for seat in seats):
        raise WrongStatus("You already have a seat in this game.")
    if len(seats) >= game.players:
        raise WrongStatus("Every seat of this game is taken.")
    taken = {seat.position for seat in seats}
    position = min(p for p in range(game.players) if p not in taken)
    return Seat.objects.create(game=game, position=position, user=user, name=user.username)


def seat_join(*, game_id: int, user) -> Seat:
    """Join an open public game."""
    with transaction.atomic():
        game = _locked_game(game_id)
        _require_status(game, Game.Status.FORMING, doing="join")
        if not game.is_public and not game.invitations.filter(user=user, status=Invitation.Status.PENDING).exists():
            raise NotAllowed("This game is private: you need an invitation to join.")
        seat = _take_seat(game, user)
        game.invitations.filter(user=user, status=Invitation.Status.PENDING).update(
            status=Invitation.Status.ACCEPTED, answered_at=timezone.now()
        )
        return seat


def seat_leave(*, game_id: int, user) -> None:
    """Leave a game before it starts; a game left empty is aborted."""
    with transaction.atomic():
        game = _locked_game(game_id)
        _require_status(game, Game.Status.FORMING, doing="leave")
        deleted, _ = Seat.objects.filter(game=game, user=user).delete()
        if not deleted:
            raise NotAllowed("You have no seat in this game.")
        if not Seat.objects.filter(game=game).exists():
            game.status = Game.Status.ABORTED
            game.abort_reason = "Every player left before the start."
            game.save(update_fields=["status", "abort_reason"])


def seats_arrange(*, game_id: int, user, seat_order: list[int]) -> None:
    """The creator orders the seats (ids, in turn order) before the start;
    teams follow the order: A B A B… or A B C A B C…"""
    with transaction.atomic():
        game = _locked_game(game_id)
        _require_status(game, Game.Status.FORMING, doing="arrange the seats")
        if game.created_by_id != user.pk:
            raise NotAllowed("Only the player who created the game arranges its seats.")
        seats = {seat.pk: seat for seat in _seats(game)}
        if sorted(seat_order) != sorted(seats):
            raise InvalidSettings("Give every seat of the game exactly once.")
        _renumber(seats[seat_id] for seat_id in seat_order)


def _renumber(seats_in_order) -> None:
    seats = list(seats_in_order)
    for seat in seats:  # out of the way of the unique (game, position) first
        seat.position += 100
    Seat.objects.bulk_update(seats, ["position"])
    for position, seat in enumerate(seats):
        seat.position = position
    Seat.objects.bulk_update(seats, ["position"])


# --- invitations ------------------------------------------------------------


def invitation_create(*, game_id: int, inviter, invitee: str) -> Invitation:
    """Invite someone by username (which must exist) or e-mail address; an
    address without an account gets an invitation that its link can redeem
    after signing up. The invitation keeps what the inviter typed, and asking
    again for someone already invited returns their invitation."""
    try:
        invitee = inputs.clean_invitee(invitee)
    except ValidationError as exc:
        raise InvalidSettings(exc.messages[0]) from None
    with transaction.atomic():
        game = _locked_game(game_id)
        _require_status(game, Game.Status.FORMING, doing="invite players")
        if not game.seats.filter(user=inviter).exists():
            raise NotAllowed("Only the game's players can invite.")
        address = invitee.lower() if "@" in invitee else ""
        user = _invitee_account(invitee, address)
        if user is not None and game.seats.filter(user=user).exists():
            raise InvalidSettings(f"{invitee} already has a seat in this game.")
        existing = game.invitations.filter(_same_invitee(user, address)).first()
        if existing is not None:
            return existing
        now = timezone.now()
        _check_invitation_limits(game=game, inviter=inviter, now=now)
        invitation = Invitation.objects.create(game=game, invited_by=inviter, user=user, email=address)
        notify.invited(invitation=invitation, now=now)
        return invitation


def _check_invitation_limits(*, game: Game, inviter, now: datetime) -> None:
    """Every invitation is an e-mail to someone who did not ask for it: a game
    may have its open seats and two more waiting for an answer, and an inviter
    may send INVITATIONS_PER_DAY a day (counted in the database, so the limit
    holds on any cache backend and across workers)."""
    open_seats = game.players - game.seats.count()
    waiting = game.invitations.filter(status=Invitation.Status.PENDING).count()
    if waiting >= open_seats + INVITATIONS_BEYOND_OPEN_SEATS:
        raise TooManyInvitations(
            f"This game has {open_seats} open seat{'s' if open_seats != 1 else ''} and {waiting} invitations "
            "waiting for an answer already: invite more once someone declines."
        )
    per_day = getattr(settings, "INVITATIONS_PER_DAY", 50)
    sent = Invitation.objects.filter(invited_by=inviter, created_at__gt=now - timedelta(days=1)).count()
    if sent >= per_day:
        raise InvitationRateLimited(
            f"You have sent {sent} invitations in the last 24 hours, as many as anyone may: try again tomorrow."
        )


def _invitee_account(invitee: str, address: str):
    """The account behind a username (which must exist) or an address (which need not)."""
    if address:
        return User.objects.filter(email__iexact=address).first()
    user = User.objects.filter(username__iexact=invitee).first()
    if user is None:
        raise InvalidSettings(f"There is no player called '{invitee}'. Invite them by e-mail address instead.")
    return user


def _same_invitee(user, address: str) -> Q:
    """An invitation this game may already hold for the same person, by account or by address."""
    if user is None:
        return Q(email=address)
    return Q(user=user) | Q(email=address) if address else Q(user=user)


def invitation_accept(*, invitation_id: int, user) -> Seat:
    """Take a seat through an invitation. An invitation sent to an address
    is bound to whoever follows its signed link first."""
    with transaction.atomic():
        invitation = Invitation.objects.select_for_update().select_related("game").get(pk=invitation_id)
        if invitation.user_id not in (None, user.pk):
            raise NotAllowed("This invitation is for someone else.")
        if invitation.status != Invitation.Status.PENDING:
            raise WrongStatus(f"This invitation was already {invitation.get_status_display().lower()}.")
        game = _locked_game(invitation.game_id)
        _require_status(game, Game.Status.FORMING, doing="join")
        seat = _take_seat(game, user)
        invitation.user, invitation.status, invitation.answered_at = user, Invitation.Status.ACCEPTED, timezone.now()
        try:
            with transaction.atomic():
                invitation.save(update_fields=["user", "status", "answered_at"])
        except IntegrityError:  # the user also had an invitation by name: that one is answered too
            Invitation.objects.filter(game=game, user=user).update(status=Invitation.Status.ACCEPTED)
            invitation.user = None
            invitation.save(update_fields=["user", "status", "answered_at"])
        return seat


def invitation_decline(*, invitation_id: int, user) -> None:
    with transaction.atomic():
        invitation = Invitation.objects.select_for_update().get(pk=invitation_id)
        if invitation.user_id not in (None, user.pk):
            raise NotAllowed("This invitation is for someone else.")
        if invitation.status != Invitation.Status.PENDING:
            raise WrongStatus(f"This invitation was already {invitation.get_status_display().lower()}.")
        invitation.status, invitation.answered_at = Invitation.Status.DECLINED, timezone.now()
        invitation.save(update_fields=["status", "answered_at"])


# --- starting ---------------------------------------------------------------


def game_start(*, game_id: int, user, rng: random.Random | None = None) -> Game:
    """Cut for the deal, shuffle, deal and open the first turn. Any seated
    player may start once every seat is filled."""
    rng = rng or _secure_rng()
    with transaction.atomic():
        game = _locked_game(game_id)
        _require_status(game, Game.Status.FORMING, doing="start it")
        seats = _seats(game)
        if not any(seat.user_id == user.pk for seat in seats):
            raise NotAllowed("Only the game's players can start it.")
        if len(seats) < game.players:
            raise WrongStatus(f"{game.players - len(seats)} seat(s) are still empty.")
        cut = engine.cut_for_deal(game.players, rng)
        game.cut = {
            "rounds": [{seats[player].name: card for player, card in round_.items()} for round_ in cut.rounds],
            "dealer": seats[cut.dealer].name,
        }
        _renumber(seats[table_position] for table_position in cut.seat_order(game.players))
        seats.sort(key=lambda seat: seat.position)
        state = engine.deal(
            players=game.players, teams=game.teams, draw_mode=game.draw_mode, deck=engine.shuffled_deck(rng)
        )
        Hand.objects.bulk_create(Hand(seat=seat, cards=state.hands[seat.position]) for seat in seats)
        now = timezone.now()
        game.state = engine.state_to_json(state)
        game.status, game.started_at, game.version, game.turn_position = Game.Status.ACTIVE, now, 0, state.turn
        game.turn_deadline = game.next_deadline = now + timedelta(seconds=game.turn_seconds)
        game.save()
        notify.game_started(game=game, seats=seats, starter=user, now=now)
        return game


# --- moves --------------------------------------------------------------------


@dataclass
class MoveResult:
    game: Game
    move: Move
    events: list[dict]
    state: engine.State


def move_submit(*, game_id: int, user, move: str, expected_version: int, door: str = Move.Door.WEB) -> MoveResult:
    """A player's move, checked against the position they saw, through one of
    the players' doors (web, e-mail, API)."""
    if door not in PLAYER_DOORS:
        raise NotAllowed(f"move_submit takes players' moves only, not the {door} door's.")
    with transaction.atomic():
        game = _locked_game(game_id)
        _require_status(game, Game.Status.ACTIVE, doing="move")
        seats = _seats(game)
        seat = next((s for s in seats if s.user_id == user.pk), None)
        if seat is None:
            raise NotAllowed("You do not play in this game.")
        if expected_version != game.version:
            raise StaleVersion("The game has moved on since you looked at it. Here is the table as it is now.")
        state = engine.state_from_json(game.state)
        parsed = _parse_player_move(move)
        if parsed.kind in SITE_INPUTS:
            raise SiteOnlyInput(
                f"'{parsed.kind}' is not a player's move: the site records it (a lost draw or a skipped turn "
                f"when time runs out, a penalty from a moderator). {MOVE_HELP}"
            )
        if parsed.kind in ON_TURN_MOVES and seat.position != state.turn:
            raise NotYourTurn(f"It is not your turn: {seats[state.turn].name} is to play.")
        return _record_input(
            game=game,
            seats=seats,
            state=state,
            seat=seat.position,
            text=parsed.text,
            actor=Move.Actor.PLAYER,
            door=door,
            user=user,
        )


def _parse_player_move(text: str) -> engine.ParsedMove:
    """What a player typed, as a move. Text outside the notation never reaches
    the parser, and a parser failure of any kind is a refusal, not a 500."""
    if not inputs.is_move_text(text):
        raise IllegalMoveError(
            f"That is not a move: a move is at most {inputs.MOVE_MAX_LENGTH} characters, all of them letters, "
            f"digits, spaces, '-' or suit signs (♠♥♦♣). {MOVE_HELP}"
        )
    try:
        return engine.parse_move(text)
    except engine.MoveSyntaxError as exc:
        raise IllegalMoveError(str(exc)) from None
    except Exception:
        log.exception("The move parser failed on %r", text)
        raise IllegalMoveError(f"That is not a move. {MOVE_HELP}") from None


def _record_input(*, game, seats, state, seat, text, actor, door, user, now=None) -> MoveResult:
    """Apply one input (`text` in canonical notation) through the engine and
    store everything it changed."""
    now = now or timezone.now()
    try:
        new_state, events = engine.apply(state, seat, text, shuffle=_secure_shuffle)
    except engine.IllegalMove as exc:
        raise IllegalMoveError(str(exc)) from None
    seq = game.version + 1
    _update_deadlines(game, seats, state, new_state, now)
    if actor == Move.Actor.PLAYER:
        seats[seat].missed_turns = 0
    if new_state.result is not None:
        game.status, game.finished_at = Game.Status.FINISHED, now
        game.winner = new_state.result["winner"] or ""
        game.result_reason = new_state.result["reason"]
    game.state = engine.state_to_json(new_state)
    game.turn_position = new_state.turn
    # Compare-and-swap on the version: on a database without row locks
    # (SQLite) this alone keeps two submissions for one turn from both landing.
    fields = {
        f: getattr(game, f)
        for f in (
            "state",
            "status",
            "finished_at",
            "winner",
            "result_reason",
            "turn_position",
            "turn_deadline",
            "next_deadline",
        )
    }
    if not Game.objects.filter(pk=game.pk, version=game.version).update(version=seq, **fields):
        raise StaleVersion("The game has moved on since you looked at it. Here is the table as it is now.")
    game.version = seq
    record = Move.objects.create(
        game=game,
        seq=seq,
        seat=seat,
        text=text,
        actor=actor,
        door=door,
        entered_by=user,
        events=events,
    )
    for seat_ in seats:
        seat_.hand.cards = new_state.hands[seat_.position]
    Hand.objects.bulk_update([seat_.hand for seat_ in seats], ["cards"])
    Seat.objects.bulk_update(seats, ["missed_turns", "draw_deadline"])
    notify.after_input(game=game, seats=seats, old=state, new=new_state, events=events, door=door, now=now)
    return MoveResult(game=game, move=record, events=events, state=new_state)


def _update_deadlines(game: Game, seats: list[Seat], old, new, now: datetime) -> None:
    """Deadlines are stored, not scheduled: a periodic sweep finds them."""
    if new.result is not None:
        game.turn_deadline = None
        for seat in seats:
            seat.draw_deadline = None
    else:
        if new.turn_no != old.turn_no or game.turn_deadline is None:
            game.turn_deadline = now + timedelta(seconds=game.turn_seconds)
        for seat in seats:
            if new.pending[seat.position] is None:
                seat.draw_deadline = None
            elif old.pending[seat.position] is None:
                seat.draw_deadline = now + timedelta(seconds=game.draw_window_seconds)
    candidates = [game.turn_deadline, *(seat.draw_deadline for seat in seats)]
    game.next_deadline = min((d for d in candidates if d is not None), default=None)


# --- the site's own inputs ------------------------------------------------------


def deadline_enforce(*, game_id: int, now: datetime | None = None) -> list[Move]:
    """Record what passed deadlines mean: lost draws, then a skipped (or,
    after too many in a row, conceded) turn. Idempotent: deadlines that a
    player beat, or that a previous run already enforced, are no longer due."""
    now = now or timezone.now()
    recorded = []
    with transaction.atomic():
        game = _locked_game(game_id)
        if game.status != Game.Status.ACTIVE or game.next_deadline is None or game.next_deadline > now:
            return recorded
        seats = _seats(game)
        state = engine.state_from_json(game.state)
        for seat in seats:
            if seat.draw_deadline and seat.draw_deadline <= now and state.pending[seat.position] is not None:
                result = _record_input(
                    game=game,
                    seats=seats,
                    state=state,
                    seat=seat.position,
                    text="lost",
                    actor=Move.Actor.SYSTEM,
                    door=Move.Door.SYSTEM,
                    user=None,
                    now=now,
                )
                state = result.state
                recorded.append(result.move)
        if game.status == Game.Status.ACTIVE and game.turn_deadline and game.turn_deadline <= now:
            seat = seats[state.turn]
            concede = (
                game.missed_turn_policy == Game.MissedTurnPolicy.CONCEDE and seat.missed_turns + 1 >= game.concede_after
            )
            seat.missed_turns += 1
            result = _record_input(
                game=game,
                seats=seats,
                state=state,
                seat=seat.position,
                text="resign" if concede else "skip",
                actor=Move.Actor.SYSTEM,
                door=Move.Door.SYSTEM,
                user=None,
                now=now,
            )
            recorded.append(result.move)
    return recorded


def penalty_apply(*, game_id: int, moderator, team: str) -> MoveResult:
    """The table-talk penalty, applied by a moderator to a team."""
    with transaction.atomic():
        game = _locked_game(game_id)
        _require_status(game, Game.Status.ACTIVE, doing="apply a penalty")
        if not moderator.is_staff:
            raise NotAllowed("Only moderators apply the table-talk penalty.")
        try:
            text = engine.parse_move(f"penalize {team}").text
        except engine.MoveSyntaxError as exc:
            raise IllegalMoveError(str(exc)) from None
        return _record_input(
            game=game,
            seats=_seats(game),
            state=engine.state_from_json(game.state),
            seat=None,
            text=text,
            actor=Move.Actor.MODERATOR,
            door=Move.Door.ADMIN,
            user=moderator,
        )


def game_abort(*, game_id: int, moderator, reason: str) -> Game:
    with transaction.atomic():
        game = _locked_game(game_id)
        _require_status(game, Game.Status.FORMING, Game.Status.ACTIVE, doing="abort it")
        if not moderator.is_staff:
            raise NotAllowed("Only moderators abort games.")
        game.status, game.abort_reason, game.finished_at = Game.Status.ABORTED, reason[:200], timezone.now()
        game.turn_deadline = game.next_deadline = None
        game.save(update_fields=["status", "abort_reason", "finished_at", "turn_deadline", "next_deadline"])
        Seat.objects.filter(game=game).update(draw_deadline=None)
        return game


# --- records ----------------------------------------------------------------------


def game_export(*, game: Game) -> dict:
    """The game as a `sequence-record/1` document. It holds the deck order:
    only finished games' records may be shown to players."""
    if game.state is None:
        raise WrongStatus("A game that has not started has no record yet.")
    state = engine.state_from_json(game.state)
    moves = list(game.moves.order_by("seq").values_list("seat", "text"))
    seats = [{"player": seat.name} for seat in game.seats.order_by("position")]
    extra = {"site_game_id": game.pk, "cut": game.cut, "status": game.status}
    return engine.record_export(state, seats=seats, moves=moves, **extra)


def game_import(*, document: dict, imported_by) -> Game:
    """A record replayed and stored as a finished game, for the replay viewer."""
    try:
        record = engine.record_load(document)
    except engine.RecordError as exc:
        raise InvalidSettings(f"Malformed record: {exc}") from None
    names = [_imported_name(entry, position) for position, entry in enumerate(record.seats)]
    with transaction.atomic():
        game = Game.objects.create(
            created_by=imported_by,
            players=len(record.seats),
            teams=record.teams,
            draw_mode=record.draw_mode,
            turn_seconds=24 * 3600,
            draw_window_seconds=12 * 3600,
            status=Game.Status.FINISHED,
            started_at=timezone.now(),
            cut=record.extra.get("cut"),
        )
        seats = []
        for position, name in enumerate(names):
            seats.append(
                Seat.objects.create(
                    game=game,
                    position=position,
                    name=name,
                    user=User.objects.filter(username=name).first(),
                )
            )
        state = record.initial_state()
        moves = []
        try:
            for step in engine.replay_steps(record):
                state = step.state
                moves.append(
                    Move(
                        game=game,
                        seq=step.index + 1,
                        seat=step.seat,
                        text=engine.parse_move(step.text).text,
                        actor=Move.Actor.PLAYER if step.seat is not None else Move.Actor.MODERATOR,
                        door=Move.Door.SYSTEM,
                        events=step.events,
                    )
                )
        except engine.IllegalMove as exc:
            raise IllegalMoveError(f"Move {exc.index + 1} of the record is illegal: {exc}") from None
        except engine.RecordError as exc:  # e.g. a reshuffle entry missing or wrong
            raise InvalidSettings(f"Malformed record: {exc}") from None
        Move.objects.bulk_create(moves)
        Hand.objects.bulk_create(Hand(seat=seat, cards=state.hands[seat.position]) for seat in seats)
        game.state, game.version, game.finished_at = engine.state_to_json(state), len(moves), timezone.now()
        game.turn_position = state.turn
        if state.result:
            game.winner, game.result_reason = state.result["winner"] or "", state.result["reason"]
        game.save()
        return game


def _imported_name(entry: dict, position: int) -> str:
    """A seat's player name from a record; it must fit the seat's name column."""
    name = str(entry.get("player") or f"seat {position}")
    if not inputs.fits(name, max_length=Seat._meta.get_field("name").max_length):
        raise InvalidSettings(
            f"Malformed record: the player name of seat {position} is too long or holds a control character."
        )
    return name


def game_verify(*, game: Game) -> list[str]:
    """What disagrees between the move log, the snapshot and the hands (empty when all agree)."""
    if game.state is None:
        return []
    problems = []
    stored = engine.state_from_json(game.state)
    seqs = list(game.moves.order_by("seq").values_list("seq", flat=True))
    if seqs != list(range(1, len(seqs) + 1)):
        problems.append("the move log has a gap or a duplicate")
    if game.version != len(seqs):
        problems.append(f"version {game.version} but {len(seqs)} moves")
    try:
        replayed = engine.replay(engine.record_load(game_export(game=game)))
    except engine.RecordError as exc:
        return [*problems, f"the record does not load: {exc}"]
    if replayed.error:
        problems.append(f"move {replayed.error['index'] + 1} does not replay: {replayed.error['reason']}")
    elif replayed.state != stored:
        problems.append("replaying the move log does not give the stored state")
    if game.turn_position != stored.turn:
        problems.append("the stored turn differs from the state")
    for seat in game.seats.select_related("hand"):
        hand = getattr(seat, "hand", None)
        if hand is None or hand.cards != stored.hands[seat.position]:
            problems.append(f"the hand of seat {seat.position} differs from the state")
    return problems
