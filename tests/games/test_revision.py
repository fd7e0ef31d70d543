"""One revision per game change: every service that changes what a game's
page shows bumps the game's revision in the same transaction, so a cached
page or a waiting table (both keyed on it) never shows an old game; a refused
change bumps nothing. The services are walked through real positions, and
every public service is named here as a writer or as one that changes no game."""

import random
from datetime import timedelta

import pytest
from allauth.account.models import EmailAddress
from django.utils import timezone

from games import services
from games.errors import GameError
from games.models import ChatMessage, Game, League, Report
from games.services.leagues import season_open
from tests.factories import ModeratorFactory, UserFactory
from tests.gameplay import first_play, state_of

pytestmark = pytest.mark.django_db

# What every public service is: each of these changes a game it is given...
WRITERS = {
    "bot_submit",
    "bot_turn",
    "chat_message_hide",
    "chat_post",
    "deadline_enforce",
    "deadline_extend",
    "game_abort",
    "game_adjudicate",
    "game_cancel_unfilled",
    "game_find",
    "game_pause",
    "game_rematch",
    "game_resume",
    "game_start",
    "invitation_accept",
    "invitation_create",
    "invitation_decline",
    "invitations_claim",
    "leagues_tick",
    "move_submit",
    "penalty_apply",
    "report_resolve",
    "resign",
    "resign_decline",
    "resignations_time_passed",
    "seat_join",
    "seat_leave",
    "seat_replace",
    "seat_take_back",
    "seats_arrange",
    "seat_keep",
    "seat_take_over",
    "vacation_end",
    "vacation_plan",
    "vote_pause",
    "vote_resume",
    "vote_skip",
}
BOT_WRITERS = {"bot_submit", "bot_turn", "seat_take_back"}  # walked by their own test below
# ... and these change no game's page: a new game (revision 0), a reader's own
# mutes (their chat's key has them), an account, a report only moderators
# see, presence (never shown), or they only read.
OTHERS = {
    "MoveResult",
    "Resignation",
    "chat_mute",
    "chat_unmute",
    "game_against_bot",
    "game_create",
    "game_export",
    "game_import",
    "game_verify",
    "invitation_from_token",
    "invitation_token",
    "player_suspend",
    "player_unsuspend",
    "ratings_rebuild",
    "report_create",
    "season_leave",
    "season_signup",
    "seat_seen",
}


def test_every_public_service_is_known_as_a_writer_or_not():
    assert set(services.__all__) == WRITERS | OTHERS
    assert not WRITERS & OTHERS


def revision(game_id: int) -> int:
    return Game.objects.values_list("revision", flat=True).get(pk=game_id)


class Bumps:
    """Asserts that each call bumps the game's revision by exactly one."""

    def __init__(self):
        self.called = set()

    def __call__(self, name: str, of: int, **kwargs):
        before = revision(of)
        result = getattr(services, name)(**kwargs)
        assert revision(of) == before + 1, name
        self.called.add(name)
        return result


