"""Games as `sequence-record/1` documents: exporting one, importing one as
a finished game for the replay viewer, and verifying that a game's move log
replays to its stored state. Records are not play: no move goes through here."""

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games import engine, inputs, refusals
from games.models import Game, Hand, Move, Seat

User = get_user_model()


def game_export(*, game: Game) -> dict:
    """The game as a `sequence-record/1` document. It holds the deck order:
    only finished games' records may be shown to players."""
    if game.state is None:
        raise refusals.NO_RECORD_YET()
    state = engine.state_from_json(game.state)
    log = list(game.moves.order_by("seq").values_list("seat", "text", "door"))
    moves = [(seat, text) for seat, text, _ in log]
    seats = [{"player": seat.name} for seat in game.seats.order_by("position")]
    extra = {"site_game_id": game.pk, "cut": game.cut, "status": game.status}
    # Who played which moves: a bot's, by their numbers (1 is the first move).
    bot_moves = [number for number, (_, _, door) in enumerate(log, start=1) if door == Move.Door.BOT]
    if bot_moves:
        extra["bot_moves"] = bot_moves
    return engine.record_export(state, seats=seats, moves=moves, **extra)


def game_import(*, document: dict, imported_by) -> Game:
    """A record replayed and stored as a finished game, for the replay viewer."""
    try:
        record = engine.record_load(document)
    except engine.RecordError as exc:
        raise refusals.MALFORMED_RECORD(reason=exc.refusal.as_dict()) from None
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
        seats = [
            Seat.objects.create(
                game=game, position=position, name=name, user=User.objects.filter(username=name).first()
            )
            for position, name in enumerate(names)
        ]
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
            raise refusals.RECORD_MOVE_ILLEGAL(number=exc.index + 1, reason=exc.refusal.as_dict()) from None
        except engine.RecordError as exc:  # e.g. a reshuffle entry missing or wrong
            raise refusals.MALFORMED_RECORD(reason=exc.refusal.as_dict()) from None
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
        raise refusals.RECORD_NAME_UNFIT(position=position)
    return name


def game_verify(*, game: Game) -> list[str]:
    """What disagrees between the move log, the snapshot and the hands (empty
    when all agree), in English for the operator who runs verify_games."""
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
