"""Team chips before the names in the other e-mails that name seats (#33),
as the turn e-mail's recap has them: "[G]" in the text, the chip in HTML."""

import pytest

from games import services
from games.mail import emails
from games.models import Notification

pytestmark = pytest.mark.django_db
Kind = Notification.Kind


def test_the_missed_turn_email_names_the_next_player_after_their_chip(started_game):
    game, _users = started_game(6, 3)
    services.deadline_enforce(game_id=game.pk, now=game.turn_deadline)
    message = emails.build(Notification.objects.filter(game=game, kind=Kind.MISSED).first())
    next_player = game.seats.get(position=1).name  # seat 1 is green in 3 teams
    assert f"[G] {next_player} is to play now." in message.body
    html = message.alternatives[0].content
    chip, sentence = html.split(f"{next_player} is to play now.")[0].rsplit("<span", 1)[1].split("</span>", 1)
    assert 'title="green"' in chip and ">G" in chip and sentence.strip() == ""


def test_the_game_over_email_puts_the_winners_chip_first(started_game):
    game, users = started_game(2, 2)
    services.move_submit(game_id=game.pk, user=users[1], move="resign", expected_version=0)
    message = emails.build(Notification.objects.get(game=game, kind=Kind.GAME_OVER, recipient=users[0]))
    assert f"[B] Blue ({game.seats.get(position=0).name}) wins by resignation." in message.body
    html = message.alternatives[0].content
    assert 'title="blue"' in html.split("wins by resignation")[0].rsplit("<p>", 1)[1]
