"""What the e-mail door keeps, and for how long: an e-mail's reply address
is minted once however often the e-mail is built, and the daily prune drops
handled replies and dead addresses past INBOUND_RETENTION_DAYS, keeping what
a game still in play needs (its Message-IDs act once, its addresses work)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.mail import emails, tokens
from games.models import InboundMessage, Notification, ReplyToken
from games.tasks import inbound_prune

pytestmark = pytest.mark.django_db


def test_an_emails_reply_address_is_the_same_each_time_it_is_built(started_game):
    game, _ = started_game(2, 2)
    notification = Notification.objects.get(game=game, kind=Notification.Kind.YOUR_TURN)
    first = emails.build(notification).reply_to
    stored = ReplyToken.objects.count()
    assert emails.build(notification).reply_to == first and ReplyToken.objects.count() == stored
    token = tokens.find(tokens.token_in(first))
    assert token.game == game and token.user == notification.recipient and tokens.why_dead(token) is None


def old(key: str, **fields) -> InboundMessage:
    row = InboundMessage.objects.create(message_key=key, door="pipe", raw=b"x" * 100, size=100, **fields)
    InboundMessage.objects.filter(pk=row.pk).update(received_at=timezone.now() - timedelta(days=91))
    return row


def test_the_prune_drops_what_can_never_act_again_and_empties_what_still_might(started_game):
    playing, users = started_game(2, 2)
    over, over_users = started_game(2, 2)
    services.move_submit(game_id=over.pk, user=over_users[0], move="resign", expected_version=0)
    live, dead = tokens.issue(user=users[0], game=playing), tokens.issue(user=over_users[0], game=over)
    ReplyToken.objects.update(created_at=timezone.now() - timedelta(days=91))
    handled = InboundMessage.Outcome.APPLIED
    in_play, ended = old("a", game=playing, outcome=handled), old("b", game=over, outcome=handled)
    waiting = old("c", game=over, outcome=InboundMessage.Outcome.PENDING)  # a crash left it: --pending handles it
    recent = InboundMessage.objects.create(message_key="d", door="pipe", raw=b"y", game=over, outcome=handled)

    assert inbound_prune() == 3  # the ended game's reply and address, and the playing game's raw mail
    assert not InboundMessage.objects.filter(pk=ended.pk).exists()
    assert bytes(InboundMessage.objects.get(pk=in_play.pk).raw) == b""
    assert InboundMessage.objects.filter(pk__in=[waiting.pk, recent.pk]).count() == 2
    assert tokens.find(live) is not None and tokens.find(dead) is None
    assert inbound_prune() == 0  # nothing more: the daily run is idempotent
