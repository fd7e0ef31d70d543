"""A team deciding together (a resignation): who must agree, and what is open."""

from datetime import datetime

from django.db.models import Q

from games.models import Game, PlayerSuspension, ResignationProposal, Seat


def deciders(game: Game, seats: list[Seat], team: int, now: datetime) -> list[int]:
    """The positions of the team's seats whose player must agree: seated by an
    account that is active and not suspended, and not played by a bot (a
    suspended or absent player can agree to nothing, so waiting for them would
    only let every proposal lapse)."""
    members = [s for s in seats if game.team_of(s.position) == team and s.person is not None and s.user.is_active]
    barred = set(
        PlayerSuspension.objects.filter(Q(ends_at__isnull=True) | Q(ends_at__gt=now), lifted_at__isnull=True)
        .filter(user_id__in=[s.user_id for s in members])
        .values_list("user_id", flat=True)
    )
    return [s.position for s in members if s.user_id not in barred]


def open_proposal(game: Game, team: int, now: datetime) -> ResignationProposal | None:
    """The team's resignation proposal that is open and not yet lapsed."""
    return ResignationProposal.objects.filter(
        game=game, team=team, status=ResignationProposal.Status.OPEN, expires_at__gt=now
    ).first()
