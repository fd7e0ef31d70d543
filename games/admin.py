"""Moderation in the Django admin. Everything is read-only: changes go through
services (abort, table-talk penalty), never by editing rows. Hands and the
engine snapshot are never shown: a moderator may be a player elsewhere."""

from django.contrib import admin, messages

from games import services
from games.engine import TEAM_NAMES
from games.errors import GameError
from games.models import Game, Invitation, Move, Notification, Seat


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ["position", "name", "user", "missed_turns", "draw_deadline"]
    readonly_fields = fields


class MoveInline(ReadOnlyInline):
    model = Move
    fields = ["seq", "seat", "text", "actor", "door", "entered_by", "created_at"]
    readonly_fields = fields
    ordering = ["-seq"]


def _run_on_each(modeladmin, request, queryset, service, done: str):
    for game in queryset:
        try:
            service(game)
        except GameError as exc:
            modeladmin.message_user(request, f"Game {game.pk}: {exc}", messages.ERROR)
        else:
            modeladmin.message_user(request, f"Game {game.pk}: {done}.", messages.SUCCESS)


@admin.action(description="Abort the selected games")
def abort_games(modeladmin, request, queryset):
    _run_on_each(
        modeladmin,
        request,
        queryset,
        lambda game: services.game_abort(game_id=game.pk, moderator=request.user, reason="Aborted by a moderator"),
        "aborted",
    )


def _penalize_action(team: str):
    @admin.action(description=f"Table-talk penalty: team {team}")
    def penalize(modeladmin, request, queryset):
        _run_on_each(
            modeladmin,
            request,
            queryset,
            lambda game: services.penalty_apply(game_id=game.pk, moderator=request.user, team=team),
            f"penalty applied to {team}",
        )

    penalize.__name__ = f"penalize_{team}"
    return penalize


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = [
        "id",
        "status",
        "players",
        "teams",
        "draw_mode",
        "is_public",
        "version",
        "next_deadline",
        "created_by",
        "created_at",
    ]
    list_filter = ["status", "draw_mode", "is_public", "start_mode", "players"]
    search_fields = ["id", "seats__name", "created_by__username"]
    date_hierarchy = "created_at"
    actions = [abort_games, *(_penalize_action(team) for team in TEAM_NAMES)]
    inlines = [SeatInline, MoveInline]
    exclude = ["state"]
    readonly_fields = [f.name for f in Game._meta.fields if f.name != "state"]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ["id", "game", "user", "email", "status", "created_at"]
    list_filter = ["status"]
    readonly_fields = ["game", "invited_by", "user", "email", "status", "created_at", "answered_at"]

    def has_add_permission(self, request):
        return False


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    """The outbox, for operators: what is waiting, what failed and why."""

    list_display = ["id", "kind", "to_email", "game", "version", "status", "due_at", "attempts", "last_error"]
    list_filter = ["status", "kind", "digest"]
    search_fields = ["to_email", "game__id"]
    readonly_fields = [f.name for f in Notification._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
