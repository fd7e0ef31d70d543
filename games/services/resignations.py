"""Resigning. A team of one resigns at once (after the door's confirmation);
in a team game a resignation is a proposal to the team, which concedes once
every teammate seated by a person has agreed, on any door. A teammate's
decline, the proposer's withdrawal or RESIGN_PROPOSAL_HOURS lapse it."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from games import engine, refusals
from games.mail import notify
from games.models import Game, Move, ResignationProposal, Seat
from games.services._common import changing, seats_of
from games.services.moves import PLAYER_DOORS, MoveResult, record_input
from games.suspension_rule import require_not_suspended
from games.teammates import deciders, deciders_change, open_proposal

Status = ResignationProposal.Status


@dataclass(frozen=True)
class Resignation:
    """What a resignation did: the team conceded (`result` is its move), or
    the team's proposal now waits for the teammates named in `waiting_for`."""

    result: MoveResult | None
    proposal: ResignationProposal | None
    waiting_for: tuple[str, ...] = ()

    @property
    def resigned(self) -> bool:
        return self.result is not None


def resign(*, game_id: int, user, door: str, expected_version: int | None = None) -> Resignation:
    """`user` resigns, or agrees to their team's resignation. A team of one
    resigns only from the position it confirmed (`expected_version`); an
    agreement to a teammate's proposal holds whatever was played meanwhile."""
    if door not in PLAYER_DOORS:
        raise refusals.PLAYERS_DOORS_ONLY(door=door)
    require_not_suspended(user)
    now = timezone.now()
    with changing(game_id, action="resign", statuses=(Game.Status.ACTIVE,)) as game:
        seats = seats_of(game)
        seat = _my_seat(seats, user)
        state = engine.state_from_json(game.state)
        team = game.team_of(seat.position)
        if state.resigned[team]:
            raise refusals.CANNOT_RESIGN()
        asked = deciders(game, seats, team, now)
        if asked == [seat.position]:
            if expected_version is not None and expected_version != game.version:
                raise refusals.STALE_VERSION()
            return Resignation(result=_concede(game, seats, state, seat.position, door, user, now), proposal=None)
        _lapse_expired(game, team, now)
        proposal = open_proposal(game, team, now)
        new = proposal is None
        if new:
            proposal = _propose(game, seats, team, seat, now)
        if seat.position not in proposal.agreed:
            proposal.agreed = [*proposal.agreed, seat.position]
        waiting = [position for position in asked if position not in proposal.agreed]
        if not waiting:
            _accepted(proposal, now)
            return Resignation(result=_concede(game, seats, state, seat.position, door, user, now), proposal=proposal)
        proposal.save(update_fields=["agreed"])
        if new:  # the teammates are asked once; the table shows who is still to answer
            notify.resignation_proposed(game=game, proposal=proposal, asked=[seats[p] for p in waiting], now=now)
        return Resignation(result=None, proposal=proposal, waiting_for=tuple(seats[p].name for p in waiting))


def resign_decline(*, game_id: int, user) -> ResignationProposal:
    """A teammate declines the team's open proposal (the proposer withdraws
    it): the team plays on."""
    require_not_suspended(user)
    now = timezone.now()
    with changing(game_id, action="resign", statuses=(Game.Status.ACTIVE,)) as game:
        seats = seats_of(game)
        seat = _my_seat(seats, user)
        proposal = open_proposal(game, game.team_of(seat.position), now)
        if proposal is None:
            raise refusals.NO_RESIGNATION_PROPOSAL()
        proposal.status = Status.WITHDRAWN if seat.position == proposal.proposed_by else Status.DECLINED
        proposal.declined_by, proposal.closed_at = seat.position, now
        proposal.save(update_fields=["status", "declined_by", "closed_at"])
        concerned = {*proposal.agreed, *deciders(game, seats, proposal.team, now)} - {seat.position}
        told = [seats[p] for p in sorted(concerned) if seats[p].person is not None]  # a bot since is told nothing
        notify.resignation_closed(game=game, proposal=proposal, told=told, now=now)
        return proposal


def _my_seat(seats: list[Seat], user) -> Seat:
    seat = next((s for s in seats if s.user_id == user.pk), None)
    if seat is None:
        raise refusals.NOT_A_PLAYER()
    return seat


def _lapse_expired(game: Game, team: int, now: datetime) -> None:
    """Mark the team's proposal whose time is up as lapsed (it is no longer
    open to anyone: `open_proposal` reads only those still running)."""
    ResignationProposal.objects.filter(game=game, team=team, status=Status.OPEN, expires_at__lte=now).update(
        status=Status.LAPSED, closed_at=F("expires_at")
    )


