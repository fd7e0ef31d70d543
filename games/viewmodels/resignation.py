"""A team's resignation as one of its members sees it: on the table's
banner and on the resign page (services.resign is the change)."""

from dataclasses import dataclass
from datetime import datetime

from games.models import Game, ResignationProposal, Seat
from games.teammates import deciders, open_proposal


@dataclass(frozen=True)
class ResignationView:
    alone: bool  # a team of one: resigning is one confirmed step
    proposer: str = ""
    agreed: tuple[str, ...] = ()
    waiting: tuple[str, ...] = ()
    others_waiting: tuple[str, ...] = ()  # the waiting but the viewer, who is asked on the page itself
    expires_at: datetime | None = None
    i_agreed: bool = False
    i_proposed: bool = False

    @property
    def open(self) -> bool:
        return bool(self.proposer)


def resignation_for(*, game: Game, seats: list[Seat], my_seat: Seat, now: datetime) -> ResignationView:
    """For the resign page: whether the seat resigns alone, and its team's open proposal."""
    team = game.team_of(my_seat.position)
    asked = deciders(game, seats, team, now)
    if asked == [my_seat.position]:
        return ResignationView(alone=True)
    proposal = open_proposal(game, team, now)
    return ResignationView(alone=False) if proposal is None else _shown(proposal, asked, seats, my_seat)


def open_resignation(*, game: Game, seats: list[Seat], my_seat: Seat, now: datetime) -> ResignationView | None:
    """For the table's banner and the API: the team's open proposal, if any
    (one query when there is none)."""
    team = game.team_of(my_seat.position)
    proposal = open_proposal(game, team, now)
    if proposal is None:
        return None
    return _shown(proposal, deciders(game, seats, team, now), seats, my_seat)


def _shown(proposal: ResignationProposal, asked: list[int], seats: list[Seat], my_seat: Seat) -> ResignationView:
    names = {seat.position: seat.name for seat in seats}
    return ResignationView(
        alone=False,
        proposer=names[proposal.proposed_by],
        agreed=tuple(names[p] for p in proposal.agreed),
        waiting=tuple(names[p] for p in asked if p not in proposal.agreed),
        others_waiting=tuple(names[p] for p in asked if p not in proposal.agreed and p != my_seat.position),
        expires_at=proposal.expires_at,
        i_agreed=my_seat.position in proposal.agreed,
        i_proposed=my_seat.position == proposal.proposed_by,
    )
