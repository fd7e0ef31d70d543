"""{% game_terms game seats %}: the terms a game was made with that its
title line leaves out (how long the tabletop draw waits, what a missed turn
costs, whether vacations stop the clock, whether it counts for the ratings),
for the waiting room and the table."""

from django import template

from games.models import Game
from games.rating_rule import counts_for_ratings

register = template.Library()


@register.inclusion_tag("games/_terms.html")
def game_terms(game: Game, seats) -> dict:
    return {"game": game, "counts_for_ratings": counts_for_ratings(game, seats)}
