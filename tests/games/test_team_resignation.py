"""A team game's resignation is put to the team (issue 22, item 5): it
concedes once every teammate seated by a person agreed, on the web, by
e-mail or the API; a decline, a withdrawal or the end of its time lapses
it. A team of one keeps today's confirm-and-resign."""

from datetime import timedelta

import pytest
import time_machine
from django.core import mail
from django.test import TestCase
from django.urls import reverse
from django.utils import timezone

from games import engine, refusals, services
from games.errors import GameError
from games.mail import outbox
from games.models import Game, Move, Notification, ResignationProposal
from tests.factories import ModeratorFactory
from tests.gameplay import state_of

pytestmark = pytest.mark.django_db
Status = ResignationProposal.Status


def resign(game, user, door=Move.Door.WEB):
    game.refresh_from_db()
    return services.resign(game_id=game.pk, user=user, door=door, expected_version=game.version)


def refused(code, call, *args, **kwargs):
    with pytest.raises(GameError) as caught:
        call(*args, **kwargs)
    assert caught.value.code == code
    return caught.value


def test_one_member_no_longer_resigns_a_whole_team(started_game):
    game, users = started_game(4, 2)
    refused(refusals.TEAM_RESIGNS_TOGETHER.code, services.move_submit,
            game_id=game.pk, user=users[0], move="resign", expected_version=game.version)  # fmt: skip
    done = resign(game, users[0])
    game.refresh_from_db()
    assert not done.resigned and game.status == Game.Status.ACTIVE
    assert done.waiting_for == (users[2].username,)  # seats 0 and 2 are blue
    assert not any(state_of(game).resigned)


def test_the_team_resigns_when_every_member_agreed(started_game):
    game, users = started_game(4, 2)
    resign(game, users[0])
    done = resign(game, users[2], door=Move.Door.EMAIL)
    game.refresh_from_db()
    assert done.resigned and game.status == Game.Status.FINISHED and game.winner == "green"
    move = game.moves.get(text="resign")
    assert (move.seat, move.door) == (2, "email")  # the last agreement is the team's resignation
    assert ResignationProposal.objects.get(game=game).status == Status.ACCEPTED


def test_agreeing_holds_whatever_was_played_meanwhile(started_game):
    game, users = started_game(4, 2)
    before = game.version
    resign(game, users[0])
    state = state_of(game)
    move = next(m for m in engine.legal_moves(state, state.turn) if m != "resign")
    services.move_submit(game_id=game.pk, user=users[state.turn], move=move, expected_version=before)
    done = services.resign(game_id=game.pk, user=users[2], door=Move.Door.WEB, expected_version=before)
    assert done.resigned


def test_the_teammates_are_asked_by_email_and_nobody_else(started_game):
    game, users = started_game(4, 2)
    outbox.sweep()
    mail.outbox.clear()
    resign(game, users[0])
    rows = Notification.objects.filter(game=game, kind=Notification.Kind.RESIGN_PROPOSED)
    assert [row.recipient for row in rows] == [users[2]]
    outbox.sweep()
    sent = [m for m in mail.outbox if users[2].email in m.to]
    assert sent and users[0].username in sent[0].subject and sent[0].reply_to
    assert [m.to for m in mail.outbox] == [[users[2].email]]


def test_an_agreed_proposal_sends_its_email_no_more(started_game):
    game, users = started_game(4, 2)
    resign(game, users[0])
    resign(game, users[2])  # agreed on the web before the e-mail went: it no longer applies
    mail.outbox.clear()
    outbox.sweep()
    assert not [m for m in mail.outbox if users[2].email in m.to and "propos" in m.subject]


def test_a_teammate_declines_and_the_team_plays_on(started_game):
    game, users = started_game(4, 2)
    resign(game, users[0])
    revision = Game.objects.get(pk=game.pk).revision
    proposal = services.resign_decline(game_id=game.pk, user=users[2])
    assert proposal.status == Status.DECLINED and proposal.declined_by == 2
    assert Game.objects.get(pk=game.pk).revision == revision + 1  # the banner goes from every table
    assert not resign(game, users[2]).resigned  # a new proposal, by the one who declined
    assert ResignationProposal.objects.filter(game=game, status=Status.OPEN).get().proposed_by == 2


