"""Each kind of e-mail as rendered (games.mail.emails): what the reader may see of
the game, in text and HTML, with an unsubscribe link, in their time zone."""

import re

import pytest
from django.urls import reverse

from games import services
from games.describe import move_phrases
from games.engine.cards import card_label
from games.mail import emails, turn_news
from games.models import Game, Notification
from tests.factories import UserFactory
from tests.gameplay import first_play, state_of

pytestmark = pytest.mark.django_db
Kind = Notification.Kind


def hand_line(body: str) -> list[str]:
    return re.search(r"Your hand: (.*)", body).group(1).split()


def test_your_turn_email_shows_the_board_my_hand_and_my_moves_only(started_game):
    game, _users = started_game(2, 2, seed=4)
    notification = Notification.objects.get(game=game, kind=Kind.YOUR_TURN, version=0)
    message = emails.build(notification)
    state = state_of(game)
    assert message.subject.startswith(f"Your turn in game {game.pk}")
    assert sorted(hand_line(message.body)) == sorted(card_label(c) for c in state.hands[0])
    lines = re.findall(r"^  ((?:\S+ \S+)(?: · \S+ \S+)*|dead \S+|pass \S+)$", message.body, re.M)
    listed = [play for line in lines for play in line.split(" · ")]  # a card's plays share a line
    assert listed and all(m.split()[-1 if m.startswith(("dead", "pass")) else 0] in state.hands[0] for m in listed)
    assert "     A   B   C" in message.body and "  1   **" in message.body  # the board as text
    for card in set(state.hands[1]) - set(state.hands[0]):
        assert card_label(card) not in message.body.split("Your hand:")[1].split("Make your move")[0]
    html = message.alternatives[0].content
    assert '<table class="board"' in html and "Open the table" in html
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
    assert '<meta name="viewport" content="width=device-width' in message.alternatives[0].content  # phones


@pytest.mark.parametrize("seed", [1, 2, 3, 4])  # cuts that deal to each seat in turn
def test_a_game_started_email_written_after_the_first_move_names_who_played_first(started_game, seed):
    game, _users = started_game(3, 3, seed=seed)
    first = game.seats.get(position=0)
    dealer = game.cut["dealer"]
    services.move_submit(game_id=game.pk, user=first.user, move=first_play(game, 0), expected_version=0)
    for notification in Notification.objects.filter(game=game, kind=Kind.GAME_STARTED):
        message, reader = emails.build(notification), notification.recipient.username
        subject = "you play first" if reader == first.name else f"{first.name} plays first"
        if reader == first.name:  # the reader is told as "you", never by their own name
            said = f"{dealer} won the cut for the deal, so you play first"
        elif reader == dealer:
            said = f"You won the cut for the deal, so {first.name} plays first"
        else:
            said = f"{dealer} won the cut for the deal, so {first.name} plays first"
        assert said in message.body and said in message.alternatives[0].content
        assert message.subject == f"Game {game.pk} has started: {subject}"


def test_a_draw_window_email_leads_to_a_one_click_confirmation(client, started_game):
    game, users = started_game(2, 2, draw_mode="tabletop")
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0, door="email")
    message = emails.build(Notification.objects.get(game=game, kind=Kind.DRAW_WINDOW))
    # the deadline is when the card is lost, not a time by which it is lost
    assert "The card is lost if the next player plays and draws first, or when the time runs out (" in message.body
    path = re.search(r"https?://[^/]+(/games/\d+/draw/)", message.body).group(1)
    client.force_login(users[0])
    page = client.get(path)
    assert b"Draw a card" in page.content
    client.post(reverse("game_move", args=[game.pk]), {"move": "draw", "version": 1})
    assert len(state_of(game).hands[0]) == 7


def test_times_in_emails_are_in_the_recipients_time_zone(started_game):
    game, users = started_game(2, 2)
    users[0].time_zone = "Asia/Tokyo"
    users[0].save()
    message = emails.build(Notification.objects.get(game=game, kind=Kind.YOUR_TURN))
    assert "JST" in message.body


def _described(game, move, reader: int) -> str:
    names = {seat.position: seat.name for seat in game.seats.all()}
    return " — ".join(move_phrases(seat_names=names, seat=move.seat, text=move.text, events=move.events, you=reader))


def test_the_turn_email_opens_with_the_moves_since_my_last_one(started_game, django_assert_max_num_queries):
    game, users = started_game(3, 3)
    for turn in range(5):  # seats 0, 1, 2, 0, 1: seat 2 is to play again
        services.move_submit(
            game_id=game.pk, user=users[turn % 3], move=first_play(game, turn % 3), expected_version=turn
        )
    moves = list(game.moves.order_by("seq"))
    notification = Notification.objects.get(game=game, kind=Kind.YOUR_TURN, version=5)
    message = emails.build(notification)
    recap = message.body.split("Since your last move:")[1].split("     A   B")[0]
    # The newest first, as the line above the board has them.
    recap_lines = [line.strip().split(" ", 1)[1] for line in recap.strip().splitlines()]  # after the team letter
    assert recap_lines == [_described(game, m, 2) for m in moves[:2:-1]]
    for older in moves[:3]:  # my own move and the ones before it
        assert _described(game, older, 2) not in message.body
    assert message.body.index("Since your last move:") < message.body.index("     A   B")
    html = message.alternatives[0].content
    assert "Since your last move:" in html and html.index("Since your last move:") < html.index('<table class="board"')