def test_each_writer_bumps_the_revision_once_through_a_whole_life():
    bumps = Bumps()
    moderator = ModeratorFactory()
    host, guest, third, fourth, replacement = UserFactory.create_batch(5)
    game = services.game_create(creator=host, players=4, teams=2, start_mode=Game.StartMode.MANUAL, is_public=True)
    assert revision(game.pk) == 0
    invited = bumps("invitation_create", game.pk, game_id=game.pk, inviter=host, invitee=guest.username)
    bumps("invitation_accept", game.pk, invitation_id=invited.pk, user=guest)
    declined = bumps("invitation_create", game.pk, game_id=game.pk, inviter=host, invitee=replacement.username)
    bumps("invitation_decline", game.pk, invitation_id=declined.pk, user=replacement)
    bumps("invitation_create", game.pk, game_id=game.pk, inviter=host, invitee="later@example.org")
    claimer = UserFactory()
    EmailAddress.objects.create(user=claimer, email="later@example.org", verified=True)
    bumps("invitations_claim", game.pk, user=claimer, email="later@example.org")
    bumps("seat_join", game.pk, game_id=game.pk, user=third)
    bumps("seat_leave", game.pk, game_id=game.pk, user=third)
    bumps("seat_join", game.pk, game_id=game.pk, user=third)
    bumps("seat_join", game.pk, game_id=game.pk, user=fourth)
    order = list(game.seats.order_by("-position").values_list("pk", flat=True))
    bumps("seats_arrange", game.pk, game_id=game.pk, user=host, seat_order=order)
    bumps("game_start", game.pk, game_id=game.pk, user=host, rng=random.Random(3))
    game.refresh_from_db()
    users = {seat.position: seat.user for seat in game.seats.select_related("user")}

    turn = state_of(game).turn
    bumps(
        "move_submit",
        game.pk,
        game_id=game.pk,
        user=users[turn],
        move=first_play(game, turn),
        expected_version=game.version,
    )
    message = bumps("chat_post", game.pk, game_id=game.pk, user=users[0], text="Good luck")
    report = services.report_create(game_id=game.pk, reporter=users[1], reason="abuse", message_id=message.pk)
    bumps("report_resolve", game.pk, report_id=report.pk, moderator=moderator, note="Looked at it")
    bumps("chat_message_hide", game.pk, message_id=message.pk, moderator=moderator, reason="spam")
    bumps("penalty_apply", game.pk, game_id=game.pk, moderator=moderator, team="blue", reason="table talk")
    bumps("deadline_extend", game.pk, game_id=game.pk, moderator=moderator, minutes=60, reason="ill")
    holder = users[2]  # a vacation changes every table of the player's (they show it)
    type(holder).objects.filter(pk=holder.pk).update(date_joined=timezone.now() - timedelta(days=80))
    holder.refresh_from_db()
    bumps("vacation_plan", game.pk, user=holder, ends_at=timezone.now() + timedelta(days=2))
    bumps("vacation_end", game.pk, user=holder)
    bumps("game_pause", game.pk, game_id=game.pk, moderator=moderator, reason="holiday")
    bumps("game_resume", game.pk, game_id=game.pk, moderator=moderator, reason="back")
    bumps(
        "seat_replace",
        game.pk,
        game_id=game.pk,
        moderator=moderator,
        position=1,
        new_user_id=replacement.pk,
        reason="left",
    )
    bumps("resign", game.pk, game_id=game.pk, user=users[0], door="web")  # a proposal to the team
    bumps("resign_decline", game.pk, game_id=game.pk, user=users[2])
    lapsing = bumps("resign", game.pk, game_id=game.pk, user=users[0], door="web").proposal
    bumps("resignations_time_passed", game.pk, game_id=game.pk, now=lapsing.expires_at)  # it lapses
    game.refresh_from_db()
    later = game.next_deadline + timedelta(seconds=1)
    bumps("deadline_enforce", game.pk, game_id=game.pk, now=later)
    bumps("game_adjudicate", game.pk, game_id=game.pk, moderator=moderator, winner="blue", reason="agreed")
    bumps("game_rematch", game.pk, game_id=game.pk, user=host)  # the finished table shows its rematch

    gone = services.game_create(
        creator=host, players=2, teams=2, missed_turn_policy="open_seat", concede_after=1, is_public=True
    )
    services.seat_join(game_id=gone.pk, user=guest)
    gone.refresh_from_db()
    services.deadline_enforce(game_id=gone.pk, now=gone.turn_deadline)  # the seat to play is offered
    gone.refresh_from_db()
    offered = gone.seats.get(open_since__isnull=False)
    bumps("seat_keep", gone.pk, game_id=gone.pk, user=offered.user)
    gone.refresh_from_db()
    services.deadline_enforce(game_id=gone.pk, now=gone.turn_deadline)  # the other seat's turn missed
    gone.refresh_from_db()
    services.deadline_enforce(game_id=gone.pk, now=gone.turn_deadline)  # and the first seat's again
    bumps("seat_take_over", gone.pk, game_id=gone.pk, user=third, position=offered.position)

    stalled = services.game_create(creator=host, players=2, teams=2, is_public=True)
    services.seat_join(game_id=stalled.pk, user=guest)
    stalled.refresh_from_db()
    pair = {seat.position: seat.user for seat in stalled.seats.select_related("user")}
    bumps("vote_pause", stalled.pk, game_id=stalled.pk, user=pair[0])
    bumps("vote_pause", stalled.pk, game_id=stalled.pk, user=pair[1])
    bumps("vote_resume", stalled.pk, game_id=stalled.pk, user=pair[0])
    stalled.refresh_from_db()
    services.deadline_enforce(game_id=stalled.pk, now=stalled.turn_deadline)  # seat 0 out of time
    stalled.refresh_from_db()
    services.move_submit(
        game_id=stalled.pk, user=pair[1], move=first_play(stalled, 1), expected_version=stalled.version
    )
    bumps("vote_skip", stalled.pk, game_id=stalled.pk, user=pair[1])

    other = services.game_create(creator=host, players=2, teams=2)
    bumps("game_abort", other.pk, game_id=other.pk, moderator=moderator, reason="spam game")
    stale = services.game_create(creator=host, players=2, teams=2)
    Game.objects.filter(pk=stale.pk).update(created_at=timezone.now() - timedelta(days=60))
    bumps("game_cancel_unfilled", stale.pk, game_id=stale.pk)
    waiting = services.game_create(creator=third, players=2, teams=2, is_public=True)
    bumps("game_find", waiting.pk, user=fourth, players=2, teams=2)  # joins it: the game starts

    league = League.objects.create(name="L", slug="l", division_size=6)
    season = season_open(league=league, starts_at=timezone.now())
    for player in (host, guest, third):
        services.season_signup(season_id=season.pk, user=player)
    services.leagues_tick()  # the season starts: its games are new (revision 1, from the deal)
    league_game = Game.objects.filter(league_game__season=season).first()
    season.refresh_from_db()
    bumps("leagues_tick", league_game.pk, now=season.ends_at + timedelta(seconds=1))  # ends it drawn

    assert bumps.called == WRITERS - BOT_WRITERS
    assert Report.objects.get(pk=report.pk).status == Report.Status.RESOLVED
    assert ChatMessage.objects.get(pk=message.pk).hidden_at is not None


