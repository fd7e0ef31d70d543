"""Each hostile or odd message is handled as specified: the game unchanged
where it must be, and no reply where none is due (no backscatter, no loops)."""

from email.message import EmailMessage
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.utils import make_msgid

import pytest
from django.core import mail

from games import engine, services
from games.inbound import intake
from games.mail import tokens
from games.models import Game, InboundMessage
from tests.factories import UserFactory
from tests.gameplay import first_play, state_of
from tests.inbound.mail import latest_to, reply

pytestmark = pytest.mark.django_db
Outcome = InboundMessage.Outcome


@pytest.fixture
def turn(started_game):
    """(game, users, the first player's turn e-mail, a legal move of theirs)."""
    game, users = started_game(2, 2, seed=3)
    message = latest_to(users[0].email)
    return game, users, message, engine.legal_moves(state_of(game), 0)[0]


def receive(raw: bytes) -> InboundMessage:
    return intake.receive(raw, door=InboundMessage.Door.PIPE)


def replies_to(address: str) -> list:
    return [m for m in mail.outbox if address in m.to and m.subject.startswith("Re:")]


def unchanged(game: Game) -> bool:
    version = game.version
    game.refresh_from_db()
    return game.version == version and not game.moves.exists()


def test_a_forged_token_is_rejected_without_a_reply(turn):
    game, users, message, move = turn
    row = receive(reply(message, move, to=f"play+{'a' * 24}@in.example.org"))
    assert (row.outcome, row.detail) == (Outcome.REJECTED, "token_unknown")
    assert unchanged(game) and not replies_to(users[0].email)


def test_a_tampered_token_is_rejected(turn):
    game, _users, message, move = turn
    address = message.reply_to[0]
    local, _, domain = address.partition("@")
    tampered = local[:-1] + ("b" if local[-1] != "b" else "c") + "@" + domain
    assert receive(reply(message, move, to=tampered)).detail == "token_unknown"
    assert unchanged(game)


def test_a_token_of_a_finished_game_is_refused_with_the_reason(turn):
    game, users, message, move = turn
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    row = receive(reply(message, move))
    assert (row.outcome, row.detail) == (Outcome.REFUSED, "token_game_over")
    assert "This game is over" in replies_to(users[0].email)[-1].body
    assert not game.moves.exists()


def test_a_revoked_token_is_refused(turn, client):
    game, users, message, move = turn
    client.force_login(users[0])
    assert client.post("/reply-addresses/new/").status_code == 302
    assert receive(reply(message, move)).detail == "token_revoked"
    assert unchanged(game)


def test_another_players_token_is_refused_and_its_player_told_once_a_day(turn):
    game, users, message, move = turn
    mail.outbox.clear()
    row = receive(reply(message, move, sender=users[1].email))
    assert (row.outcome, row.detail) == (Outcome.REJECTED, "wrong_sender")
    assert unchanged(game)
    assert [m.to for m in mail.outbox] == [[users[0].email]]
    assert users[1].email in mail.outbox[0].body and message.reply_to[0] not in mail.outbox[0].body
    receive(reply(message, move, sender="stranger@example.net"))
    assert len(mail.outbox) == 1  # once a day at most


def test_a_wrong_from_is_rejected_and_not_answered(turn):
    game, _users, message, move = turn
    mail.outbox.clear()
    assert receive(reply(message, move, sender="Mallory <mallory@example.net>")).detail == "wrong_sender"
    assert unchanged(game)
    assert not replies_to("mallory@example.net")


def test_an_unverified_address_of_the_player_is_not_theirs(turn):
    from allauth.account.models import EmailAddress

    _game, users, message, move = turn
    EmailAddress.objects.create(user=users[0], email="second@example.org", verified=False)
    assert receive(reply(message, move, sender="second@example.org")).detail == "wrong_sender"


