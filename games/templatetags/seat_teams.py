"""A seat's team where a list knows only its position and the game's number
of teams (My games' rows): {{ seat.position|team_at:row.game.teams }}, by
the engine's rule (seats alternate teams); and a team's chip in a text
e-mail: {{ seat.team|letter }} is "[B]"."""

from django import template

from games.engine import TEAM_NAMES
from games.engine.setup import team_of
from games.mail.board_text import bracketed_letter

register = template.Library()


@register.filter
def team_at(position: int, teams: int) -> str:
    return TEAM_NAMES[team_of(position, teams)]


@register.filter
def letter(team: str | None) -> str:
    return bracketed_letter(team)
