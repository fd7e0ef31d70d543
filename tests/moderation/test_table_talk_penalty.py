"""The table-talk penalty end to end in a 2×2 game: a player reports a chat
message, a moderator hides it and penalizes the team from the admin, each
player of that team discards a card of their choice, and the trail shows."""

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from games.models import ModerationAction, Move, Report
from tests.gameplay import state_of

pytestmark = pytest.mark.django_db


def test_the_penalty_from_report_to_discards(client, moderator, started_game):
    moderator_client = Client()
    moderator_client.force_login(moderator)
    game, users = started_game(4, 2)  # seats 0 and 2 are blue, 1 and 3 green
    message = services.chat_post(game_id=game.pk, user=users[1], text="partner: I hold both black jacks")
    client.force_login(users[0])
    client.post(reverse("game_report", args=[game.pk]), {"message": message.pk, "reason": "table_talk"})
    report = Report.objects.get()

    moderator_client.post(reverse("admin:games_chatmessage_hide", args=[message.pk]), {"reason": "table talk"})
    penalty = reverse("admin:games_game_penalty", args=[game.pk])
    assert (
        moderator_client.post(penalty, {"team": "green", "reason": "Telling a partner about cards"}).status_code == 302
    )
    moderator_client.post(reverse("admin:games_report_resolve", args=[report.pk]), {"note": "penalized"})

    move = game.moves.get()
    assert (move.text, move.actor, move.door, move.seat) == ("penalize green", "moderator", "admin", None)
    state = state_of(game)
    assert [state.penalties[p] for p in range(4)] == [0, 1, 0, 1]

    client.force_login(users[1])
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    assert "Your team got the table-talk penalty" in html
    assert "moderator: table-talk penalty for team green" in html and "Telling a partner about cards" in html
    assert "I hold both black jacks" not in html

    version = 1
    for seat in (1, 3):  # each green player discards a card of their choice
        card = state_of(game).hands[seat][0]
        services.move_submit(game_id=game.pk, user=users[seat], move=f"penalty {card}", expected_version=version)
        version += 1
        assert card in state_of(game).discards[seat]
    state = state_of(game)
    assert state.penalties == [0, 0, 0, 0]
    assert [len(hand) for hand in state.hands] == [6, 5, 6, 5]
    assert game.moves.filter(actor=Move.Actor.PLAYER).count() == 2

    kinds = list(ModerationAction.objects.filter(game=game).order_by("number").values_list("kind", flat=True))
    assert kinds == ["hide_message", "penalty", "resolve_report"]
    audit = moderator_client.get(reverse("admin:games_moderationaction_changelist")).content.decode()
    assert "Telling a partner about cards" in audit