def test_the_proposer_withdraws(started_game):
    game, users = started_game(4, 2)
    resign(game, users[0])
    assert services.resign_decline(game_id=game.pk, user=users[0]).status == Status.WITHDRAWN


def test_opponents_have_nothing_to_decline(started_game):
    game, users = started_game(4, 2)
    resign(game, users[0])
    refused(refusals.NO_RESIGNATION_PROPOSAL.code, services.resign_decline, game_id=game.pk, user=users[1])
    assert ResignationProposal.objects.get(game=game).status == Status.OPEN


def test_a_proposal_lapses_after_its_time(started_game, settings):
    settings.RESIGN_PROPOSAL_HOURS = 48
    game, users = started_game(4, 2)
    resign(game, users[0])
    with time_machine.travel(timezone.now() + timedelta(hours=48, minutes=1)):
        done = resign(game, users[2])  # too late to agree: a new proposal of its own
        assert not done.resigned and done.waiting_for == (users[0].username,)
        statuses = sorted(ResignationProposal.objects.filter(game=game).values_list("status", flat=True))
        assert statuses == [Status.LAPSED, Status.OPEN]


def test_a_suspended_teammate_is_not_waited_for(started_game):
    game, users = started_game(4, 2)
    moderator = ModeratorFactory()
    services.player_suspend(user_id=users[2].pk, moderator=moderator, reason="spam")
    assert resign(game, users[0]).resigned


def agreed_but_one(started_game):
    """Blue (seats 0, 2, 4): 0 proposed, 2 agreed, 4 has not answered."""
    game, users = started_game(6, 2)
    resign(game, users[0])
    assert resign(game, users[2]).waiting_for == (users[4].username,)
    return game, users


def conceded_for_the_team(game):
    game.refresh_from_db()
    move = game.moves.get(text="resign")
    assert (move.seat, move.actor, move.door) == (0, "system", "system")  # for its proposer
    assert game.status == Game.Status.FINISHED and game.winner == "green"
    assert ResignationProposal.objects.get(game=game).status == Status.ACCEPTED


def test_the_team_concedes_when_its_last_member_to_answer_is_suspended(started_game):
    game, users = agreed_but_one(started_game)
    services.player_suspend(user_id=users[4].pk, moderator=ModeratorFactory(), reason="spam")
    conceded_for_the_team(game)


def test_the_team_concedes_when_a_bot_takes_its_last_member_to_answer_seat(started_game):
    game, _ = agreed_but_one(started_game)
    services.seat_replace(game_id=game.pk, moderator=ModeratorFactory(), position=4, bot_level=1, reason="gone")
    conceded_for_the_team(game)


def switch(admin_client, user, *, active: bool):
    """A superuser ticks or clears "active" on the user's admin page, the rest
    as it was; what follows its commit runs."""
    form = {
        "username": user.username,
        "email": user.email,
        "first_name": "",
        "last_name": "",
        "date_joined_0": user.date_joined.strftime("%Y-%m-%d"),
        "date_joined_1": user.date_joined.strftime("%H:%M:%S"),
        "groups": [],
        "user_permissions": [],
    }
    if active:
        form["is_active"] = "on"
    with TestCase.captureOnCommitCallbacks(execute=True):
        response = admin_client.post(reverse("admin:accounts_user_change", args=[user.pk]), form)
    assert response.status_code == 302, response.content.decode()[:2000]
    user.refresh_from_db()
    assert user.is_active is active


def test_the_team_concedes_when_its_last_member_to_answer_is_switched_off_in_the_admin(started_game, admin_client):
    game, users = agreed_but_one(started_game)
    switch(admin_client, users[4], active=False)
    conceded_for_the_team(game)