@pytest.mark.parametrize("language", ["en", "cs", "hu"])
def test_a_turn_email_goes_as_written_not_quoted_printable(started_game, language):
    """Every line within SMTP's 998 characters, so that Django sends each part 8bit: quoted-printable
    would make the board a third longer (every "=" of its styles written "=3D")."""
    game, users = started_game(3, 3)
    for user in users:
        user.language = language
        user.save()
    for turn in range(5):  # a recap frames the cells played since seat 2's last move
        services.move_submit(
            game_id=game.pk, user=users[turn % 3], move=first_play(game, turn % 3), expected_version=turn
        )
    message = emails.build(Notification.objects.get(game=game, kind=Kind.YOUR_TURN, version=5)).message()
    raw = message.as_bytes(linesep="\r\n")
    assert max(len(line) for line in raw.split(b"\r\n")) <= 998
    parts = [part for part in message.walk() if not part.is_multipart()]
    assert [part.get_content_type() for part in parts] == ["text/plain", "text/html"]
    assert all(part["Content-Transfer-Encoding"] == "8bit" for part in parts)


def test_the_recap_is_capped_and_folds_a_draw_into_its_play(started_game, monkeypatch):
    game, users = started_game(3, 3, draw_mode="tabletop")
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    services.move_submit(game_id=game.pk, user=users[0], move="draw", expected_version=1)  # said with its play
    services.move_submit(game_id=game.pk, user=users[1], move=first_play(game, 1), expected_version=2)
    game = Game.objects.prefetch_related("seats").get(pk=game.pk)  # as context_for reads it
    seat = game.seats.all()[2]
    assert len(turn_news.news_for([(game, seat)])[game.pk].recap(game, seat).phrases) == 2
    monkeypatch.setattr(turn_news, "MOST_ENTRIES", 1)
    recap = turn_news.news_for([(game, seat)])[game.pk].recap(game, seat)
    assert len(recap.phrases) == 1 and recap.more == 1 and users[1].username in recap.phrases[0]  # the newest kept
    message = emails.build(Notification.objects.get(game=game, kind=Kind.YOUR_TURN, version=3))
    for body in (message.body, message.alternatives[0].content):
        assert "… and 1 more on the table" in body


@pytest.mark.parametrize("kind", [Kind.YOUR_TURN, Kind.REMINDER])
def test_the_board_in_an_email_comes_with_its_legend(started_game, kind):
    game, _users = started_game(2, 2)
    message = emails.build(Notification.objects.filter(game=game, kind=kind).first())
    assert "*B* a chip in a finished sequence" in message.body and "** a corner" in message.body
    html = message.alternatives[0].content  # the board a table: chips in colour, cards as the page shows them
    assert "* a chip in a finished sequence" in html and "★ a corner" in html and "A framed cell" in html
    for body in (message.body, html):
        assert "column (A–J" in body and "row (1–10" in body


@pytest.mark.parametrize(("players", "teams", "colours"), [(2, 2, "[B] blue, [G] green chip"), (3, 3, "[R] red chip")])
def test_the_boards_legend_names_the_colours_in_play(started_game, players, teams, colours):
    game, _users = started_game(players, teams)
    body = emails.build(Notification.objects.filter(game=game, kind=Kind.YOUR_TURN).first()).body
    assert colours in body
    assert bool(re.search(r"\bred\b", body)) == (teams == 3)


@pytest.mark.parametrize("language", ["en", "cs", "hu"])
def test_a_message_is_written_byte_for_byte_as_the_standard_library_writes_it(started_game, language):
    """games.mail.mime skips the header folding only where it changes nothing
    (the subject aside: see the next test)."""
    from email.policy import compat32

    game, users = started_game(2, 2)
    for user in users:
        user.language = language
        user.save()
    message = emails.build(Notification.objects.get(game=game, kind=Kind.YOUR_TURN, version=0)).message()
    del message["Subject"]
    message["X-Long"] = "a header far longer than a line may be, " * 4
    quick = message.as_bytes(linesep="\r\n")
    message.policy = compat32
    assert message.as_bytes(linesep="\r\n") == quick


@pytest.mark.parametrize("language", ["cs", "it", "hu"])
def test_a_long_subject_in_other_words_starts_on_the_subject_line(started_game, language):
    """Folded straight after "Subject:", as the standard library writes it, a parser reads a leading space."""
    from email import message_from_bytes, policy

    game, users = started_game(2, 2)
    users[0].language = language
    users[0].save()
    message = emails.build(Notification.objects.get(game=game, kind=Kind.YOUR_TURN, version=0))
    message.subject += " — " + "čeká na vás, kőr hetes, è il tuo turno " * 2
    raw = message.message().as_bytes(linesep="\r\n")
    assert b"\r\nSubject: =?utf-8?" in raw
    assert message_from_bytes(raw, policy=policy.default)["Subject"] == message.subject


def test_the_invitation_and_the_start_tell_a_tabletop_games_draw_window(started_game):
    host = UserFactory()
    tabletop = {"draw_mode": "tabletop", "draw_window_seconds": 3 * 3600}
    forming = services.game_create(creator=host, players=2, teams=2, invitees=["new@example.org"], **tabletop)
    invitation = emails.build(Notification.objects.get(game=forming, kind=Kind.INVITATION))
    game, _users = started_game(2, 2, **tabletop)
    started = emails.build(Notification.objects.filter(game=game, kind=Kind.GAME_STARTED).first())
    for message in (invitation, started):
        assert "you have 3 hours to draw" in message.body
        assert "you have 3 hours to draw" in message.alternatives[0].content
