"""Moderators see every message that came in and what became of it, read
only: its headers, the commands read from it, the outcome. Never its text:
a reply quotes the turn e-mail, and with it the player's hand (a moderator
may play elsewhere). Reply tokens show only whose they are (only a hash is stored)."""

from django.contrib import admin

from games.admin._base import ReadOnlyAdmin
from games.models import InboundMessage, ReplyToken


@admin.register(InboundMessage)
class InboundMessageAdmin(ReadOnlyAdmin):
    list_display = ["received_at", "door", "sender", "subject", "game", "outcome", "detail"]
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
        "notice_sent_at",
    ]
    readonly_fields = fields


@admin.register(ReplyToken)
class ReplyTokenAdmin(ReadOnlyAdmin):
    list_display = ["user", "game", "created_at", "revoked_at"]
    list_filter = ["revoked_at"]
    search_fields = ["user__username"]
    exclude = ["digest"]