def test_a_member_switched_on_again_is_asked_again(started_game, admin_client):
    game, users = started_game(6, 2)  # blue: seats 0, 2 and 4
    resign(game, users[0])
    switch(admin_client, users[4], active=False)
    game.refresh_from_db()
    revision = game.revision
    switch(admin_client, users[4], active=True)
    game.refresh_from_db()
    assert game.revision > revision  # the team's pages say whom the proposal waits for: read again
    assert resign(game, users[2]).waiting_for == (users[4].username,)


def test_saving_an_account_that_stays_active_leaves_its_games_alone(started_game):
    game, users = agreed_but_one(started_game)
    game.refresh_from_db()
    revision = game.revision
    users[4].first_name = "Dora"
    with TestCase.captureOnCommitCallbacks(execute=True):
        users[4].save()
        users[4].save(update_fields=["last_login"])
    game.refresh_from_db()
    assert game.revision == revision and game.status == Game.Status.ACTIVE


def test_a_team_left_with_nobody_to_ask_plays_on(started_game):
    game, users = started_game(4, 2)  # blue: seats 0 and 2
    resign(game, users[0])
    moderator = ModeratorFactory()
    for user in (users[0], users[2]):
        services.player_suspend(user_id=user.pk, moderator=moderator, reason="spam")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert ResignationProposal.objects.get(game=game).status == Status.OPEN


def test_three_teams_of_two_one_team_leaves_and_the_others_play_on(started_game):
    game, users = started_game(6, 3)
    assert not resign(game, users[1]).resigned
    assert resign(game, users[4]).resigned  # seats 1 and 4 are green
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and state_of(game).resigned == [False, True, False]


def test_a_team_of_one_resigns_at_once_from_the_position_it_confirmed(started_game):
    game, users = started_game(2, 2)
    refused(refusals.STALE_VERSION.code, services.resign,
            game_id=game.pk, user=users[1], door=Move.Door.WEB, expected_version=game.version + 1)  # fmt: skip
    assert resign(game, users[1]).resigned
    assert not ResignationProposal.objects.exists()


def test_only_players_doors(started_game):
    game, users = started_game(4, 2)
    refused(refusals.PLAYERS_DOORS_ONLY.code, services.resign, game_id=game.pk, user=users[0], door="admin")


def test_the_web_puts_it_to_the_team_and_shows_the_banner_to_the_team_only(started_game, client):
    game, users = started_game(4, 2)
    client.force_login(users[0])
    page = client.get(reverse("game_resign", args=[game.pk]))
    assert "Propose that my team resigns" in page.content.decode()
    answer = client.post(reverse("game_resign", args=[game.pk]), {"version": game.version})
    assert answer.status_code == 303
    for user, sees in ((users[2], True), (users[1], False), (users[3], False)):
        client.force_login(user)
        table = client.get(reverse("game", args=[game.pk])).content.decode()
        assert (f"{users[0].username} proposes that your team resigns" in table) is sees
    client.force_login(users[2])
    assert client.post(reverse("game_resign_decline", args=[game.pk])).status_code == 303
    assert ResignationProposal.objects.get(game=game).status == Status.DECLINED
    table = client.get(reverse("game", args=[game.pk])).content.decode()
    assert "proposes that your team resigns" not in table


def test_the_web_agreement_resigns_the_team(started_game, client):
    game, users = started_game(4, 2)
    resign(game, users[0])
    client.force_login(users[2])
    page = client.get(reverse("game_resign", args=[game.pk])).content.decode()
    assert "Yes, I agree to resign" in page
    game.refresh_from_db()
    client.post(reverse("game_resign", args=[game.pk]), {"version": game.version})
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner == "green"


def test_a_forged_resign_form_changes_nothing(started_game, client):
    game, users = started_game(4, 2)
    client.force_login(users[0])
    for data in ({}, {"version": "x"}, {"version": "\x00"}, {"version": "٣"}):
        assert client.post(reverse("game_resign", args=[game.pk]), data).status_code == 400
    assert not ResignationProposal.objects.exists()
    client.force_login(users[1])
    assert client.post(reverse("game_resign_decline", args=[game.pk])).status_code == 409