@pytest.mark.parametrize(
    "results",
    [
        "mx.site; dkim=fail header.d=example.org; spf=pass smtp.mailfrom=example.org",
        "mx.site; spf=fail smtp.mailfrom=player0@example.org",
        "mx.site; dmarc=fail header.from=example.org",
        "mx.site; dmarc=fail header.from=example.org.",  # the root's dot
        'mx.site; dkim=fail header.d="example.org"',  # quoted, as RFC 8601 allows
    ],
)
def test_failing_authentication_results_are_rejected(turn, results):
    game, users, message, move = turn
    row = receive(reply(message, move, headers={"Authentication-Results": results}))
    assert row.outcome == Outcome.REJECTED and row.detail.startswith("authentication_")
    assert unchanged(game) and not replies_to(users[0].email)


def test_a_failing_verdict_for_another_domain_does_not_count(turn):
    _game, _users, message, move = turn
    results = "mx.site; dkim=fail header.d=mailinglist.example; dkim=pass header.d=example.org"
    assert receive(reply(message, move, headers={"Authentication-Results": results})).outcome == Outcome.APPLIED


def test_a_replayed_message_id_acts_once(turn):
    game, users, message, move = turn
    raw = reply(message, move)
    assert receive(raw).outcome == Outcome.APPLIED
    answers = len(replies_to(users[0].email))
    again = receive(raw)
    assert again.outcome == Outcome.APPLIED and InboundMessage.objects.count() == 1
    game.refresh_from_db()
    assert game.version == 1 and len(replies_to(users[0].email)) == answers


@pytest.mark.parametrize(
    "headers",
    [
        {"Auto-Submitted": "auto-replied"},
        {"Precedence": "bulk"},
        {"Precedence": "list"},
        {"X-Autoreply": "yes"},
        {"List-Id": "<players.lists.example>"},
        {"Return-Path": "<>"},
    ],
)
def test_auto_replies_and_list_mail_are_ignored_without_a_reply(turn, headers):
    game, users, message, move = turn
    row = receive(reply(message, move, headers=headers))
    assert row.outcome == Outcome.IGNORED
    assert unchanged(game) and not replies_to(users[0].email)


def test_a_bounce_is_ignored(turn):
    game, users, message, _move = turn
    bounce = MIMEMultipart("report", report_type="delivery-status")
    bounce["From"] = "Mail Delivery System <MAILER-DAEMON@example.org>"
    bounce["To"] = message.reply_to[0]
    bounce["Subject"] = "Undelivered Mail Returned to Sender"
    bounce["Message-ID"] = make_msgid()
    bounce.attach(MIMEText("This is the mail system at host example.org."))
    row = receive(bounce.as_bytes())
    assert (row.outcome, row.detail) == (Outcome.IGNORED, "bounce")
    assert unchanged(game) and not replies_to(users[0].email)


def test_garbage_is_rejected_quietly(turn):
    game, users, _message, _move = turn
    for raw in (b"", b"\x00\xff garbage \r\n\r\n", b"From: \r\nTo: <<<>>>\r\n\r\n7H C4", b"Subject: =?utf-8?q?broken"):
        row = receive(raw)
        assert row.outcome in (Outcome.REJECTED, Outcome.IGNORED)
    assert unchanged(game) and not replies_to(users[0].email)


def test_nul_characters_in_the_headers_are_stored_without_them(turn):
    """PostgreSQL refuses a NUL in text: found by tests/inbound/test_random_mail.py."""
    game, _users, message, _move = turn
    raw = reply(message, "help").replace(b"Subject: ", b"Subject: a\x00b ", 1)
    raw = raw.replace(b"Message-ID: <", b"Message-ID: <\x00", 1)
    assert b"\x00" in raw
    row = receive(raw)
    assert row.outcome != Outcome.PENDING and row.subject.startswith("ab ") and "\x00" not in row.message_id
    assert unchanged(game)


