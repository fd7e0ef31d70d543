"""A rematch: the players of a finished game at a new table with the same
settings, their seats rotated by one (games.dealing rotates them at the
deal), through the invitation services: the first player to ask creates it
and invites the others, and each of them takes their seat with one click."""

from games import refusals
from games.models import Game, Invitation
from games.services._common import changing, seats_of
from games.services.games import game_create
from games.services.invitations import invitation_accept

# What a rematch keeps of its game: everything chosen on the new-game form.
SETTINGS = (
    "players",
    "teams",
    "draw_mode",
    "turn_seconds",
    "clock_kind",
    "bank_initial_seconds",
    "bank_increment_seconds",
    "bank_cap_seconds",
    "weekends_off",
    "draw_window_seconds",
    "missed_turn_policy",
    "concede_after",
    "is_public",
    "vacation_allowed",
    "rated",
)


def game_rematch(*, game_id: int, user) -> Game:
    """The rematch of a finished game, for one of its players: made by the
    first who asks (the others invited), joined by each other player's ask
    (their invitation accepted); asking again changes nothing. The game's
    row is locked, so two players asking at once make one rematch, and its
    revision bumped, so its table shows the rematch."""
    with changing(game_id, action="rematch", statuses=(Game.Status.FINISHED,)) as game:
        seats = seats_of(game)
        players = [seat.user for seat in seats if seat.user is not None]
        # The bots that took a seat play again; a bot that stood in for a player does not: the player is invited.
        bots = [seat.bot_level for seat in seats if seat.user is None and seat.bot_level is not None]
        if all(player.pk != user.pk for player in players):
            raise refusals.PLAYERS_ONLY_REMATCH()
        rematch = game.rematches.filter(status__in=(Game.Status.FORMING, Game.Status.ACTIVE)).order_by("pk").first()
        if rematch is None:
            others = [player.username for player in players if player.pk != user.pk]
            return game_create(
                creator=user,
                start_mode=Game.StartMode.AUTO,
                invitees=others,
                bots=len(bots),
                bot_level=bots[0] if bots else 1,
                rematch_of=game,
                **{name: getattr(game, name) for name in SETTINGS},
            )
        invitation = rematch.invitations.filter(user=user, status=Invitation.Status.PENDING).first()
        if invitation is not None:
            invitation_accept(invitation_id=invitation.pk, user=user)
        return Game.objects.get(pk=rematch.pk)
