"""One revision per game change: every service that changes what a game's
page shows bumps the game's revision in the same transaction, so a cached
page or a waiting table (both keyed on it) never shows an old game; a refused
change bumps nothing. The services are walked through real positions, and
every public service is named here as a writer or as one that changes no game."""

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.errors import GameError
from games.models import ChatMessage, Game, Report
from tests.factories import ModeratorFactory, UserFactory
from tests.gameplay import first_play, state_of

pytestmark = pytest.mark.django_db

# What every public service is: each of these changes a game it is given...
WRITERS = {
    "chat_message_hide",
    "chat_post",
    "deadline_enforce",
    "deadline_extend",
    "game_abort",
    "game_adjudicate",
    "game_cancel_unfilled",
    "game_pause",
    "game_rematch",
    "game_resume",
    "game_start",
    "invitation_accept",
    "invitation_create",
    "invitation_decline",
    "move_submit",
    "penalty_apply",
    "report_resolve",
    "seat_join",
    "seat_leave",
    "seat_replace",
    "seats_arrange",
}
# ... and these change no game's page: a new game (revision 0), a reader's own
# mutes (their chat's key has them), an account, a report only moderators
# see, presence (never shown), or they only read.
OTHERS = {
    "MoveResult",
    "chat_mute",
    "chat_unmute",
    "game_create",
    "game_export",
    "game_import",
    "game_verify",
    "invitation_from_token",
    "invitation_token",
    "player_suspend",
    "player_unsuspend",
    "report_create",
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
    game.refresh_from_db()
    later = game.next_deadline + timedelta(seconds=1)
    bumps("deadline_enforce", game.pk, game_id=game.pk, now=later)
    bumps("game_adjudicate", game.pk, game_id=game.pk, moderator=moderator, winner="blue", reason="agreed")
    bumps("game_rematch", game.pk, game_id=game.pk, user=host)  # the finished table shows its rematch

    other = services.game_create(creator=host, players=2, teams=2)
    bumps("game_abort", other.pk, game_id=other.pk, moderator=moderator, reason="spam game")
    stale = services.game_create(creator=host, players=2, teams=2)
    Game.objects.filter(pk=stale.pk).update(created_at=timezone.now() - timedelta(days=60))
    bumps("game_cancel_unfilled", stale.pk, game_id=stale.pk)

    assert bumps.called == WRITERS
    assert Report.objects.get(pk=report.pk).status == Report.Status.RESOLVED
    assert ChatMessage.objects.get(pk=message.pk).hidden_at is not None


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
