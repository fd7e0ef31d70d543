"""Leagues, run by the beat with no moderator (`leagues_tick`, hourly).

A season open for sign-up starts on its day: its players are placed in
divisions of the league's size, one above the other (the last division takes
the rest; fewer than three left join the one above), by where the last
season sent them (up, stays, down; newcomers below), then by rating. Every
pair of a division gets one 2-player game with the league's clock, all
started at once. When every game is over, or the season's end has come (a
game still in play then ends drawn, unrated), each division is ranked: points
(a win 1, a draw ½), then the points among the tied players, then fewer
losses on time, then the earlier sign-up. The top two go up a division, the
bottom two down, and the next season opens for sign-up. A player who lost
`timeouts_barred` league games on time may sign up for no further season."""

import itertools
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from games import rating, refusals
from games.league_tables import standings
from games.models import Game, League, LeagueGame, Move, PlayerRating, Season, SeasonEntry
from games.services._common import changing, secure_rng
from games.services.deadlines import deadlines_stop
from games.services.dealing import game_deal
from games.services.games import game_create
from games.services.seating import seat_take
from games.suspension_rule import active_suspensions, require_not_suspended

MIN_DIVISION = 3
Goes = SeasonEntry.Move


def season_signup(*, season_id: int, user) -> SeasonEntry:
    require_not_suspended(user)
    with transaction.atomic():
        season = Season.objects.select_for_update().select_related("league").filter(pk=season_id).first()
        if season is None:
            raise refusals.NO_SUCH_SEASON()
        if season.status != Season.Status.SIGNUP:
            raise refusals.SEASON_NOT_OPEN()
        if timeouts_in(season.league, user.pk) >= season.league.timeouts_barred:
            raise refusals.LEAGUE_BARRED(count=season.league.timeouts_barred)
        try:
            with transaction.atomic():
                return SeasonEntry.objects.create(season=season, user=user)
        except IntegrityError:
            raise refusals.ALREADY_SIGNED_UP() from None


def season_leave(*, season_id: int, user) -> None:
    """Withdraw before the season starts."""
    with transaction.atomic():
        season = Season.objects.select_for_update().filter(pk=season_id).first()
        if season is None or season.status != Season.Status.SIGNUP:
            raise refusals.SEASON_NOT_OPEN()
        SeasonEntry.objects.filter(season=season, user=user).delete()


def timeouts_in(league: League, user_id: int) -> int:
    """League games the player lost on time (their team conceded by the clock)."""
    return Move.objects.filter(
        game__league_game__season__league=league,
        actor=Move.Actor.SYSTEM,
        text="resign",
        game__seats__user_id=user_id,
        game__seats__position=F("seat"),
    ).count()