def test_the_bots_services_bump_the_revision_once():
    bumps = Bumps()
    person = UserFactory()
    game = services.game_create(
        creator=person, players=2, teams=2, bots=1, missed_turn_policy=Game.MissedTurnPolicy.BOT, concede_after=1
    )
    game.refresh_from_db()
    if game.seats.get(position=state_of(game).turn).user_id is None:
        bumps("bot_turn", game.pk, game_id=game.pk, version=game.version)
        game.refresh_from_db()
    services.deadline_enforce(game_id=game.pk, now=game.turn_deadline)  # the person's seat goes to a bot
    game.refresh_from_db()
    turn = state_of(game).turn
    move = first_play(game, turn)
    bumps("bot_submit", game.pk, game_id=game.pk, position=turn, move=move, expected_version=game.version)
    game.refresh_from_db()
    bumps("bot_turn", game.pk, game_id=game.pk, version=game.version)  # the bot standing in for the person
    bumps("seat_take_back", game.pk, game_id=game.pk, user=person)
    assert bumps.called == BOT_WRITERS


def test_a_refused_change_bumps_nothing(started_game):
    game, users = started_game(2, 2)
    before, waiting = revision(game.pk), 1 - state_of(game).turn
    with pytest.raises(GameError, match="not your turn"):
        services.move_submit(
            game_id=game.pk, user=users[waiting], move=first_play(game, 1 - waiting), expected_version=0
        )
    with pytest.raises(GameError):
        services.game_pause(game_id=game.pk, moderator=users[0], reason="not a moderator")
    assert services.deadline_enforce(game_id=game.pk) == []  # nothing due: no change
    assert revision(game.pk) == before


def test_the_poll_answers_the_revision_so_a_moderators_extension_reloads_a_waiting_table(client, started_game):
    game, users = started_game(2, 2)
    client.force_login(users[1])  # waiting for seat 0
    url = f"/games/{game.pk}/version.json"
    first = client.get(url).json()
    services.deadline_extend(game_id=game.pk, moderator=ModeratorFactory(), minutes=60, reason="ill")
    second = client.get(url).json()
    assert second["revision"] == first["revision"] + 1 and second["version"] == first["version"]
