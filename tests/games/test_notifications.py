"""E-mails: the outbox, each kind's content, preferences, digests, unsubscribing."""

import re
from datetime import timedelta

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from games import emails, engine, outbox, services, tasks
from games.engine.cards import card_label
from games.models import Game, Notification
from tests.factories import UserFactory
from tests.gameplay import state_of

pytestmark = pytest.mark.django_db
Kind = Notification.Kind


def first_play(game, seat):
    return next(m for m in engine.legal_moves(state_of(game), seat) if " " in m and not m.startswith("pass"))


def rows(**filters):
    return list(Notification.objects.filter(**filters).order_by("pk"))


def hand_line(body: str) -> list[str]:
    return re.search(r"Your hand: (.*)", body).group(1).split()


def test_a_started_game_owes_game_started_your_turn_and_reminders(started_game):
    game, users = started_game(2, 2)
    first = users[0]
    kinds = {(n.kind, n.recipient, n.variant) for n in rows(game=game)}
    starter = game.created_by  # the fixture's creator starts the game
    assert (Kind.YOUR_TURN, first, 0) in kinds
    assert (Kind.REMINDER, first, 24) in kinds and (Kind.REMINDER, first, 2) in kinds
    others = [user for user in users if user != starter]
    assert {(Kind.GAME_STARTED, user, 0) for user in others} <= kinds
    assert (Kind.GAME_STARTED, starter, 0) not in kinds
    reminder = Notification.objects.get(game=game, kind=Kind.REMINDER, variant=2)
    assert reminder.due_at == game.turn_deadline - timedelta(hours=2)


def test_each_move_owes_the_next_player_one_turn_email(started_game):
    game, users = started_game(2, 2)
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    turn = rows(game=game, version=1, kind=Kind.YOUR_TURN)
    assert [n.recipient for n in turn] == [users[1]]


def test_your_turn_email_shows_the_board_my_hand_and_my_moves_only(started_game):
    game, _users = started_game(2, 2, seed=4)
    notification = Notification.objects.get(game=game, kind=Kind.YOUR_TURN, version=0)
    message = emails.build(notification)
    state = state_of(game)
    assert message.subject.startswith(f"Your turn in game {game.pk}")
    assert sorted(hand_line(message.body)) == sorted(card_label(c) for c in state.hands[0])
    listed = re.findall(r"^  (\S+ \S+|dead \S+|pass \S+)$", message.body, re.M)
    assert listed and all(m.split()[-1 if m.startswith(("dead", "pass")) else 0] in state.hands[0] for m in listed)
    assert "     A   B   C" in message.body and "  1   **" in message.body  # the board as text
    for card in set(state.hands[1]) - set(state.hands[0]):
        assert card_label(card) not in message.body.split("Your hand:")[1].split("Make your move")[0]
    html = message.alternatives[0].content
    assert "<pre" in html and "Open the table" in html
    assert message.extra_headers["List-Unsubscribe"].startswith("<http")
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


@pytest.mark.parametrize(
    "kind", [Kind.GAME_STARTED, Kind.GAME_OVER, Kind.MISSED, Kind.DRAW_WINDOW, Kind.INVITATION, Kind.REMINDER]
)
def test_every_kind_renders_text_and_html(started_game, kind):
    game, users = started_game(2, 2, draw_mode="tabletop")
    if kind == Kind.GAME_STARTED:
        notification = Notification.objects.get(game=game, kind=kind)
        says = "has started"
    elif kind == Kind.REMINDER:
        notification = Notification.objects.get(game=game, kind=kind, variant=2)
        says = "Reminder"
    elif kind == Kind.GAME_OVER:
        services.move_submit(game_id=game.pk, user=users[1], move="resign", expected_version=0)
        notification = Notification.objects.get(game=game, kind=kind, recipient=users[0])
        says = "Blue"
    elif kind == Kind.MISSED:
        services.deadline_enforce(game_id=game.pk, now=game.turn_deadline)
        notification = Notification.objects.get(game=game, kind=kind)
        says = "skipped"
    elif kind == Kind.DRAW_WINDOW:
        services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0, door="email")
        notification = Notification.objects.get(game=game, kind=kind)
        says = "draw"
    else:
        host = UserFactory()
        forming = services.game_create(creator=host, players=2, teams=2, invitees=["someone@example.org"])
        notification = Notification.objects.get(game=forming, kind=kind)
        says = "invites you"
    message = emails.build(notification)
    assert message is not None
    assert says.lower() in (message.subject + message.body).lower()
    assert message.alternatives[0].mimetype == "text/html"
    assert "unsubscribe" in message.alternatives[0].content.lower()
    assert "Stop e-mails like this one" in message.body


