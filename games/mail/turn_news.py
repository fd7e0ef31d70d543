"""What happened at a table since a player last acted, for turn e-mails: the
moves since (worded by games.viewmodels.recap, as the table's line above the
board is, when the e-mail is built in its reader's language) and the new
chat. Loaded for a whole batch of e-mails at once: three queries, whatever
the batch's size."""

from dataclasses import dataclass

from django.db.models import Max, Q

from games.models import ChatMessage, Game, Move, Seat
from games.viewmodels.chat import new_messages
from games.viewmodels.recap import MOST_ENTRIES, Recap, recap_of


@dataclass
class News:
    moves: list[Move]  # since the seat last acted, newest first
    messages: list[ChatMessage]

    def recap(self, game: Game, seat: Seat) -> Recap:
        names = {other.position: other.name for other in game.seats.all()}
        teams = {other.position: game.team_name_of(other.position) for other in game.seats.all()}
        return recap_of(self.moves, seat.position, names, teams, most=MOST_ENTRIES)


def news_for(games_and_seats: list[tuple[Game, Seat]]) -> dict[int, News]:
    """Per game: the news for its seat in `games_and_seats`, at most one seat a
    game (the one to move); the games with their seats loaded."""
    if not games_and_seats:
        return {}
    seats = {game.pk: seat for game, seat in games_and_seats}
    last_acted = _last_acted(seats)
    since: dict[int, list[Move]] = {game_id: [] for game_id in seats}
    for move in _moves_from(last_acted, seats):
        since[move.game_id].append(move)
    news, chat_since = {}, {}
    for game, seat in games_and_seats:
        moves = since[game.pk]
        own = moves.pop() if last_acted.get(game.pk) else None  # the seat's own last act opens the list
        chat_since[seat] = own.created_at if own else game.started_at or game.created_at
        news[game.pk] = News(moves=moves, messages=[])
    for game_id, messages in new_messages(chat_since).items():
        news[game_id].messages = messages
    return news


def _last_acted(seats: dict[int, Seat]) -> dict[int, int]:
    """Per game: the number of the seat's own last play (none if it has not
    played): not its draw, which may come after others' plays, nor what the
    site did at the seat (a skip, a lost draw), which is news
    (games.viewmodels.recap.is_own_play)."""
    players = Move.objects.filter(game_id__in=seats, actor=Move.Actor.PLAYER).exclude(text="draw")
    last = players.values_list("game_id", "seat").annotate(last=Max("seq")).order_by()
    return {game_id: seq for game_id, position, seq in last if seats[game_id].position == position}


def _moves_from(last_acted: dict[int, int], seats: dict[int, Seat]) -> list[Move]:
    """The moves of each game from the seat's own last act on (all of them if
    it has none), newest first."""
    wanted = Q(*(Q(game_id=game_id, seq__gte=last_acted.get(game_id, 0)) for game_id in seats), _connector=Q.OR)
    fields = ("game_id", "seq", "seat", "text", "events", "actor", "created_at")
    return list(Move.objects.filter(wanted).order_by("game_id", "-seq").only(*fields))