def test_garbage_from_the_player_is_answered_with_the_reason_and_the_moves(turn):
    game, users, message, _move = turn
    row = receive(reply(message, "what is this 7H C44"))
    assert row.outcome == Outcome.REFUSED
    answer = replies_to(users[0].email)[-1]
    assert answer.body.startswith("Nothing was changed. ")
    assert "Moves you can make now" in answer.body
    assert unchanged(game)


def test_an_illegal_move_teaches_the_right_one(turn):
    game, users, message, move = turn
    hand = state_of(game).hands[0]
    other = next(card for card in engine.cards.ONE_SUIT_DECK if card not in hand and card[0] != "J")
    row = receive(reply(message, f"{other} A2"))
    assert row.outcome == Outcome.REFUSED
    body = replies_to(users[0].email)[-1].body
    assert "Nothing was changed" in body and move in body
    assert unchanged(game)


def test_a_five_megabyte_message_is_ignored(turn):
    game, users, message, move = turn
    raw = reply(message, move + "\n" + "x" * (5 * 1024 * 1024))
    row = receive(raw)
    assert (row.outcome, row.detail) == (Outcome.IGNORED, "too_big")
    assert len(bytes(row.raw)) <= 256 * 1024 and row.size == len(raw)
    assert unchanged(game) and not replies_to(users[0].email)


def test_an_html_only_reply_is_read(turn):
    _game, users, message, move = turn
    html = EmailMessage()
    html["From"], html["To"] = users[0].email, message.reply_to[0]
    html["Subject"], html["Message-ID"] = "Re: your turn", make_msgid()
    html.set_content(
        f"<html><body><div dir='ltr'>{move}</div><br><div class='gmail_quote'>On Mon wrote:"
        f"<blockquote>Reply with your move, e.g. 9H A2</blockquote></div></body></html>",
        subtype="html",
    )
    assert receive(html.as_bytes()).outcome == Outcome.APPLIED


def test_non_ascii_suits_and_words_are_read(turn):
    _game, _users, message, move = turn
    card, cell = move.split()
    suit_word = {"S": "picche", "H": "kőr", "D": "káry", "C": "kříže"}[card[1]]
    rank = "10" if card[0] == "T" else card[0]
    row = receive(reply(message, f"Ahoj! 😀\n{rank} {suit_word} {cell.lower()}"))
    assert row.outcome == Outcome.APPLIED, row.detail


def test_an_attachment_is_never_read(turn):
    game, users, message, move = turn
    raw = EmailMessage()
    raw["From"], raw["To"] = users[0].email, message.reply_to[0]
    raw["Subject"], raw["Message-ID"] = "Re: move", make_msgid()
    raw.set_content("help")
    raw.add_attachment(move.encode(), maintype="text", subtype="plain", filename="move.txt")
    row = receive(raw.as_bytes())
    assert row.outcome == Outcome.ANSWERED and unchanged(game)


def test_too_many_messages_for_one_game_are_dropped(turn, settings):
    _game, _users, message, _move = turn
    settings.INBOUND_PER_GAME_PER_HOUR = 3
    rows = [receive(reply(message, "board")) for _ in range(4)]
    assert [r.outcome for r in rows] == [Outcome.ANSWERED] * 3 + [Outcome.REJECTED]
    assert rows[-1].detail == "rate_game"


def test_too_many_messages_naming_no_game_from_one_address_are_dropped(turn, settings):
    _game, _users, message, move = turn
    settings.INBOUND_PER_ADDRESS_PER_HOUR = 2
    forged = f"play+{'a' * 24}@in.example.org"
    rows = [receive(reply(message, move, to=forged)) for _ in range(3)]
    assert [r.detail for r in rows] == ["token_unknown", "token_unknown", "rate_address"]


def test_too_many_messages_in_all_are_dropped(turn, settings):
    _game, _users, message, _move = turn
    settings.INBOUND_PER_HOUR = 2
    rows = [receive(reply(message, "board")) for _ in range(3)]
    assert rows[-1].detail == "rate_global"


