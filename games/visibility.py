"""The one rule of who may see a game, wherever it shows: a public game
anyone; a private one its players, moderators, and those invited while it
forms, until they decline (an invitation is for a seat). Written in SQL once,
as a condition on a games table under a given alias: the single game's query
runs it on a cursor (games.game_seen), the lists' querysets take it as a
filter (games.selectors)."""

from games.models import Game, Invitation, Seat
from games.moderators import is_moderator


def visible_sql(*, user, game: str) -> tuple[str, list]:
    """The rule as an SQL condition on the games table aliased `game`, and its parameters."""
    if is_moderator(user):
        return "1 = 1", []
    games, seats, invitations = Game._meta, Seat._meta, Invitation._meta
    public = f"{game}.{games.get_field('is_public').column}"
    if not user.is_authenticated:
        return public, []
    of_game = f"= {game}.{games.pk.column}"
    seated = (
        f"EXISTS (SELECT 1 FROM {seats.db_table} vs WHERE vs.{seats.get_field('game').column} {of_game}"
        f" AND vs.{seats.get_field('user').column} = %s)"
    )
    invited = (
        f"({game}.{games.get_field('status').column} = %s AND EXISTS (SELECT 1 FROM {invitations.db_table} vi"
        f" WHERE vi.{invitations.get_field('game').column} {of_game}"
        f" AND vi.{invitations.get_field('user').column} = %s AND vi.{invitations.get_field('status').column} = %s))"
    )
    params = [user.pk, Game.Status.FORMING.value, user.pk, Invitation.Status.PENDING.value]
    return f"({public} OR {seated} OR {invited})", params
