"""Reminders follow the clock (#24 part 4): a reminder dropped while the
game was paused, or one still ahead of a deadline a vacation moved, is owed
again at the player's own lead time before the new deadline; one whose time
is past is not sent twice; a turn e-mail dropped during a pause goes on resume."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core import mail

from games import services
from games.mail import outbox
from games.models import Notification
from tests.factories import UserFactory
from tests.games.test_vacation import game_of, member_for

pytestmark = pytest.mark.django_db
H, D = timedelta(hours=1), timedelta(days=1)
START = datetime(2026, 3, 4, 10, tzinfo=UTC)
REMINDER = Notification.Kind.REMINDER


def reminders(game, user):
    rows = Notification.objects.filter(game=game, recipient=user, kind=REMINDER).order_by("-variant")
    return [(row.variant, row.status, row.due_at) for row in rows]


def test_a_reminder_dropped_during_a_pause_is_owed_again_on_resume():
    with time_machine.travel(START, tick=False) as clock:
        users = UserFactory.create_batch(2)  # reminders 24 and 2 hours before
        game, _ = game_of(users)  # seat 0 has until START + 2 days
        clock.shift(D + H)
        outbox.sweep()  # the 24-hour reminder goes
        clock.shift(H)
        for user in users:
            services.vote_pause(game_id=game.pk, user=user)  # 22 hours left
        clock.shift(5 * D)
        outbox.sweep()  # the 2-hour reminder came due in the pause: dropped
        assert [status for _, status, _ in reminders(game, users[0])] == ["sent", "skipped"]
        services.vote_resume(game_id=game.pk, user=users[1])
        resumed = START + D + 2 * H + 5 * D
        assert reminders(game, users[0]) == [(24, "sent", START + D), (2, "pending", resumed + 20 * H)]
        clock.shift(20 * H)
        sent = len(mail.outbox)
        outbox.sweep()
        assert len(mail.outbox) == sent + 1 and mail.outbox[-1].to == [users[0].email]


def test_a_sent_reminder_still_ahead_of_a_deadline_a_vacation_moved_is_owed_again():
    with time_machine.travel(START, tick=False) as clock:
        away, other = UserFactory(), UserFactory()
        member_for(away, 80 * D, START)
        game, _ = game_of([away, other])
        clock.shift(D + H)
        outbox.sweep()  # the 24-hour reminder goes
        services.vacation_plan(user=away, ends_at=START + 4 * D)  # the deadline moves on by 3 days less an hour
        game.refresh_from_db()
        assert game.turn_deadline == START + 5 * D - H
        assert reminders(game, away) == [
            (24, "pending", game.turn_deadline - 24 * H),
            (2, "pending", game.turn_deadline - 2 * H),
        ]