def test_a_draw_window_email_leads_to_a_one_click_confirmation(client, started_game):
    game, users = started_game(2, 2, draw_mode="tabletop")
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0, door="email")
    message = emails.build(Notification.objects.get(game=game, kind=Kind.DRAW_WINDOW))
    path = re.search(r"https?://[^/]+(/games/\d+/draw/)", message.body).group(1)
    client.force_login(users[0])
    page = client.get(path)
    assert b"Draw a card" in page.content
    client.post(reverse("game_move", args=[game.pk]), {"move": "draw", "version": 1})
    assert len(state_of(game).hands[0]) == 7


def test_a_turn_email_that_no_longer_applies_is_skipped(started_game):
    game, users = started_game(2, 2)
    stale = Notification.objects.get(game=game, kind=Kind.YOUR_TURN, version=0)
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    assert outbox.deliver(stale.pk) == "skipped"
    assert mail.outbox == []


def test_deliver_sends_once_and_a_duplicated_task_does_nothing(started_game):
    game, _ = started_game(2, 2)
    notification = Notification.objects.get(game=game, kind=Kind.YOUR_TURN)
    assert outbox.deliver(notification.pk) == "sent"
    assert outbox.deliver(notification.pk) == "not-claimed"
    tasks.send_due(game.pk, 0)
    assert len([m for m in mail.outbox if "Your turn" in m.subject]) == 1
    notification.refresh_from_db()
    assert notification.status == Notification.Status.SENT and notification.attempts == 1


def test_a_claim_whose_worker_died_is_sent_once_by_the_sweep(started_game):
    game, _ = started_game(2, 2)
    notification = Notification.objects.get(game=game, kind=Kind.YOUR_TURN)
    now = timezone.now()
    # A worker claimed it and died before sending.
    Notification.objects.filter(pk=notification.pk).update(status="sending", claimed_at=now, attempts=1)

    def turn_emails():
        return [m for m in mail.outbox if "Your turn" in m.subject]

    outbox.sweep(now + timedelta(minutes=1))  # still within its lease: left alone
    notification.refresh_from_db()
    assert notification.status == "sending" and turn_emails() == []
    outbox.sweep(now + outbox.LEASE + timedelta(seconds=1))
    outbox.sweep(now + outbox.LEASE + timedelta(minutes=2))
    notification.refresh_from_db()
    assert notification.status == "sent" and notification.attempts == 2
    assert len(turn_emails()) == 1


def test_a_failed_send_is_retried_later(started_game, monkeypatch):
    game, _ = started_game(2, 2)
    notification = Notification.objects.get(game=game, kind=Kind.YOUR_TURN)

    def refuse(self, *args, **kwargs):
        raise OSError("SMTP server down")

    monkeypatch.setattr("django.core.mail.EmailMultiAlternatives.send", refuse)
    assert outbox.deliver(notification.pk) == "retry"
    notification.refresh_from_db()
    assert notification.status == "pending" and "SMTP server down" in notification.last_error
    assert notification.due_at > timezone.now()
    monkeypatch.undo()
    outbox.sweep(notification.due_at)
    notification.refresh_from_db()
    assert notification.status == "sent"
    assert len([m for m in mail.outbox if "Your turn" in m.subject]) == 1


def test_preferences_off_and_digest(started_game):
    quiet = UserFactory(email_delivery={Kind.YOUR_TURN: "off", Kind.GAME_STARTED: "digest"}, reminder_hours="")
    host = UserFactory()
    game = services.game_create(creator=host, players=2, teams=2, invitees=[quiet.username])
    services.invitation_accept(invitation_id=game.invitations.get().pk, user=quiet)
    import random

    services.game_start(game_id=game.pk, user=host, rng=random.Random(1))
    mine = rows(game=game, recipient=quiet)
    assert [n.kind for n in mine if n.kind != Kind.INVITATION] == [Kind.GAME_STARTED]
    started = next(n for n in mine if n.kind == Kind.GAME_STARTED)
    assert started.digest and started.due_at > timezone.now()


