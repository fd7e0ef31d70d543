"""Leagues in the admin: an admin creates a league (its first season opens
for sign-up at once, starting after the league's break); the beat runs the
rest. Seasons are shown, not edited: their games and tables are the site's."""

from datetime import timedelta

from django.contrib import admin
from django.utils import timezone

from games.models import League, Season
from games.services.leagues import season_open


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ("name", "division_size", "season_days", "clock_kind", "created_at")
    prepopulated_fields = {"slug": ("name",)}

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if not change:
            season_open(league=obj, starts_at=timezone.now() + timedelta(days=obj.break_days))


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ("league", "number", "status", "starts_at", "ends_at")
    list_filter = ("status", "league")
    readonly_fields = ("league", "number", "status", "ends_at")
    fields = ("league", "number", "status", "starts_at", "ends_at")

    def has_add_permission(self, request) -> bool:
        return False
