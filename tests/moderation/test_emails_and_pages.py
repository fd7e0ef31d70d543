"""The turn e-mail's new chat messages, the adjudicated result on the
table, and the admin's lists, searches and filters."""

import pytest
from django.urls import reverse

from games import services
from games.mail import emails
from games.models import Notification
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db


def test_the_turn_email_lists_the_new_chat_messages(started_game, moderator):
    game, users = started_game(2, 2)
    services.chat_post(game_id=game.pk, user=users[1], text="old <news>")
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    services.chat_post(game_id=game.pk, user=users[1], text="good <luck>")
    services.chat_post(game_id=game.pk, user=users[0], text="my own")
    hidden = services.chat_post(game_id=game.pk, user=users[1], text="a hidden one")
    services.chat_message_hide(message_id=hidden.pk, moderator=moderator, reason="rude")
    services.move_submit(game_id=game.pk, user=users[1], move=first_play(game, 1), expected_version=1)
    notification = Notification.objects.get(game=game, kind=Notification.Kind.YOUR_TURN, version=2)
    message = emails.build(notification)
    section = message.body.split("New messages in the table chat:")[1]
    assert f"{users[1].username}: good <luck>" in section
    assert "old <news>" not in message.body and "my own" not in message.body and "a hidden one" not in message.body
    html = message.alternatives[0].content
    assert "good &lt;luck&gt;" in html and "good <luck>" not in html


def test_no_chat_no_section(started_game):
    game, users = started_game(2, 2)
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    notification = Notification.objects.get(game=game, kind=Notification.Kind.YOUR_TURN, version=1)
    assert "New messages" not in emails.build(notification).body


def test_an_adjudicated_game_shows_its_result(client, started_game, moderator):
    game, users = started_game(2, 2, is_public=True)
    services.game_adjudicate(game_id=game.pk, moderator=moderator, winner="green", reason="blue walked away")
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    assert f"Green ({users[1].username}) wins" in html
    assert "moderator: ended the game: green wins" in html and "blue walked away" in html
    assert services.game_verify(game=game.__class__.objects.get(pk=game.pk)) == []


@pytest.mark.parametrize(
    "url, query",
    [
        ("admin:games_game_changelist", "?status__exact=active"),
        ("admin:games_game_changelist", "?overdue=yes"),
        ("admin:games_game_changelist", "?overdue=day"),
        ("admin:games_game_changelist", "?reported=open"),
        ("admin:games_game_changelist", "?reported=any"),
        ("admin:games_game_changelist", "?q=player"),
        ("admin:games_seat_changelist", "?q=player"),
        ("admin:games_invitation_changelist", ""),
        ("admin:games_notification_changelist", "?q=example.org"),
        ("admin:games_chatmessage_changelist", "?q=hello"),
        ("admin:games_report_changelist", "?status__exact=open"),
        ("admin:games_moderationaction_changelist", ""),
        ("admin:games_move_changelist", ""),
        ("admin:games_playersuspension_changelist", ""),
        ("admin:accounts_user_changelist", "?q=player"),
    ],
)
def test_the_admin_lists_answer(moderator_client, started_game, url, query):
    game, users = started_game(2, 2)
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    services.chat_post(game_id=game.pk, user=users[0], text="hello")
    services.report_create(game_id=game.pk, reporter=users[1], reason="other")
    response = moderator_client.get(reverse(url) + query)
    assert response.status_code == 200


def test_the_whose_turn_filter(moderator_client, started_game):
    game, users = started_game(2, 2)
    other, _ = started_game(2, 2)
    url = reverse("admin:games_game_changelist")
    listing = moderator_client.get(url).content.decode()
    assert f"?turn_user={users[0].username}" in listing
    filtered = moderator_client.get(url, {"turn_user": users[0].username})
    assert filtered.context["cl"].result_count == 1
    assert list(filtered.context["cl"].result_list) == [game]
    assert other not in filtered.context["cl"].result_list


def test_the_report_queue_counts_per_game_and_player(moderator_client, started_game):
    game, users = started_game(2, 2)
    message = services.chat_post(game_id=game.pk, user=users[0], text="rude")
    services.report_create(game_id=game.pk, reporter=users[1], reason="abuse", message_id=message.pk)
    services.report_create(game_id=game.pk, reporter=users[1], reason="stalling")
    response = moderator_client.get(reverse("admin:games_report_changelist"))
    rows = {report.pk: report for report in response.context["cl"].result_list}
    assert {r.game_open for r in rows.values()} == {2}
    assert sorted(r.user_open for r in rows.values()) == [0, 1]


def test_the_replay_shows_the_moderator_notes_without_a_private_reason(client, started_game, moderator):
    game, _ = started_game(2, 2, is_public=True)
    services.penalty_apply(game_id=game.pk, moderator=moderator, team="blue", reason="said too much")
    services.game_pause(game_id=game.pk, moderator=moderator, reason="a secret complaint", private=True)
    html = client.get(reverse("game_replay", args=[game.pk])).content.decode()
    assert "moderator: table-talk penalty for team blue" in html and "said too much" in html
    assert "moderator: paused the game" in html and "a secret complaint" not in html


def test_every_change_page_opens(moderator_client, started_game, moderator):
    game, users = started_game(2, 2)
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    message = services.chat_post(game_id=game.pk, user=users[1], text="hello")
    report = services.report_create(game_id=game.pk, reporter=users[0], reason="abuse", message_id=message.pk)
    suspension = services.player_suspend(user_id=users[1].pk, moderator=moderator, reason="abuse")
    services.game_pause(game_id=game.pk, moderator=moderator, reason="looking into it")
    objects = {
        "game": game,
        "seat": game.seats.first(),
        "move": game.moves.first(),
        "chatmessage": message,
        "report": report,
        "playersuspension": suspension,
        "moderationaction": game.moderation.first(),
        "notification": game.notifications.first(),
    }
    for model, obj in objects.items():
        page = moderator_client.get(reverse(f"admin:games_{model}_change", args=[obj.pk]))
        assert page.status_code == 200, model
    game_page = moderator_client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert "Resume the game" in game_page and "Pause the game" not in game_page
    assert "looking into it" in game_page  # the audit trail on the game's page
