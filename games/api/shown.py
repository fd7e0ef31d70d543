"""A game as the API shows it to one seat or a spectator: the engine's
player_view (never another seat's hand, never the draw pile's order) with
the seats, clocks, legal actions as data, the last moves and the news since
my last play (the page's and the turn e-mail's list, as data)."""

from django.utils import timezone

from games import engine, inputs, refusals
from games.models import Game, Move
from games.viewmodels.recap import MOST_ENTRIES, recap_of, since_last_acted
from games.viewmodels.resignation import open_resignation
from games.viewmodels.table import history_window

LAST_MOVES = 10


def checked_id(game_id: int) -> int:
    """An id no game can have is no game, before any query (SQLite cannot compare a 20-digit number)."""
    if not inputs.is_game_id(game_id):
        raise refusals.NO_SUCH_GAME()
    return game_id


def when(moment):
    return moment.isoformat() if moment else None


def seconds_left(deadline, now) -> int | None:
    return max(0, int((deadline - now).total_seconds())) if deadline else None


def move_as_data(move: Move) -> dict:
    return {
        "version": move.seq,
        "seat": move.seat,
        "text": move.text,
        "actor": move.actor,
        "door": move.door,
        "events": move.events,
        "at": when(move.created_at),
    }


def game_as_seen(game: Game, seats, mine) -> dict:
    """The game as `mine` (a seat, or None for a spectator) may see it."""
    now = timezone.now()
    state = engine.state_from_json(game.state) if game.state else None
    position = mine.position if mine else None
    table = None
    if state is not None:
        table = engine.player_view(state, position)
        table.pop("legal_moves", None)
        table["discard_tops"] = [pile[-1] if pile else None for pile in state.discards]
        acting = game.status == Game.Status.ACTIVE and position is not None
        table["legal_actions"] = engine.legal_actions(state, position) if acting else []
    last = Move.objects.filter(game=game).order_by("-seq")[:LAST_MOVES]
    return {
        "id": game.pk,
        "status": game.status,
        "version": game.version,
        "revision": game.revision,
        "players": game.players,
        "teams": game.teams,
        "draw_mode": game.draw_mode,
        "is_public": game.is_public,
        "rated": game.rated,
        "turn_seconds": game.turn_seconds,
        "turn": game.turn_position,
        "turn_deadline": when(game.turn_deadline),
        "turn_seconds_left": seconds_left(game.turn_deadline, now),
        "winner": game.winner or None,
        "result_reason": game.result_reason or None,
        "my_seat": position,
        "seats": [
            {
                "seat": seat.position,
                "name": seat.name,
                "team": game.team_name_of(seat.position),
                "cards": len(state.hands[seat.position]) if state else 0,
                "missed_turns": seat.missed_turns,
                "draw_deadline": when(seat.draw_deadline),
                "draw_seconds_left": seconds_left(seat.draw_deadline, now),
            }
            for seat in seats
        ],
        "table": table,
        "resignation": _resignation(game, seats, mine, now),
        "last_moves": [move_as_data(move) for move in reversed(last)],
        "news": _news(game, seats, position, state),
    }


def _news(game: Game, seats, position: int | None, state) -> list[dict]:
    """One entry per seat since my last play, newest first (a spectator's: the
    round since the seat to play last played), as the page lists them
    (games.viewmodels.recap): each seat's moves with the events told of it,
    the draw folded into its play."""
    if state is None:
        return []
    recent = list(Move.objects.filter(game=game).order_by("-seq")[: history_window(game.players)])
    news = since_last_acted(recent, position if position is not None else state.turn)
    names = {seat.position: seat.name for seat in seats}
    teams = {seat.position: game.team_name_of(seat.position) for seat in seats}
    recap = recap_of(news, position, names, teams, most=MOST_ENTRIES)
    return [
        {
            "seat": entry.seat,
            "team": entry.team,
            "moves": [{**move_as_data(move), "events": list(events)} for move, events in entry.acts],
        }
        for entry in recap.entries
    ]


def _resignation(game: Game, seats, mine, now) -> dict | None:
    """My team's open resignation proposal (team games): only its members see it."""
    if mine is None or game.status != Game.Status.ACTIVE or game.players == game.teams:
        return None
    shown = open_resignation(game=game, seats=seats, my_seat=mine, now=now)
    if shown is None:
        return None
    return {
        "proposed_by": shown.proposer,
        "agreed": list(shown.agreed),
        "waiting_for": list(shown.waiting),
        "expires_at": when(shown.expires_at),
    }
