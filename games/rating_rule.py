"""Whether a game counts for its players' ratings, one rule for the rating
of a finished game (games.services.ratings) and for the game's terms on its
pages (games.templatetags.terms): its creator left it rated, it was not
aborted, every seat is a person's, and no bot ever made a move in it (one
that stood in for a while, though its player took the seat back)."""

from games.models import Game, Move


def counts_for_ratings(game: Game, seats) -> bool:
    if not game.rated or game.status == Game.Status.ABORTED:
        return False
    if not all(seat.user_id and not seat.is_bot for seat in seats):
        return False
    if game.status == Game.Status.FORMING:
        return True  # no move yet: nothing to ask the database
    return not Move.objects.filter(game=game, door=Move.Door.BOT).exists()
