"""Which of a table's rarer parts have something to show — the game's
moderator notes, the votes cast since its last move, its chat — counted in
one query, which only a page built anew makes (a reload is served whole
and reads none of them); the page then reads only the parts that have
something (most games have no notes, no votes and often no chat)."""

from dataclasses import dataclass
from functools import cache

from django.db import connection

from games.models import ChatMessage, Game, ModerationAction, Vote


@dataclass(frozen=True, slots=True)
class TableExtras:
    moderator_notes: int
    votes_cast: int  # since the game's last move (its version)
    chat_shown: bool  # a message nobody hid


@cache
def _sql() -> str:
    notes, votes, chat = ModerationAction._meta, Vote._meta, ChatMessage._meta
    return (
        f"SELECT (SELECT COUNT(*) FROM {notes.db_table} WHERE {notes.get_field('game').column} = %s),"
        f" (SELECT COUNT(*) FROM {votes.db_table} WHERE {votes.get_field('game').column} = %s"
        f" AND {votes.get_field('version').column} = %s),"
        f" CASE WHEN EXISTS (SELECT 1 FROM {chat.db_table} WHERE {chat.get_field('game').column} = %s"
        f" AND {chat.get_field('hidden_at').column} IS NULL) THEN 1 ELSE 0 END"
    )


def table_extras(game: Game) -> TableExtras:
    with connection.cursor() as cursor:
        cursor.execute(_sql(), [game.pk, game.pk, game.version, game.pk])
        notes, votes, chat = cursor.fetchone()
    return TableExtras(moderator_notes=notes, votes_cast=votes, chat_shown=bool(chat))
