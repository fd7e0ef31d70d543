"""Each moderator action through the admin's real pages: its effect, its
audit row, the players' e-mails, and the refusal of staff who are not moderators."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from games import services
from games.errors import NotAllowed
from games.mail import emails
from games.models import ChatMessage, Game, ModerationAction, Notification, PlayerSuspension, Report
from tests.factories import UserFactory
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db
Kind = ModerationAction.Kind


def told(game, kind=Notification.Kind.MODERATION) -> set[str]:
    return set(Notification.objects.filter(game=game, kind=kind).values_list("to_email", flat=True))


def act(client, name, game, **data):
    data.setdefault("reason", f"{name} for a reason")
    return client.post(reverse(f"admin:games_game_{name}", args=[game.pk]), data)


def the_audit(game) -> ModerationAction:
    return ModerationAction.objects.filter(game=game).latest("number")


def test_pause_and_resume(moderator_client, moderator, started_game):
    game, users = started_game(2, 2)
    assert act(moderator_client, "pause", game).status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.PAUSED and game.next_deadline is None
    audit = the_audit(game)
    assert (audit.kind, audit.moderator, audit.reason) == (Kind.PAUSE, moderator, "pause for a reason")
    assert told(game) == {u.email for u in users}
    assert act(moderator_client, "resume", game).status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.turn_deadline is not None
    assert the_audit(game).kind == Kind.RESUME


def test_extend_the_turn(moderator_client, started_game):
    game, users = started_game(2, 2)
    before = game.turn_deadline
    assert act(moderator_client, "extend", game, clock="turn", minutes="90").status_code == 302
    game.refresh_from_db()
    assert game.turn_deadline == before + timedelta(minutes=90) == game.next_deadline
    audit = the_audit(game)
    assert audit.kind == Kind.EXTEND and audit.changes["minutes"] == 90
    assert told(game) == {users[game.turn_position].email}  # whose time it is hears of it


def test_extend_a_draw_window(moderator_client, started_game):
    game, users = started_game(2, 2, draw_mode="tabletop")
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    seat = game.seats.get(position=0)
    assert act(moderator_client, "extend", game, clock="0", minutes="30").status_code == 302
    assert game.seats.get(position=0).draw_deadline == seat.draw_deadline + timedelta(minutes=30)
    assert told(game) == {users[0].email}  # the seat whose draw it is


def test_replace_a_player(moderator_client, started_game):
    game, users = started_game(2, 2)
    newcomer = UserFactory()
    assert act(moderator_client, "replace", game, position="1", username=newcomer.username).status_code == 302
    seat = game.seats.get(position=1)
    assert (seat.user, seat.name) == (newcomer, newcomer.username)
    audit = the_audit(game)
    assert audit.kind == Kind.REPLACE and audit.target_user == users[1]
    assert told(game) == {users[1].email, newcomer.email}  # both are told, nobody else


def test_penalty(moderator_client, started_game):
    game, users = started_game(2, 2)
    assert act(moderator_client, "penalty", game, team="green").status_code == 302
    assert game.moves.get().text == "penalize green"
    assert the_audit(game).changes["team"] == "green"
    assert told(game) == {u.email for u in users}  # the team that owes a card, and its opponents


def test_adjudicate_a_win_and_a_draw(moderator_client, started_game):
    game, users = started_game(2, 2)
    assert act(moderator_client, "adjudicate", game, winner="green").status_code == 302
    game.refresh_from_db()
    assert (game.status, game.winner, game.result_reason) == (Game.Status.FINISHED, "green", "adjudicated")
    assert the_audit(game).changes == {"winner": "green"}
    assert told(game) == {u.email for u in users}
    other, _ = started_game(2, 2)
    act(moderator_client, "adjudicate", other, winner="")
    other.refresh_from_db()
    assert (other.status, other.winner) == (Game.Status.FINISHED, "")


def test_abort(moderator_client, started_game):
    game, users = started_game(2, 2)
    act(moderator_client, "abort", game, private="on")
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED and game.abort_reason == ""  # a private reason stays private
    assert the_audit(game).reason_private
    assert told(game) == {u.email for u in users}


def test_hide_a_message(moderator_client, started_game):
    game, users = started_game(2, 2)
    message = services.chat_post(game_id=game.pk, user=users[0], text="my hand is all hearts")
    url = reverse("admin:games_chatmessage_hide", args=[message.pk])
    assert moderator_client.post(url, {"reason": "table talk"}).status_code == 302
    message.refresh_from_db()
    assert message.hidden_at is not None
    assert the_audit(game).kind == Kind.HIDE_MESSAGE


def test_suspend_and_lift(moderator_client, started_game):
    _, users = started_game(2, 2)
    url = reverse("admin:games_playersuspension_suspend")
    assert moderator_client.post(url, {"reason": "abuse", "username": users[1].username}).status_code == 302
    suspension = PlayerSuspension.objects.get(user=users[1])
    audit = ModerationAction.objects.get(kind=Kind.SUSPEND)
    assert audit.target_user == users[1] and audit.game is None
    lift = reverse("admin:games_playersuspension_lift", args=[suspension.pk])
    assert moderator_client.post(lift, {"reason": "served"}).status_code == 302
    suspension.refresh_from_db()
    assert suspension.lifted_at is not None


def test_resolve_a_report(moderator_client, started_game):
    game, users = started_game(2, 2)
    report = services.report_create(game_id=game.pk, reporter=users[0], reason="stalling")
    queue = moderator_client.get(reverse("admin:games_report_changelist"))
    assert queue.status_code == 200 and b"Resolve" in queue.content
    url = reverse("admin:games_report_resolve", args=[report.pk])
    assert moderator_client.post(url, {"note": "talked to them"}).status_code == 302
    report.refresh_from_db()
    assert report.status == Report.Status.RESOLVED and report.resolution == "talked to them"
    assert the_audit(game).kind == Kind.RESOLVE_REPORT


def test_a_refusal_is_an_admin_message_and_changes_nothing(moderator_client, started_game):
    game, _ = started_game(2, 2)
    response = act(moderator_client, "resume", game)  # not paused
    assert response.status_code == 409
    assert "you cannot resume it now" in response.content.decode()
    assert not ModerationAction.objects.exists()


def test_a_reason_is_required(moderator_client, started_game):
    game, _ = started_game(2, 2)
    assert act(moderator_client, "pause", game, reason="").status_code == 400
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE


def _urls(game, message, report, suspension):
    names = ["pause", "resume", "extend", "replace", "penalty", "adjudicate", "abort"]
    return [reverse(f"admin:games_game_{name}", args=[game.pk]) for name in names] + [
        reverse("admin:games_chatmessage_hide", args=[message.pk]),
        reverse("admin:games_report_resolve", args=[report.pk]),
        reverse("admin:games_playersuspension_suspend"),
        reverse("admin:games_playersuspension_lift", args=[suspension.pk]),
    ]


def test_staff_outside_the_group_are_refused_everywhere(staff_client, started_game):
    game, users = started_game(2, 2)
    message = ChatMessage.objects.create(game=game, author=users[0], name="x", text="hi")
    report = Report.objects.create(game=game, reporter=users[1], reason="other")
    suspension = PlayerSuspension.objects.create(user=users[1])
    for url in _urls(game, message, report, suspension):
        assert staff_client.get(url).status_code == 403, url
        assert staff_client.post(url, {"reason": "r", "note": "n", "username": users[0].username}).status_code == 403
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and not ModerationAction.objects.exists()


def test_services_refuse_staff_outside_the_group(started_game):
    game, _ = started_game(2, 2)
    staff = UserFactory(is_staff=True)
    with pytest.raises(NotAllowed) as refused:
        services.game_pause(game_id=game.pk, moderator=staff, reason="no")
    assert refused.value.code == "moderators_only" and str(refused.value) == "Only moderators pause it."


def test_the_moderation_email_says_what_and_why(moderator_client, started_game):
    game, users = started_game(2, 2)
    act(moderator_client, "pause", game, reason="A complaint is being looked at")
    notification = Notification.objects.get(game=game, kind=Notification.Kind.MODERATION, recipient=users[0])
    message = emails.build(notification)
    assert f"A moderator acted in game {game.pk}" == message.subject
    assert "paused the game" in message.body and "A complaint is being looked at" in message.body


def test_the_moderators_group_holds_exactly_what_moderating_needs():
    group = Group.objects.get(name="Moderators")
    granted = {f"{p.content_type.app_label}.{p.codename}" for p in group.permissions.select_related("content_type")}
    views = {"game", "seat", "move", "invitation", "notification", "chatmessage", "report"}
    views |= {"moderationaction", "playersuspension", "inboundmessage"}
    assert granted == {
        "games.moderate",
        "games.view_game_state",
        "accounts.view_user",
        *(f"games.view_{model}" for model in views),
    }
    assert not any(p.startswith(("games.add_", "games.change_", "games.delete_")) for p in granted)