def test_help_board_and_the_reply_address_stays_private(turn):
    _game, users, message, _move = turn
    receive(reply(message, "help"))
    answer = replies_to(users[0].email)[-1]
    assert "dead 7H" in answer.body and "hearts" in answer.body  # the reader's suit words (test_languages: Czech)
    assert answer.reply_to[0].startswith("play+")
    assert tokens.find(tokens.token_in(answer.reply_to)).user == users[0]
    others = [m for m in mail.outbox if users[0].email not in m.to]
    assert all(answer.reply_to[0] not in m.body and answer.reply_to[0] not in m.reply_to for m in others)


def test_a_wrong_resignation_code_resigns_nothing(turn):
    game, users, message, _move = turn
    receive(reply(message, "resign"))
    row = receive(reply(message, "resign 0000ffff"))
    assert (row.outcome, row.detail) == (Outcome.REFUSED, "resign_code_unknown")
    assert "(You wrote: resign 0000ffff)" in replies_to(users[0].email)[-1].body  # as written, not the code alone
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE


def test_a_resignation_code_asked_for_before_a_move_is_stale(turn):
    game, users, message, move = turn
    receive(reply(message, "resign"))
    asked = replies_to(users[0].email)[-1]
    code = asked.body.split("resign ", 2)[-1].split()[0]
    services.move_submit(game_id=game.pk, user=users[0], move=move, expected_version=0)
    row = receive(reply(asked, f"resign {code}"))
    assert (row.outcome, row.detail) == (Outcome.REFUSED, "stale_version")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.version == 1
    receive(reply(replies_to(users[0].email)[-1], "resign"))
    fresh = replies_to(users[0].email)[-1]
    receive(reply(fresh, "resign " + fresh.body.split("resign ", 2)[-1].split()[0]))
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    told = replies_to(users[0].email)[-1].body
    assert f"You resigned game {game.pk}." in told and "Done:" not in told


def test_a_resignation_code_asked_for_after_a_play_in_the_same_reply_resigns(turn):
    """The code is given at the version after the reply's own moves, not the one it arrived at."""
    game, users, message, move = turn
    receive(reply(message, f"{move}\nresign"))
    asked = replies_to(users[0].email)[-1]
    code = asked.body.split("resign ", 2)[-1].split()[0]
    assert receive(reply(asked, f"resign {code}")).outcome == Outcome.APPLIED
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED


def test_a_second_command_refused_undoes_the_first(started_game):
    game, users = started_game(2, 2, seed=3, draw_mode=Game.DrawMode.TABLETOP)
    message = latest_to(users[0].email)
    move = engine.legal_moves(state_of(game), 0)[0]
    row = receive(reply(message, f"{move}\n{move}"))
    assert row.outcome == Outcome.REFUSED
    assert unchanged(game)


def test_a_stranger_without_an_account_gets_no_reply(turn):
    _game, _users, message, move = turn
    other = UserFactory()
    receive(reply(message, move, sender=other.email))
    assert not replies_to(other.email)


@pytest.mark.parametrize("depth", [14, 1500])
def test_parts_nested_past_any_mail_client_are_read_as_no_words_not_a_crash(turn, monkeypatch, depth):
    """A thousand nested parts (about 100 KB) once ran the parser out of
    recursion: the pipe printed a traceback and the IMAP poll died on it
    every minute, before the messages behind it."""
    from tests.inbound.mail import pipe

    game, users, message, move = turn
    head = f"From: {users[0].email}\r\nTo: {message.reply_to[0]}\r\nSubject: Re: {message.subject}\r\n"
    head += f"Message-ID: {make_msgid('nested')}\r\nMIME-Version: 1.0\r\n"
    head += "Content-Type: multipart/mixed; boundary=b0\r\n\r\n"
    parts = "".join(f"--b{i}\r\nContent-Type: multipart/mixed; boundary=b{i + 1}\r\n\r\n" for i in range(depth))
    parts += f"--b{depth}\r\nContent-Type: text/plain\r\n\r\n{move}\r\n--b{depth}--\r\n"
    parts += "".join(f"--b{i}--\r\n" for i in reversed(range(depth)))
    printed = pipe((head + parts).encode(), monkeypatch)
    assert len(printed.strip().splitlines()) == 1
    row = InboundMessage.objects.get()
    assert row.outcome != Outcome.PENDING and unchanged(game)


