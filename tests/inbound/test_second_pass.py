"""Play by e-mail, second pass (issue 30): each case through `manage.py
receive_email` with a message as a mail client writes it."""

import os
import random
import subprocess
import sys
from datetime import timedelta
from email.message import EmailMessage
from email.utils import make_msgid

import pytest
from django.core import mail
from django.utils import timezone

from games import engine, services
from games.mail import outbox, tokens
from games.models import Game, InboundMessage, Notification, Seat
from tests.gameplay import state_of
from tests.inbound.mail import answer_to, latest_to, pipe, reply

pytestmark = pytest.mark.django_db
Outcome = InboundMessage.Outcome
ORDINARY = ("dead", "pass", "resign", "draw", "penalty")


def last_row() -> InboundMessage:
    return InboundMessage.objects.order_by("-pk").first()


def plays(state, seat) -> list[str]:
    return [m for m in engine.legal_moves(state, seat) if not m.startswith(ORDINARY)]


def winning_play(state, seat) -> str | None:
    for move in plays(state, seat):
        if engine.apply(state, seat, move)[0].result is not None:
            return move
    return None


def test_a_winning_play_sent_with_its_draw_wins(started_game, monkeypatch):
    game, users = started_game(2, 2, seed=11, draw_mode=Game.DrawMode.TABLETOP)
    rng = random.Random(11)
    for _ in range(400):  # the web plays (and draws) until a play would win
        state = state_of(game)
        drawing = [p for p in range(2) if state.pending[p] is not None]
        if drawing:
            services.move_submit(game_id=game.pk, user=users[drawing[0]], move="draw", expected_version=game.version)
            continue
        win = winning_play(state, state.turn)
        if win:
            break
        move = rng.choice([m for m in engine.legal_moves(state, state.turn) if m != "resign"])
        services.move_submit(game_id=game.pk, user=users[state.turn], move=move, expected_version=game.version)
    seat = state.turn
    assert win, "no winning play came up"
    pipe(reply(latest_to(users[seat].email), f"{win}; draw"), monkeypatch)
    row = last_row()
    assert (row.outcome, row.detail) == (Outcome.APPLIED, win), answer_to(users[seat].email).body
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    body = answer_to(users[seat].email).body
    assert body.startswith(f"Done: {win}.") and "is over" in body and "You won" in body
    assert "Reply to this e-mail with your move" not in body


def test_two_plays_in_one_reply_play_none_and_say_one_play_a_turn(started_game, monkeypatch):
    game, users = started_game(2, 2, seed=3)
    first, second = plays(state_of(game), 0)[:2]
    pipe(reply(latest_to(users[0].email), f"{first}\n{second}"), monkeypatch)
    row = last_row()
    assert (row.outcome, row.detail) == (Outcome.REFUSED, "one_play_a_turn")
    body = answer_to(users[0].email).body
    assert "One play a turn" in body and f"{first}; {second}" in body and "not your turn" not in body
    game.refresh_from_db()
    assert game.version == 0 and not game.moves.exists()


ATTRIBUTIONS = [
    "On Tue, 1 Dec 2026 at 10:00, Sequence <sequence@localhost> wrote:",
    "On Tue, Dec 1, 2026 at 10:00 AM Sequence <sequence@localhost>\nwrote:",
    "Dne út 1. 12. 2026 v 10:00 odesílatel Sequence <sequence@localhost> napsal:",
    "Dne 1. 12. 2026 v 10:00 Sequence napsal(a):",
    "Il giorno mar 1 dic 2026 alle ore 10:00 Sequence <sequence@localhost> ha scritto:",
    "Il 01/12/2026 10:00, Sequence ha scritto:",
    "2026. dec. 1., k 10:00 időpontban Sequence <sequence@localhost> ezt írta:",
    "2026. 12. 01. 10:00 keltezéssel, Sequence írta:",
]


@pytest.mark.parametrize("attribution", ATTRIBUTIONS)
def test_a_bottom_posted_reply_is_read_under_the_quote(started_game, monkeypatch, attribution):
    game, users = started_game(2, 2, seed=3)
    move = plays(state_of(game), 0)[0]
    pipe(reply(latest_to(users[0].email), move, bottom=True, attribution=attribution), monkeypatch)
    assert (last_row().outcome, last_row().detail) == (Outcome.APPLIED, move), answer_to(users[0].email).body


@pytest.mark.parametrize("attribution", ATTRIBUTIONS)
def test_a_reply_of_only_the_quote_asks_for_the_move_at_the_top(started_game, monkeypatch, attribution):
    game, users = started_game(2, 2, seed=3)
    pipe(reply(latest_to(users[0].email), "", attribution=attribution), monkeypatch)
    row = last_row()
    assert (row.outcome, row.detail) == (Outcome.REFUSED, "no_command_in_reply")
    body = answer_to(users[0].email).body
    assert "at the top of your reply" in body and "is not a move" not in body
    assert not game.moves.exists()


