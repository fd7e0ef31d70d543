"""What happened at a table since a player last moved, for turn e-mails: the
moves in plain words (the recap) and the new chat. Loaded for a whole batch
of e-mails at once: three queries, whatever the batch's size."""

from dataclasses import dataclass

from django.db.models import Max, Q

from games.describe import describe_move
from games.models import ChatMessage, Game, Move, Seat
from games.viewmodels.chat import new_messages

RECAP_LINES = 12


@dataclass
class News:
    recap: dict  # lines: the moves since, the oldest first, at most RECAP_LINES; more: how many were left out
    messages: list[ChatMessage]


def news_for(games_and_seats: list[tuple[Game, Seat]]) -> dict[int, News]:
    """Per game: the news for its seat in `games_and_seats`, at most one seat a
    game (the one to move); the games with their seats loaded."""
    if not games_and_seats:
        return {}
    seats = {game.pk: seat for game, seat in games_and_seats}
    last_own = _last_own_moves(seats)
    since: dict[int, list[dict]] = {game_id: [] for game_id in seats}
    for move in _moves_from(last_own, seats):
        since[move["game_id"]].append(move)
    news, chat_since = {}, {}
    for game, seat in games_and_seats:
        moves = since[game.pk]
        own = moves.pop(0) if last_own.get(game.pk) else None  # the seat's own last move opens the list
        chat_since[seat] = own["created_at"] if own else game.started_at or game.created_at
        news[game.pk] = News(recap=_recap(game, moves), messages=[])
    for game_id, messages in new_messages(chat_since).items():
        news[game_id].messages = messages
    return news


def _last_own_moves(seats: dict[int, Seat]) -> dict[int, int]:
    """Per game: the number of the seat's own last move (none if it has not moved)."""
    last = Move.objects.filter(game_id__in=seats).values_list("game_id", "seat").annotate(last=Max("seq")).order_by()
    return {game_id: seq for game_id, position, seq in last if seats[game_id].position == position}


def _moves_from(last_own: dict[int, int], seats: dict[int, Seat]) -> list[dict]:
    """The moves of each game from the seat's own last one on (all of them if it has none)."""
    wanted = Q(*(Q(game_id=game_id, seq__gte=last_own.get(game_id, 0)) for game_id in seats), _connector=Q.OR)
    fields = ("game_id", "seq", "seat", "text", "events", "created_at")
    return list(Move.objects.filter(wanted).order_by("game_id", "seq").values(*fields))


def _recap(game: Game, moves: list[dict]) -> dict:
    names = {seat.position: seat.name for seat in game.seats.all()}
    lines = [
        describe_move(seat_names=names, seat=move["seat"], text=move["text"], events=move["events"])
        for move in moves[:RECAP_LINES]
    ]
    return {"lines": lines, "more": len(moves) - len(lines)}