def test_the_pages_say_the_team_loses_once_all_agree_and_ask_the_viewer_on_the_page(started_game, client):
    game, users = started_game(6, 2)  # blue: seats 0, 2 and 4
    client.force_login(users[0])
    page = client.get(reverse("game_resign", args=[game.pk])).content.decode()
    assert "resigns once all of you agree" in page and "at once" not in page and "cannot be undone" not in page
    resign(game, users[0])
    client.force_login(users[2])
    page = client.get(reverse("game_resign", args=[game.pk])).content.decode()
    assert "Once all of you agree, your team, blue, loses the game." in page and "at once" not in page
    table = client.get(reverse("game", args=[game.pk])).content.decode()
    notices = table.split('<div class="table-notices">')[1].split("</div>\n</div>")[0]
    assert f"{users[0].username} proposes that your team resigns" in notices  # under the banner, first to read
    assert f"Waiting for: {users[4].username}." in table  # not the reader, who is asked right there
    resign(game, users[4])
    table = client.get(reverse("game", args=[game.pk])).content.decode()
    assert "Waiting for:" not in table and "Unless all of you agree by" in table


def test_a_team_of_one_is_told_it_loses_at_once(started_game, client):
    game, users = started_game(2, 2)
    client.force_login(users[0])
    page = client.get(reverse("game_resign", args=[game.pk])).content.decode()
    assert "Your team, blue, loses the game at once." in page


def test_who_agreed_or_was_asked_hears_of_a_decline_and_the_decliner_does_not(started_game):
    game, users = started_game(6, 2)  # blue: seats 0, 2 and 4
    resign(game, users[0])
    resign(game, users[2])
    outbox.sweep()
    mail.outbox.clear()
    services.resign_decline(game_id=game.pk, user=users[4])
    outbox.sweep()
    told = {m.to[0]: m for m in mail.outbox if "plays on" in m.subject}
    assert set(told) == {users[0].email, users[2].email}  # not the decliner, nor green's players
    message = told[users[0].email]
    assert message.subject == f"{users[4].username} declined: your team plays on in game {game.pk}"
    sentence = f"{users[4].username} declined the proposal that your team, blue, resigns: you play on."
    assert f"{sentence}\n\nThe table: " in message.body  # one blank line, as in the other e-mails


def test_a_withdrawal_is_told_to_the_teammates_asked(started_game):
    game, users = started_game(4, 2)
    resign(game, users[0])
    outbox.sweep()
    mail.outbox.clear()
    services.resign_decline(game_id=game.pk, user=users[0])  # the proposer withdraws
    outbox.sweep()
    [message] = [m for m in mail.outbox if "plays on" in m.subject]
    assert message.to == [users[2].email]
    assert message.subject == f"{users[0].username} withdrew the proposal: your team plays on in game {game.pk}"


def test_a_decline_put_again_since_is_told_no_more(started_game):
    game, users = started_game(4, 2)
    resign(game, users[0])
    services.resign_decline(game_id=game.pk, user=users[2])
    resign(game, users[2])  # the team puts it again before the e-mail went: "you play on" is stale
    mail.outbox.clear()
    outbox.sweep()
    assert not [m for m in mail.outbox if "plays on" in m.subject]


def test_a_suspended_teammate_who_was_not_asked_hears_nothing_of_a_decline(started_game):
    game, users = started_game(6, 2)  # blue: seats 0, 2 and 4
    services.player_suspend(user_id=users[4].pk, moderator=ModeratorFactory(), reason="spam")
    resign(game, users[0])
    mail.outbox.clear()
    services.resign_decline(game_id=game.pk, user=users[2])
    outbox.sweep()
    assert [m.to for m in mail.outbox if "plays on" in m.subject] == [[users[0].email]]
