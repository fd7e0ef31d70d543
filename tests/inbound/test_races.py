"""Two replies for one turn at once, each on its own connection: exactly one
move is applied, the other is answered that the game has moved on."""

import pytest
from django.core import mail

from games import engine
from games.inbound import handler, intake
from games.models import InboundMessage, Move
from tests.concurrency import at_once
from tests.gameplay import state_of
from tests.inbound.mail import latest_to, reply

pytestmark = pytest.mark.django_db(transaction=True)
Outcome = InboundMessage.Outcome


@pytest.mark.parametrize("attempt", range(3))
def test_two_replies_for_one_turn_apply_once(started_game, attempt):
    game, users = started_game(2, 2, seed=attempt)
    message = latest_to(users[0].email)
    plays = [m for m in engine.legal_moves(state_of(game), 0) if not m.startswith(("pass", "dead", "resign"))][:2]
    rows = [intake.store(reply(message, move), door=InboundMessage.Door.PIPE)[0] for move in plays]
    at_once(*[(lambda pk=row.pk: handler.handle(pk)) for row in rows])
    outcomes = sorted(InboundMessage.objects.values_list("outcome", "detail"))
    assert [o for o, _ in outcomes] == [Outcome.APPLIED, Outcome.REFUSED], outcomes
    assert dict(outcomes)[Outcome.REFUSED] == "stale_version"
    assert list(Move.objects.filter(game=game).values_list("seq", flat=True)) == [1]
    answers = [m.body for m in mail.outbox if m.subject.startswith("Re:")]
    assert any(body.startswith("Nothing was changed. The game has moved on") for body in answers)


def test_the_same_reply_through_two_doors_at_once_acts_once(started_game):
    game, users = started_game(2, 2, seed=1)
    message = latest_to(users[0].email)
    raw = reply(message, engine.legal_moves(state_of(game), 0)[0])
    at_once(
        lambda: intake.receive(raw, door=InboundMessage.Door.PIPE),
        lambda: intake.receive(raw, door=InboundMessage.Door.IMAP),
    )
    assert InboundMessage.objects.count() == 1
    assert Move.objects.filter(game=game).count() == 1
