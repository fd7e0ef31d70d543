"""Moderators see every message that came in and what became of it; the
raw message is kept for them, read-only. Reply tokens show only whose they
are, never the token (only its hash is stored)."""

from django.contrib import admin

from games.models import InboundMessage, ReplyToken


@admin.register(InboundMessage)
class InboundMessageAdmin(admin.ModelAdmin):
    list_display = ["received_at", "door", "sender", "subject", "game", "outcome", "detail", "reply_sent_at"]
    list_filter = ["outcome", "door"]
    search_fields = ["sender", "subject", "message_id", "detail"]
    date_hierarchy = "received_at"
    exclude = ["raw", "confirm_digest"]
    readonly_fields = ["text"]

    @admin.display(description="message")
    def text(self, obj) -> str:
        return bytes(obj.raw).decode("utf-8", errors="replace")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(ReplyToken)
class ReplyTokenAdmin(admin.ModelAdmin):
    list_display = ["user", "game", "created_at", "revoked_at"]
    list_filter = ["revoked_at"]
    search_fields = ["user__username"]
    exclude = ["digest"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
