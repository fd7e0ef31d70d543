"""The chat, the report queue and the audit trail in the admin."""

from django import forms
from django.contrib import admin
from django.db.models import Count, Q
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import services
from games.admin._base import ReadOnlyAdmin, ReasonForm, action_page, changelist_link, link
from games.models import ChatMessage, ModerationAction, Report


@admin.register(ChatMessage)
class ChatMessageAdmin(ReadOnlyAdmin):
    list_display = ["id", "game_link", "name", "text", "created_at", "hidden_at", "reports", "hide"]
    list_filter = [("hidden_at", admin.EmptyFieldListFilter)]
    search_fields = ["=game__id", "name", "author__username", "text"]
    list_select_related = ["game"]
    readonly_fields = ["game", "author", "name", "text", "created_at", "hidden_at"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(report_count=Count("reports"))

    @admin.display(description=_("game"), ordering="game")
    def game_link(self, message):
        return link(message.game, gettext("Game %(game)s") % {"game": message.game_id})

    @admin.display(description=_("reports"), ordering="report_count")
    def reports(self, message):
        count = getattr(message, "report_count", 0)
        return changelist_link(Report, count, message__id__exact=message.pk) if count else 0

    @admin.display(description="")
    def hide(self, message):
        if message.hidden_at is not None:
            return ""
        return format_html(
            '<a href="{}">{}</a>', reverse("admin:games_chatmessage_hide", args=[message.pk]), gettext("Hide…")
        )

    def get_urls(self):
        own = [path("<int:object_id>/hide/", self.admin_site.admin_view(self.hide_view), name="games_chatmessage_hide")]
        return own + super().get_urls()

    def hide_view(self, request, object_id):
        message = self.get_object(request, str(object_id))
        if message is None:
            return self._get_obj_does_not_exist_redirect(request, self.model._meta, str(object_id))

        def run(data):
            services.chat_message_hide(
                message_id=message.pk, moderator=request.user, reason=data["reason"], private=data["private"]
            )
            return gettext("The message is hidden.")

        back = reverse("admin:games_chatmessage_change", args=[message.pk])
        return action_page(
            self, request, message, title=_("Hide the message"), form_class=ReasonForm, run=run, done=back
        )


class ResolveForm(forms.Form):
    note = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}), max_length=2000, help_text=_("How it was settled (moderators only).")
    )


@admin.register(Report)
class ReportAdmin(ReadOnlyAdmin):
    """The report queue: open reports first, with how many are open on the same game and against the same player."""

    list_display = [
        "id",
        "created_at",
        "status",
        "reason",
        "game_link",
        "open_on_game",
        "reported_user_link",
        "open_on_user",
        "message_text",
        "text",
        "resolve",
    ]
    list_filter = ["status", "reason"]
    search_fields = ["=game__id", "reporter__username", "reported_user__username", "text", "message__text"]
    list_select_related = ["game", "reported_user", "message"]
    readonly_fields = [f.name for f in Report._meta.fields]
    ordering = ["-status", "created_at"]  # open before resolved, the oldest first

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(
                game_open=Count("game__reports", filter=Q(game__reports__status=Report.Status.OPEN), distinct=True),
                user_open=Count(
                    "reported_user__reports_against",
                    filter=Q(reported_user__reports_against__status=Report.Status.OPEN),
                    distinct=True,
                ),
            )
        )

    @admin.display(description=_("game"), ordering="game")
    def game_link(self, report):
        return link(report.game, gettext("Game %(game)s") % {"game": report.game_id})

    @admin.display(description=_("open on game"), ordering="game_open")
    def open_on_game(self, report):
        return changelist_link(Report, report.game_open, game__id__exact=report.game_id, status__exact="open")

    @admin.display(description=_("reported player"), ordering="reported_user__username")
    def reported_user_link(self, report):
        return link(report.reported_user)

    @admin.display(description=_("open on player"), ordering="user_open")
    def open_on_user(self, report):
        if report.reported_user_id is None:
            return "-"
        return changelist_link(
            Report, report.user_open, reported_user__id__exact=report.reported_user_id, status__exact="open"
        )

    @admin.display(description=_("message"))
    def message_text(self, report):
        return link(report.message, report.message.text[:80]) if report.message else "-"

    @admin.display(description="")
    def resolve(self, report):
        if report.status != Report.Status.OPEN:
            return ""
        return format_html(
            '<a href="{}">{}</a>', reverse("admin:games_report_resolve", args=[report.pk]), gettext("Resolve…")
        )

    def get_urls(self):
        own = [
            path("<int:object_id>/resolve/", self.admin_site.admin_view(self.resolve_view), name="games_report_resolve")
        ]
        return own + super().get_urls()

    def resolve_view(self, request, object_id):
        report = self.get_object(request, str(object_id))
        if report is None:
            return self._get_obj_does_not_exist_redirect(request, self.model._meta, str(object_id))

        def run(data):
            services.report_resolve(report_id=report.pk, moderator=request.user, note=data["note"])
            return gettext("Report %(report)s is resolved.") % {"report": report.pk}

        back = reverse("admin:games_report_changelist")
        return action_page(
            self, request, report, title=_("Resolve the report"), form_class=ResolveForm, run=run, done=back
        )


@admin.register(ModerationAction)
class ModerationActionAdmin(ReadOnlyAdmin):
    """The audit trail: every moderator action, who took it, when, why and what it changed."""

    list_display = ["id", "created_at", "moderator", "kind", "game_link", "target_user", "reason", "reason_private"]
    list_filter = ["kind", "reason_private"]
    search_fields = ["=game__id", "moderator__username", "target_user__username", "reason"]
    list_select_related = ["game", "moderator", "target_user"]
    readonly_fields = [f.name for f in ModerationAction._meta.fields]

    @admin.display(description=_("game"), ordering="game")
    def game_link(self, action):
        return link(action.game, gettext("Game %(game)s") % {"game": action.game_id}) if action.game_id else "-"