@pytest.mark.parametrize(
    "written",
    [
        "{me}, someone@evil.example",
        "someone@evil.example, {me}",
        "=?utf-8?q?{encoded}?=",  # the address itself as an encoded word
    ],
)
def test_a_reply_from_several_addresses_or_an_encoded_one_is_not_the_players(turn, written):
    game, users, message, move = turn
    me = users[0].email
    raw = reply(message, move).replace(
        f"From: {me}".encode(),
        b"From: " + written.format(me=me, encoded=me.replace("@", "=40").replace(".", "=2E")).encode(),
    )
    row = receive(raw)
    assert row.outcome != Outcome.APPLIED and unchanged(game)


def test_a_second_from_header_is_not_the_players(turn):
    """The MTA's verdicts may be about the second: the message is nobody's."""
    game, _users, message, move = turn
    verdict = "mx.site; spf=pass smtp.mailfrom=evil.example; dmarc=pass header.from=evil.example"
    raw = reply(message, move, headers={"Authentication-Results": verdict})
    raw = raw.replace(b"\nTo: ", b"\nFrom: someone@evil.example\nTo: ", 1)
    row = receive(raw)
    assert (row.outcome, row.detail) == (Outcome.IGNORED, "no_sender") and unchanged(game)


def test_a_name_in_encoded_words_is_still_the_player(turn):
    _game, users, message, move = turn
    me = users[0].email
    raw = reply(message, move).replace(f"From: {me}".encode(), f"From: =?utf-8?q?Kar=C3=ADn?= <{me}>".encode())
    assert receive(raw).outcome == Outcome.APPLIED


def test_a_play_in_reply_to_an_earlier_turns_email_is_refused_as_stale(turn):
    """The reply address is the game's, not the turn's: the e-mail replied to
    names the position its player saw, and a play chosen on a board that has
    changed since is refused, as the web refuses one from an old page."""
    game, users, old_turn, _move = turn
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    services.move_submit(game_id=game.pk, user=users[1], move=first_play(game, 1), expected_version=1)
    game.refresh_from_db()
    now_legal = engine.legal_moves(state_of(game), 0)[0]
    row = receive(reply(old_turn, now_legal))
    assert (row.outcome, row.detail) == (Outcome.REFUSED, "stale_version")
    assert "The game has moved on" in replies_to(users[0].email)[-1].body
    game.refresh_from_db()
    assert game.version == 2
    assert receive(reply(latest_to(users[0].email), now_legal)).outcome == Outcome.APPLIED


def test_an_answer_names_only_the_colours_in_play(started_game):
    for teams, red in [(2, False), (3, True)]:
        _game, users = started_game(teams, teams, seed=3)
        receive(reply(latest_to(users[0].email), "board"))
        body = replies_to(users[0].email)[-1].body
        assert "[B] blue, [G] green" in body and ("[R] red" in body) == red


def test_a_play_in_reply_to_an_answer_that_showed_an_old_board_is_refused_as_stale(turn):
    """An answer (here to "board") shows the board too: a reply to it is held to the version it showed."""
    game, users, message, _move = turn
    receive(reply(message, "board"))
    answer = replies_to(users[0].email)[-1]
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    services.move_submit(game_id=game.pk, user=users[1], move=first_play(game, 1), expected_version=1)
    now_legal = engine.legal_moves(state_of(game), 0)[0]
    row = receive(reply(answer, now_legal))
    assert (row.outcome, row.detail) == (Outcome.REFUSED, "stale_version")
    assert receive(reply(replies_to(users[0].email)[-1], now_legal)).outcome == Outcome.APPLIED
