"""Every e-mail that asks for an action carries its own reply address, at
its top the line that says how to reply; the others carry none. The
address is the recipient's alone, and dies with the game or the seat."""

import io
import sys

import pytest
from django.core import mail
from django.core.management import call_command
from django.db import OperationalError

from accounts.models import User
from games import services
from games.inbound import intake
from games.mail import emails, tokens
from games.models import Game, Notification, ReplyToken
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db
Kind = Notification.Kind


def built(game, kind, **filters):
    return emails.build(Notification.objects.filter(game=game, kind=kind, **filters).latest("pk"))


def test_the_emails_that_ask_for_an_action_carry_a_reply_address(started_game):
    game, users = started_game(2, 2, draw_mode="tabletop")
    messages = {Kind.YOUR_TURN: built(game, Kind.YOUR_TURN), Kind.REMINDER: built(game, Kind.REMINDER)}
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0, door="email")
    messages[Kind.DRAW_WINDOW] = built(game, Kind.DRAW_WINDOW)
    services.deadline_enforce(game_id=game.pk, now=game.turn_deadline)
    missed = built(game, Kind.MISSED)  # the draw lost, and the other player to move: nothing to reply
    assert not missed.reply_to and "Reply with your move" not in missed.body
    for kind, message in messages.items():
        assert message.body.startswith("Reply with your move, e.g."), kind
        assert "Reply with your move" in message.alternatives[0].content, kind
        (address,) = message.reply_to
        token = tokens.find(tokens.token_in([address]))
        assert token.game == game and token.user.email == message.to[0], kind
    assert messages[Kind.DRAW_WINDOW].body.startswith('Reply with your move, e.g. "draw"')
    assert len({m.reply_to[0] for m in messages.values()}) == len(messages)  # each e-mail its own


def test_the_others_carry_none(started_game):
    game, users = started_game(2, 2)
    services.move_submit(game_id=game.pk, user=users[1], move="resign", expected_version=0)
    for kind in (Kind.GAME_STARTED, Kind.GAME_OVER):
        message = built(game, kind)
        assert not message.reply_to and "Reply with your move" not in message.body


def test_only_the_hash_is_stored(started_game):
    game, _users = started_game(2, 2)
    address = built(game, Kind.YOUR_TURN).reply_to[0]
    token = tokens.token_in([address])
    assert not ReplyToken.objects.filter(digest__contains=token).exists()
    assert ReplyToken.objects.filter(digest=tokens.digest_of(token)).exists()


def test_a_digest_for_one_game_can_be_answered(started_game):
    game, users = started_game(2, 2)
    users[0].email_delivery = {Kind.YOUR_TURN: "digest"}
    users[0].save()
    notification = Notification.objects.get(game=game, kind=Kind.YOUR_TURN)
    message = emails.build_digest(recipient=users[0], notifications=[notification])
    assert message.reply_to and message.reply_to[0] in message.body


def test_a_seat_given_up_kills_the_address(started_game):
    game, users = started_game(2, 2)
    token = tokens.token_in(built(game, Kind.YOUR_TURN).reply_to)
    assert tokens.why_dead(tokens.find(token)) is None
    game.seats.filter(user=users[0]).update(user=None)
    assert tokens.why_dead(tokens.find(token)).code == "token_seat_given_up"
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    assert tokens.why_dead(tokens.find(token)).code == "token_game_over"


def test_the_settings_page_offers_new_reply_addresses(client, started_game):
    _game, users = started_game(2, 2)
    client.force_login(users[0])
    page = client.get("/accounts/settings/").content.decode()
    assert 'action="/reply-addresses/new/"' in page
    assert client.get("/reply-addresses/new/").status_code == 405


@pytest.mark.parametrize(
    ("count", "says"),
    [
        (1, "1 adresa pro odpovědi přestala fungovat; vaše příští e-maily ponesou nové."),
        (2, "2 adresy pro odpovědi přestaly fungovat; vaše příští e-maily ponesou nové."),
        (5, "5 adres pro odpovědi přestalo fungovat; vaše příští e-maily ponesou nové."),
    ],
)
def test_new_reply_addresses_says_how_many_stopped_with_czech_plurals(client, started_game, count, says):
    game, users = started_game(2, 2)
    User.objects.filter(pk=users[0].pk).update(language="cs")
    tokens.revoke_all(user=users[0])
    for _ in range(count):
        tokens.issue(user=users[0], game=game)
    client.force_login(users[0])
    assert says in client.post("/reply-addresses/new/", follow=True).content.decode()


def test_receive_email_exits_75_when_the_database_is_down(monkeypatch):
    def down(*args, **kwargs):
        raise OperationalError("could not connect to server")

    monkeypatch.setattr(intake, "store", down)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"From: a@example.org\r\nSubject: x\r\n\r\n7H C4")))
    with pytest.raises(SystemExit) as exit_:
        call_command("receive_email", stdout=io.StringIO(), stderr=io.StringIO())
    assert exit_.value.code == 75


def test_receive_email_exits_0_when_it_refuses(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"From: a@example.org\r\nSubject: x\r\n\r\n7H C4")))
    out = io.StringIO()
    call_command("receive_email", stdout=out)
    assert "Rejected" in out.getvalue() and not mail.outbox
