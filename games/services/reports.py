"""Players' reports of a game or a chat message, and their resolution by a moderator."""

from datetime import timedelta

from django.utils import timezone

from accounts.ratelimits import Limit, take
from games import refusals, selectors
from games.models import ChatMessage, ModerationAction, Report
from games.services.audit import moderator_action
from games.services.chat import checked_text

TEXT_MAX_LENGTH = 1000
REPORTS_PER_DAY = Limit(20, timedelta(days=1))  # per reporter


def report_create(*, game_id: int, reporter, reason: str, text: str = "", message_id: int | None = None) -> Report:
    """Report a game, or one of its chat messages, to the moderators."""
    game, _, _ = selectors.game_for_viewer(game_id=game_id, user=reporter)
    if reason not in Report.Reason.values:
        raise refusals.REPORT_REASON_UNKNOWN()
    text = checked_text(text, limit=TEXT_MAX_LENGTH)
    message = None
    if message_id is not None:
        message = ChatMessage.objects.filter(pk=message_id, game=game, hidden_at__isnull=True).first()
        if message is None:
            raise refusals.NO_SUCH_MESSAGE()
    if Report.objects.filter(reporter=reporter, game=game, message=message, status=Report.Status.OPEN).exists():
        raise refusals.REPORTED_ALREADY()
    if take(f"reports:{reporter.pk}", REPORTS_PER_DAY) is not None:
        raise refusals.REPORTS_PER_DAY(count=REPORTS_PER_DAY.capacity)
    return Report.objects.create(
        game=game,
        message=message,
        reporter=reporter,
        reported_user=message.author if message else None,
        reason=reason,
        text=text,
    )


def report_resolve(*, report_id: int, moderator, note: str) -> Report:
    """Close a report with the moderator's note (kept private: it may quote the reporter)."""
    game_id = Report.objects.filter(pk=report_id).values_list("game_id", flat=True).first()
    kind = ModerationAction.Kind.RESOLVE_REPORT
    with moderator_action(
        moderator=moderator, action="resolve_report", kind=kind, reason=note, private=True, game_id=game_id
    ) as (_, audited):
        if game_id is None:
            raise refusals.NO_SUCH_REPORT()
        report = Report.objects.get(pk=report_id)
        if report.status != Report.Status.OPEN:
            raise refusals.REPORT_RESOLVED_ALREADY()
        report.status, report.resolved_at = Report.Status.RESOLVED, timezone.now()
        report.resolved_by, report.resolution = moderator, note.strip()
        report.save(update_fields=["status", "resolved_at", "resolved_by", "resolution"])
        audited.target_user, audited.changes = report.reported_user, {"report": report.pk}
        return report
