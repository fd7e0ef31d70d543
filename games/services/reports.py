"""Players' reports of a game or a chat message, and their resolution by a moderator."""

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from games import selectors
from games.errors import GameNotFound, InvalidSettings, ReportRateLimited, WrongStatus
from games.models import ChatMessage, ModerationAction, Report
from games.services._common import locked_game
from games.services.audit import audit, checked_reason, require_moderator
from games.services.chat import checked_text

TEXT_MAX_LENGTH = 1000
REPORTS_PER_DAY = 20


def report_create(*, game_id: int, reporter, reason: str, text: str = "", message_id: int | None = None) -> Report:
    """Report a game, or one of its chat messages, to the moderators."""
    game, _, _ = selectors.game_for_viewer(game_id=game_id, user=reporter)
    if reason not in Report.Reason.values:
        raise InvalidSettings("report_reason_unknown")
    text = checked_text(text, limit=TEXT_MAX_LENGTH)
    message = None
    if message_id is not None:
        message = ChatMessage.objects.filter(pk=message_id, game=game, hidden_at__isnull=True).first()
        if message is None:
            raise GameNotFound("no_such_message")
    mine = Report.objects.filter(reporter=reporter)
    if mine.filter(created_at__gt=timezone.now() - timedelta(days=1)).count() >= REPORTS_PER_DAY:
        raise ReportRateLimited("reports_per_day", count=REPORTS_PER_DAY)
    if mine.filter(game=game, message=message, status=Report.Status.OPEN).exists():
        raise WrongStatus("reported_already")
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
    require_moderator(moderator, action="resolve_report")
    note = checked_reason(note)
    with transaction.atomic():
        game_id = Report.objects.filter(pk=report_id).values_list("game_id", flat=True).first()
        if game_id is None:
            raise GameNotFound("no_such_report")
        game = locked_game(game_id)  # the audit numbers the game's actions
        report = Report.objects.get(pk=report_id)
        if report.status != Report.Status.OPEN:
            raise WrongStatus("report_resolved_already")
        report.status, report.resolved_at = Report.Status.RESOLVED, timezone.now()
        report.resolved_by, report.resolution = moderator, note
        report.save(update_fields=["status", "resolved_at", "resolved_by", "resolution"])
        audit(
            moderator=moderator,
            kind=ModerationAction.Kind.RESOLVE_REPORT,
            reason=note,
            private=True,
            game=game,
            target_user=report.reported_user,
            changes={"report": report.pk},
        )
        return report
