"""Moderators see every message that came in and what became of it, read
only: its headers, the commands read from it, the outcome. Never its text:
a reply quotes the turn e-mail, and with it the player's hand (a moderator
may play elsewhere). Reply tokens show only whose they are (only a hash is stored)."""

from django.contrib import admin

from games.models import InboundMessage, ReplyToken


@admin.register(InboundMessage)
class InboundMessageAdmin(admin.ModelAdmin):
    list_display = ["received_at", "door", "sender", "subject", "game", "outcome", "detail", "reply_sent_at"]
    list_filter = ["outcome", "door"]
    search_fields = ["sender", "subject", "message_id", "detail"]
    date_hierarchy = "received_at"
    fields = [
        "received_at",
        "door",
        "message_id",
        "sender",
        "subject",
        "size",
        "user",
        "game",
        "game_version",
        "commands",
        "outcome",
        "detail",
        "reply_sent_at",
        "notice_sent_at",
    ]
    readonly_fields = fields

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