def season_open(*, league: League, starts_at: datetime) -> Season:
    number = (league.seasons.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    return Season.objects.create(
        league=league, number=number, starts_at=starts_at, ends_at=starts_at + timedelta(days=league.season_days)
    )


def leagues_tick(now: datetime | None = None) -> dict:
    """Start the seasons whose day has come, end those that are over. Safe
    to run twice at once: each season is settled under its own row lock."""
    now = now or timezone.now()
    done = {"started": 0, "finished": 0}
    due = Season.objects.filter(status=Season.Status.SIGNUP, starts_at__lte=now)
    for season_id in due.values_list("pk", flat=True):
        done["started"] += season_start(season_id=season_id, now=now)
    for season_id in Season.objects.filter(status=Season.Status.RUNNING).values_list("pk", flat=True):
        done["finished"] += season_finish(season_id=season_id, now=now)
    return done


def season_start(*, season_id: int, now: datetime) -> bool:
    with transaction.atomic():
        season = Season.objects.select_for_update().select_related("league").get(pk=season_id)
        if season.status != Season.Status.SIGNUP or season.starts_at > now:
            return False
        league = season.league
        barred = active_suspensions(now).values("user_id")  # a suspended player is left out of the season
        entries = list(season.entries.select_related("user").exclude(user_id__in=barred).exclude(user__is_active=False))
        if len(entries) < MIN_DIVISION:  # too few to play: the season waits another break
            season.starts_at = now + timedelta(days=league.break_days)
            season.ends_at = season.starts_at + timedelta(days=league.season_days)
            season.save(update_fields=["starts_at", "ends_at"])
            return False
        for number, members in enumerate(_divisions(league, season, entries), start=1):
            for entry in members:
                entry.division = number
            SeasonEntry.objects.bulk_update(members, ["division"])
            for first, second in itertools.combinations(members, 2):
                LeagueGame.objects.create(
                    season=season, division=number, game=_league_game(league, first.user, second.user)
                )
        season.status, season.starts_at = Season.Status.RUNNING, now
        season.ends_at = now + timedelta(days=league.season_days)
        season.save(update_fields=["status", "starts_at", "ends_at"])
        return True


def _divisions(league: League, season: Season, entries: list[SeasonEntry]) -> list[list[SeasonEntry]]:
    previous = (
        Season.objects.filter(league=league, status=Season.Status.FINISHED, number__lt=season.number)
        .order_by("-number")
        .first()
    )
    last = {e.user_id: e for e in previous.entries.all()} if previous else {}
    step = {Goes.UP: -1, Goes.STAY: 0, Goes.DOWN: 1}
    ratings = dict(
        PlayerRating.objects.filter(pool="duel", user_id__in=[e.user_id for e in entries])
        .annotate(ordinal=F("mu") - 3 * F("sigma"))
        .values_list("user_id", "ordinal")
    )
    newcomer = (len(entries) + 1, 0)

    def order(entry: SeasonEntry):
        before = last.get(entry.user_id)
        where = (before.division + step.get(before.goes, 0), before.place or 0) if before else newcomer
        return (*where, -ratings.get(entry.user_id, rating.NEW.mu - 3 * rating.NEW.sigma), entry.signed_up_at)

    ranked = sorted(entries, key=order)
    size = league.division_size
    groups = [ranked[i : i + size] for i in range(0, len(ranked), size)]
    if len(groups) > 1 and len(groups[-1]) < MIN_DIVISION:
        groups[-2].extend(groups.pop())
    return groups


def _league_game(league: League, first, second) -> Game:
    game = game_create(
        creator=first,
        players=2,
        teams=2,
        clock_kind=league.clock_kind,
        turn_seconds=league.turn_seconds,
        bank_initial_seconds=league.bank_initial_seconds,
        bank_increment_seconds=league.bank_increment_seconds,
        bank_cap_seconds=league.bank_cap_seconds,
        weekends_off=league.weekends_off,
        vacation_allowed=league.vacation_allowed,
        missed_turn_policy=Game.MissedTurnPolicy.CONCEDE,
        start_mode=Game.StartMode.MANUAL,
    )
    with changing(game.pk, action="start", statuses=(Game.Status.FORMING,)) as locked:
        seat_take(game=locked, user=second)
        seats = list(locked.seats.select_related("user").order_by("position"))
        return game_deal(game=locked, seats=seats, starter=None, rng=secure_rng())


def season_finish(*, season_id: int, now: datetime) -> bool:
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season_id)
        if season.status != Season.Status.RUNNING:
            return False
        playing = Game.objects.filter(league_game__season=season, status__in=[Game.Status.ACTIVE, Game.Status.PAUSED])
        if playing.exists() and season.ends_at > now:
            return False
        for game_id in playing.values_list("pk", flat=True):
            _end_drawn(game_id, now)
        divisions = sorted(set(season.entries.values_list("division", flat=True)) - {None})
        for division in divisions:
            table = standings(season, division)
            for row in table:
                row.entry.place = row.place
                row.entry.goes = _goes(row.place, len(table), division, len(divisions))
            SeasonEntry.objects.bulk_update([row.entry for row in table], ["place", "goes"])
        season.status = Season.Status.FINISHED
        season.save(update_fields=["status"])
        season_open(league=season.league, starts_at=now + timedelta(days=season.league.break_days))
        return True


def _end_drawn(game_id: int, now: datetime) -> None:
    """A game still in play at the season's end ends drawn (and unrated)."""
    with changing(game_id) as game:
        game.status, game.finished_at, game.winner, game.result_reason = Game.Status.FINISHED, now, "", "season_end"
        deadlines_stop(game=game)
        game.save(update_fields=["status", "finished_at", "winner", "result_reason", "turn_deadline", "next_deadline"])


def _goes(place: int, size: int, division: int, divisions: int) -> str:
    if place <= 2 and division > 1:
        return Goes.UP
    if place > size - 2 and division < divisions:
        return Goes.DOWN
    return Goes.STAY