def test_the_digest_gathers_waiting_games_into_one_email():
    import random

    me = UserFactory(email_delivery={k: "digest" for k in Kind.values}, digest_hour=7)
    for seed in range(3):
        other = UserFactory()
        game = services.game_create(creator=other, players=2, teams=2, invitees=[me.username])
        services.invitation_accept(invitation_id=game.invitations.get().pk, user=me)
        game = services.game_start(game_id=game.pk, user=other, rng=random.Random(seed))
        if game.turn_position != game.seats.get(user=me).position:
            services.move_submit(
                game_id=game.pk, user=other, move=first_play(game, game.turn_position), expected_version=0
            )
    due = Notification.objects.filter(recipient=me, digest=True)
    assert due.exists() and not mail.outbox
    when = max(due.values_list("due_at", flat=True))
    outcome = outbox.sweep(when)
    assert outcome["digest-sent"] == 1
    [digest] = [m for m in mail.outbox if m.to == [me.email]]
    assert digest.subject == "3 games are waiting for you"
    assert digest.body.count("/games/") >= 3
    assert "digest-sent" not in outbox.sweep(when)


def test_unsubscribe_link_turns_a_kind_off_and_a_tampered_one_is_refused(client):
    user = UserFactory()
    token = emails.unsubscribe_token(kind=Kind.YOUR_TURN, user=user)
    url = reverse("unsubscribe", args=[token])
    assert b"Stop these e-mails?" in client.get(url).content
    csrf_client = client.__class__(enforce_csrf_checks=True)
    response = csrf_client.post(url, {"List-Unsubscribe": "One-Click"})  # as a mail client does it
    assert response.status_code == 200
    user.refresh_from_db()
    assert user.delivery_for(Kind.YOUR_TURN) == "off"
    tampered = reverse("unsubscribe", args=[token[:-2] + ("AA" if not token.endswith("AA") else "BB")])
    assert client.post(tampered).status_code == 400
    assert client.get(reverse("unsubscribe", args=["nonsense"])).status_code == 400


def test_an_address_without_account_can_stop_invitations():
    host = UserFactory()
    services.game_create(creator=host, players=2, teams=2, invitees=["stranger@example.org"])
    token = emails.unsubscribe_token(kind=Kind.INVITATION, email="stranger@example.org")
    from django.test import Client

    Client().post(reverse("unsubscribe", args=[token]))
    game = services.game_create(creator=host, players=2, teams=2, invitees=["stranger@example.org"])
    assert not Notification.objects.filter(game=game).exists()


def test_the_settings_page_saves_preferences(client):
    user = UserFactory()
    client.force_login(user)
    assert client.get(reverse("account_settings")).status_code == 200
    data = {
        "time_zone": "Europe/Prague",
        "digest_hour": 19,
        "reminder_hours": "6, 1",
        **{f"delivery_{k}": "immediately" for k in Kind.values},
        "delivery_game_over": "digest",
    }
    client.post(reverse("account_settings"), data)
    user.refresh_from_db()
    assert (user.time_zone, user.digest_hour, user.reminder_hours) == ("Europe/Prague", 19, "6,1")
    assert user.delivery_for(Kind.GAME_OVER) == "digest"
    bad = client.post(reverse("account_settings"), {**data, "reminder_hours": "soon"})
    assert bad.status_code == 400 and b"whole hours" in bad.content


def test_times_in_emails_are_in_the_recipients_time_zone(started_game):
    game, users = started_game(2, 2)
    users[0].time_zone = "Asia/Tokyo"
    users[0].save()
    message = emails.build(Notification.objects.get(game=game, kind=Kind.YOUR_TURN))
    assert "JST" in message.body


def test_the_deadline_task_enforces_every_due_game(started_game):
    game1, _ = started_game(2, 2, seed=1)
    game2, _ = started_game(2, 2, seed=2)
    Game.objects.filter(pk=game1.pk).update(
        next_deadline=timezone.now() - timedelta(seconds=1), turn_deadline=timezone.now() - timedelta(seconds=1)
    )
    assert tasks.due_game_ids() == [game1.pk]
    assert tasks.enforce_deadlines() == 1
    assert tasks.enforce_deadlines() == 0
    assert game1.moves.get().text == "skip" and not game2.moves.exists()
