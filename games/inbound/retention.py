"""How long the e-mail door keeps what it received. A handled message older
than INBOUND_RETENTION_DAYS goes, unless its game is still in play: then it
keeps its row (a Message-ID acts once, and the reply address still works)
and loses only the message as received, the bulk of it."""

from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from games.models import Game, InboundMessage


def prune(now: datetime | None = None) -> int:
    """Rows deleted or emptied."""
    before = (now or timezone.now()) - timedelta(days=settings.INBOUND_RETENTION_DAYS)
    old = InboundMessage.objects.filter(received_at__lt=before).exclude(outcome=InboundMessage.Outcome.PENDING)
    in_play = Q(game__status__in=[Game.Status.ACTIVE, Game.Status.PAUSED])
    deleted = old.exclude(in_play).delete()[0]
    emptied = old.filter(in_play).exclude(raw=b"").update(raw=b"", size=0)
    return deleted + emptied
