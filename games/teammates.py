"""A team deciding together (a resignation): who must agree, and what is open."""

from datetime import datetime

from django.db.models import Q

from games.models import Game, PlayerSuspension, ResignationProposal, Seat


def deciders(game: Game, seats: list[Seat], team: int, now: datetime) -> list[int]:
    """The positions of the team's seats whose player must agree: seated by an
    account that is active and not suspended, and not played by a bot (a
    suspended or absent player can agree to nothing, so waiting for them would
    only let every proposal lapse)."""
    members = _members(game, seats, team)
    barred = set(_suspensions(members, now).values_list("user_id", flat=True))
    return [s.position for s in members if s.user_id not in barred]


def deciders_change(game: Game, seats: list[Seat], team: int, now: datetime) -> list[datetime]:
    """When `deciders` will answer otherwise with time alone: a member's suspension ends."""
    return list(
        _suspensions(_members(game, seats, team), now).filter(ends_at__isnull=False).values_list("ends_at", flat=True)
    )


def _members(game: Game, seats: list[Seat], team: int) -> list[Seat]:
    return [s for s in seats if game.team_of(s.position) == team and s.person is not None and s.user.is_active]


def _suspensions(members: list[Seat], now: datetime):
    return PlayerSuspension.objects.filter(Q(ends_at__isnull=True) | Q(ends_at__gt=now), lifted_at__isnull=True).filter(
        user_id__in=[s.user_id for s in members]
    )


def open_proposal(game: Game, team: int, now: datetime) -> ResignationProposal | None:
    """The team's resignation proposal that is open and not yet lapsed."""
    return ResignationProposal.objects.filter(
        game=game, team=team, status=ResignationProposal.Status.OPEN, expires_at__gt=now
    ).first()