def _without_from(message) -> bytes:
    raw = EmailMessage()
    raw["To"], raw["Subject"], raw["Message-ID"] = message.reply_to[0], "Re: x", make_msgid()
    raw.set_content("7H C4")
    return raw.as_bytes()


def test_mail_without_a_sender_is_dropped_silently(started_game, monkeypatch):
    game, users = started_game(2, 2, seed=3)
    message = latest_to(users[0].email)
    mail.outbox.clear()
    pipe(_without_from(message), monkeypatch)
    pipe(b"", monkeypatch, "--recipient", message.reply_to[0])
    rows = list(InboundMessage.objects.order_by("pk").values_list("outcome", "detail"))
    assert rows == [(Outcome.IGNORED, "no_sender")] * 2
    outbox.sweep()
    assert mail.outbox == [] and not game.moves.exists()


def test_a_lost_draw_asks_nothing_and_speaks_to_its_reader(started_game, monkeypatch):
    game, users = started_game(4, 2, seed=7, draw_mode=Game.DrawMode.TABLETOP)
    pipe(reply(latest_to(users[0].email), plays(state_of(game), 0)[0]), monkeypatch)  # no draw
    assert "Reply “draw” to take your draw" in answer_to(users[0].email).body
    pipe(reply(latest_to(users[1].email), f"{plays(state_of(game), 1)[0]}; draw"), monkeypatch)
    assert last_row().outcome == Outcome.APPLIED
    confirmation = answer_to(users[1].email).body
    assert "Reply to this e-mail with your move" not in confirmation and "is to play" in confirmation
    outbox.sweep()
    notice = next(m for m in mail.outbox if users[0].email in m.to and "draw was lost" in m.subject)
    assert not notice.reply_to and "Reply with your move" not in notice.body
    assert "you lost a draw" in notice.body and f"{users[0].username} lost" not in notice.body


def test_jacks_are_grouped_after_every_ordinary_play(started_game, monkeypatch):
    game, users = started_game(2, 2, seed=3)
    state = dict(game.state)
    hands, pile = [list(h) for h in state["hands"]], list(state["draw_pile"])
    jack = next(c for c in pile if c in ("JD", "JC"))
    pile[pile.index(jack)], hands[0][0] = hands[0][0], jack  # a two-eyed jack first in the hand
    Game.objects.filter(pk=game.pk).update(state={**state, "hands": hands, "draw_pile": pile})
    pipe(reply(latest_to(users[0].email), "board"), monkeypatch)
    body = answer_to(users[0].email).body
    ordinary = [m for m in plays(state_of(game), 0) if not m.startswith("J")]
    listed = [play for line in body.splitlines() for play in line.strip().split(" · ")]  # a card's plays on a line
    assert ordinary and all(m in listed for m in ordinary)
    sign = {"JD": "J♦", "JC": "J♣"}[jack]
    assert f"{sign} (wild): any free cell" in body and f"  {jack} " not in body
    assert "more on the site" not in body
    assert body.index(ordinary[-1]) < body.index(f"{sign} (wild)")


def test_the_first_player_gets_a_turn_email_though_they_saw_the_table(started_game, monkeypatch):
    game, _users = started_game(2, 2, seed=3)
    first = Seat.objects.get(game=game, position=state_of(game).turn)
    mail.outbox.clear()
    # They took the last seat in the browser and were shown the table.
    Seat.objects.filter(pk=first.pk).update(last_seen_at=timezone.now() + timedelta(seconds=1))
    outbox.sweep()
    kinds = Notification.objects.filter(game=game, kind=Notification.Kind.YOUR_TURN).values_list("status", flat=True)
    assert list(kinds) == ["sent"]
    message = latest_to(first.user.email)
    pipe(reply(message, plays(state_of(game), first.position)[0]), monkeypatch)
    assert last_row().outcome == Outcome.APPLIED


@pytest.mark.parametrize("sign", ["♥\ufe0f", "♥\ufe0e", "❤️", "❤"])
def test_emoji_suits_are_read(started_game, monkeypatch, sign):
    game, users = started_game(2, 2, seed=3)
    move = next(m for m in plays(state_of(game), 0) if m[-4] == "H" or m.split()[0].endswith("H"))
    card, cell = move.split()
    pipe(reply(latest_to(users[0].email), f"{card[:-1]}{sign} {cell}"), monkeypatch)
    assert (last_row().outcome, last_row().detail) == (Outcome.APPLIED, move), answer_to(users[0].email).body