def _propose(game: Game, seats: list[Seat], team: int, seat: Seat, now: datetime) -> ResignationProposal:
    expires_at = now + timedelta(hours=settings.RESIGN_PROPOSAL_HOURS)
    return ResignationProposal.objects.create(
        game=game,
        team=team,
        proposed_by=seat.position,
        agreed=[],
        created_at=now,
        expires_at=expires_at,
        changes_at=_changes_at(game, seats, team, expires_at, now),
    )


def _changes_at(game: Game, seats: list[Seat], team: int, expires_at: datetime, now: datetime) -> datetime:
    """The next moment the team's banner changes with time alone: the proposal
    lapses, or a member's suspension ends (they are asked too from then on)."""
    return min([expires_at, *deciders_change(game, seats, team, now)])


def resignations_time_passed(*, game_id: int, now: datetime | None = None) -> int:
    """The periodic sweep at a moment a team's banner changes with time alone
    (a proposal's `changes_at`): the game's revision moves, a proposal whose
    time is up lapses, and one still open is due again at its next such
    moment. How many proposals were due: none, and nothing moved (so a
    second run, or one with nothing due, bumps no revision)."""
    now = now or timezone.now()
    due = ResignationProposal.objects.filter(status=Status.OPEN, changes_at__lte=now).values("game_id")
    with transaction.atomic():
        # Only the game's row locked (not the proposals' in a join), and first, as changing() does.
        if not Game.objects.select_for_update().filter(pk=game_id, pk__in=due).exists():
            return 0
        with changing(game_id) as game:
            seats = seats_of(game)
            proposals = list(game.resignations.filter(status=Status.OPEN, changes_at__lte=now))
            for proposal in proposals:
                if proposal.expires_at <= now:
                    proposal.status, proposal.closed_at = Status.LAPSED, proposal.expires_at
                else:
                    proposal.changes_at = _changes_at(game, seats, proposal.team, proposal.expires_at, now)
            ResignationProposal.objects.bulk_update(proposals, ["status", "closed_at", "changes_at"])
    return len(proposals)


def player_may_answer_changed(*, user, now: datetime) -> int:
    """A player's suspension began or was lifted, or their account was
    switched off or on: whom their team's open proposal waits for changes (a
    suspended or switched-off player is not asked), so each of their games
    with one open has its revision moved, its proposals' next moment of
    change read again (when a suspension ends, if it does), and a team whose
    last member still to answer can no longer answer concedes. How many
    games. Call inside the transaction that made the change, or once it
    has committed."""
    games = list(
        ResignationProposal.objects.filter(status=Status.OPEN, game__status=Game.Status.ACTIVE, game__seats__user=user)
        .values_list("game_id", flat=True)
        .distinct()
        .order_by("game_id")  # the rows locked in one order, as by every sweep
    )
    for game_id in games:
        with changing(game_id) as game:
            seats = seats_of(game)
            proposals = list(game.resignations.filter(status=Status.OPEN))
            for proposal in proposals:
                proposal.changes_at = _changes_at(game, seats, proposal.team, proposal.expires_at, now)
            ResignationProposal.objects.bulk_update(proposals, ["changes_at"])
            proposals_settle(game=game, seats=seats, now=now)
    return len(games)


def proposals_settle(*, game: Game, seats: list[Seat], now: datetime) -> None:
    """In a locked game, after whom a team must ask changed (a member was
    suspended or switched off, or a bot took a member's seat): a team whose
    open proposal has been agreed to by every member still asked concedes
    now, as it would have at the last agreement. A team left with nobody to
    ask keeps its proposal until it lapses: nobody agreed to end the game
    for it."""
    state = engine.state_from_json(game.state)
    for proposal in game.resignations.filter(status=Status.OPEN, expires_at__gt=now).order_by("team"):
        asked = deciders(game, seats, proposal.team, now)
        if state.result is None and asked and set(asked) <= set(proposal.agreed):
            _accepted(proposal, now)
            door, actor = Move.Door.SYSTEM, Move.Actor.SYSTEM
            state = _concede(game, seats, state, proposal.proposed_by, door, None, now, actor=actor).state


def _accepted(proposal: ResignationProposal, now: datetime) -> None:
    proposal.status, proposal.closed_at = Status.ACCEPTED, now
    proposal.save(update_fields=["agreed", "status", "closed_at"])


def _concede(
    game: Game, seats: list[Seat], state, position: int, door: str, user, now: datetime, actor=Move.Actor.PLAYER
) -> MoveResult:
    return record_input(
        game=game,
        seats=seats,
        state=state,
        position=position,
        text=engine.moves.RESIGN,
        actor=actor,
        door=door,
        user=user,
        now=now,
    )
