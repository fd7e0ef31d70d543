"""One recap: the line above the board and the turn e-mail tell the same
story of what happened since the reader last acted, a skipped turn, a lost
draw and a moderator's penalty included, each in the reader's language."""

from datetime import timedelta

import pytest
from django.utils import translation

from games import services
from games.mail import emails
from games.models import Game, Notification, Seat
from games.viewmodels.table import table_for
from tests.factories import ModeratorFactory
from tests.gameplay import first_play, state_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def eventful(started_game):
    """A 3-player tabletop game, seat 0 to play again after: its own play, seat 1's
    play and draw (seat 0's draw is lost), seat 2's turn skipped, a penalty on green."""
    game, users = started_game(3, 3, draw_mode="tabletop")
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    services.move_submit(game_id=game.pk, user=users[1], move=first_play(game, 1), expected_version=1)
    services.move_submit(game_id=game.pk, user=users[1], move="draw", expected_version=2)
    game.refresh_from_db()
    services.deadline_enforce(game_id=game.pk, now=game.turn_deadline + timedelta(seconds=1))
    services.penalty_apply(game_id=game.pk, moderator=ModeratorFactory(), team="green", reason="table talk")
    assert state_of(game).turn == 0
    return game, users


def the_page_says(game, position):
    seats = list(Seat.objects.filter(game=game).select_related("user").order_by("position"))
    news = table_for(game=Game.objects.get(pk=game.pk), seats=seats, my_seat=seats[position]).news
    return [f"{entry.letter} {entry.text}".strip() for entry in news]


def the_email_says(game, user):
    turn = Notification.objects.filter(game=game, recipient=user, kind=Notification.Kind.YOUR_TURN).latest("version")
    body = emails.build(turn).body
    lines = body.split(":\n", 1)[1].split("\n\n")[0]  # the lines under "Since your last move:"
    return [line.strip() for line in lines.splitlines()]


@pytest.mark.parametrize("language", ["en", "cs", "it", "hu"])
def test_the_page_and_the_turn_email_tell_the_same_story(eventful, language):
    game, users = eventful
    users[0].language = language
    users[0].save()
    with translation.override(language):
        page = the_page_says(game, 0)
    email = the_email_says(game, users[0])
    # one entry per seat: the moderator's penalty, seat 2's skipped turn, seat 1's play (with seat 0's lost draw?)
    assert email == page and len(email) >= 3
    with translation.override("en"):
        english = the_page_says(game, 0)
    if language == "en":
        assert any("lost a draw" in line for line in email) and any("time ran out" in line for line in english)
        assert any("penalised" in line for line in english)
    else:
        assert not set(email) & set(english), email  # every line in the reader's language