def test_a_refused_line_is_quoted_back_even_beside_a_good_one(started_game, monkeypatch):
    _game, users = started_game(2, 2, seed=3, draw_mode=Game.DrawMode.TABLETOP)
    pipe(reply(latest_to(users[0].email), "7♥️🙂 C4\nboard"), monkeypatch)
    row = last_row()
    assert row.outcome == Outcome.REFUSED
    assert "7♥️🙂 C4" in answer_to(users[0].email).body
    pipe(reply(latest_to(users[0].email), "7♥ Z44"), monkeypatch)
    assert "7♥ Z44" in answer_to(users[0].email).body
    pipe(reply(latest_to(users[0].email), "board\n7♥ C44"), monkeypatch)
    assert last_row().outcome == Outcome.REFUSED and "7♥ C44" in answer_to(users[0].email).body


def test_a_long_czech_subject_starts_on_the_subject_line(started_game, monkeypatch):
    _game, users = started_game(2, 2, seed=3)
    users[0].language = "cs"
    users[0].save(update_fields=["language"])
    message = latest_to(users[0].email)
    message.subject = "Jste na tahu ve hře, kde srdcová sedmička čeká na volné pole už celý týden"
    pipe(reply(message, "board"), monkeypatch)
    raw = answer_to(users[0].email).message().as_bytes()
    line = next(line for line in raw.split(b"\n") if line.startswith(b"Subject:"))
    assert line.startswith(b"Subject: =?utf-8?")


def test_the_inbound_limit_counts_a_game_not_an_address(started_game, monkeypatch, settings):
    game, users = started_game(2, 2, seed=3)
    settings.INBOUND_PER_ADDRESS_PER_HOUR = 2  # for mail that names no game
    settings.INBOUND_PER_GAME_PER_HOUR = 5
    for _ in range(4):
        pipe(reply(latest_to(users[0].email), "board"), monkeypatch)
    assert [r.outcome for r in InboundMessage.objects.all()] == [Outcome.ANSWERED] * 4
    theirs = tokens.reply_address(user=users[1], game=game)  # the other player, in the same game
    for _ in range(2):
        pipe(reply(latest_to(users[0].email), "board", sender=users[1].email, to=theirs), monkeypatch)
    assert (last_row().outcome, last_row().detail) == (Outcome.REJECTED, "rate_game")


def _python(code: str, **env) -> subprocess.CompletedProcess:
    environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "sequence_site.settings", **env}
    return subprocess.run([sys.executable, "-c", code], env=environment, capture_output=True, text=True, timeout=60)


def test_the_doors_settings_come_from_the_environment():
    names = [
        "TURN_EMAIL_GRACE_SECONDS",
        "INBOUND_PER_GAME_PER_HOUR",
        "INBOUND_PER_ADDRESS_PER_HOUR",
        "INBOUND_PER_HOUR",
    ]
    code = "import django; django.setup(); from django.conf import settings as s; "
    code += f"print([getattr(s, n) for n in {names}])"
    assert _python(code).stdout.strip() == "[120, 200, 30, 2000]"
    given = {name: str(number) for name, number in zip(names, [7, 8, 9, 10], strict=True)}
    assert _python(code, **given).stdout.strip() == "[7, 8, 9, 10]"
    refused = _python(code, TURN_EMAIL_GRACE_SECONDS="soon")
    assert refused.returncode != 0 and "TURN_EMAIL_GRACE_SECONDS must be a whole number" in refused.stderr


def test_the_site_without_collected_static_files_says_so_at_start(tmp_path):
    started = _python("import sequence_site.wsgi", DEBUG="false", STATIC_ROOT=str(tmp_path))
    assert started.returncode != 0
    assert "ImproperlyConfigured" in started.stderr.splitlines()[-1] and "collectstatic" in started.stderr
    (tmp_path / "staticfiles.json").write_text('{"paths": {}, "version": "1.1"}')
    assert _python("import sequence_site.wsgi", DEBUG="false", STATIC_ROOT=str(tmp_path)).returncode == 0


def test_a_refused_line_with_a_nul_is_quoted_back_without_it(started_game, monkeypatch):
    """A refused line is quoted back (item 8), but a NUL or other control
    character is never stored or sent: PostgreSQL's JSON refuses a NUL, and a
    reader sees the replacement character where it was (Hypothesis found it)."""
    _, users = started_game(2, 2, seed=3)
    pipe(reply(latest_to(users[0].email), "7H\x00C4"), monkeypatch)
    assert last_row().outcome == Outcome.REFUSED
    body = answer_to(users[0].email).body
    assert "\x00" not in body and "7H\ufffdC4" in body
    assert "\x00" not in str(Notification.objects.get(inbound=last_row()).message)
