"""Seats, invitations, the outbox and suspensions in the admin: searchable
by player, game and address, linked to their game and user."""

from django import forms
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import services
from games.admin._base import ReadOnlyAdmin, ReasonForm, action_page, link
from games.models import Invitation, Notification, PlayerSuspension, Seat
from games.services.suspensions import MAX_DAYS
from games.suspension_rule import active_suspensions


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ["id", "game_link", "position", "name", "user_link", "missed_turns", "draw_deadline", "last_seen_at"]
    list_filter = ["game__status"]
    search_fields = ["name", "user__username", "user__email", "=game__id"]
    list_select_related = ["game", "user"]
    exclude = []
    readonly_fields = ["game", "position", "user", "name", "missed_turns", "draw_deadline", "joined_at", "last_seen_at"]

    @admin.display(description=_("game"), ordering="game")
    def game_link(self, seat):
        return link(seat.game, gettext("Game %(game)s") % {"game": seat.game_id})

    @admin.display(description=_("user"), ordering="user__username")
    def user_link(self, seat):
        return link(seat.user)


@admin.register(Invitation)
class InvitationAdmin(ReadOnlyAdmin):
    list_display = ["id", "game_link", "user", "email", "status", "created_at"]
    list_filter = ["status"]
    search_fields = ["=game__id", "user__username", "email", "invited_by__username"]
    list_select_related = ["game", "user"]
    readonly_fields = ["game", "invited_by", "user", "email", "status", "created_at", "answered_at"]

    @admin.display(description=_("game"), ordering="game")
    def game_link(self, invitation):
        return link(invitation.game, gettext("Game %(game)s") % {"game": invitation.game_id})


@admin.register(Notification)
class NotificationAdmin(ReadOnlyAdmin):
    """The outbox, for operators: what is waiting, what failed and why."""

    list_display = ["id", "kind", "to_email", "game_link", "version", "status", "due_at", "attempts", "last_error"]
    list_filter = ["status", "kind", "digest"]
    search_fields = ["to_email", "=game__id", "recipient__username"]
    list_select_related = ["game"]
    # An answer's message as written quotes the player's hand: never shown.
    exclude = ["message"]
    readonly_fields = [f.name for f in Notification._meta.fields if f.name != "message"]

    @admin.display(description=_("game"), ordering="game")
    def game_link(self, notification):
        return link(notification.game, gettext("Game %(game)s") % {"game": notification.game_id})


class SuspendForm(ReasonForm):
    username = forms.CharField(max_length=150)
    days = forms.IntegerField(
        min_value=1, max_value=MAX_DAYS, required=False, help_text=_("Empty: until a moderator lifts it.")
    )

    def clean_username(self):
        user = get_user_model().objects.filter(username=self.cleaned_data["username"]).first()
        if user is None:
            raise forms.ValidationError(gettext("There is no user with that username."))
        return user


@admin.register(PlayerSuspension)
class PlayerSuspensionAdmin(ReadOnlyAdmin):
    """Who may not play. Suspend and lift through the pages linked here (with a reason)."""

    list_display = ["id", "user_link", "created_at", "ends_at", "lifted_at", "in_force", "lift"]
    list_filter = ["lifted_at"]
    search_fields = ["user__username", "user__email"]
    list_select_related = ["user"]
    readonly_fields = ["user", "created_at", "ends_at", "lifted_at"]
    change_list_template = "admin/games/playersuspension/change_list.html"

    @admin.display(description=_("user"), ordering="user__username")
    def user_link(self, suspension):
        return link(suspension.user)

    @admin.display(boolean=True, description=_("in force"))
    def in_force(self, suspension):
        return active_suspensions().filter(pk=suspension.pk).exists()

    @admin.display(description="")
    def lift(self, suspension):
        if suspension.lifted_at is not None:
            return ""
        return format_html(
            '<a href="{}">{}</a>', reverse("admin:games_playersuspension_lift", args=[suspension.pk]), gettext("Lift…")
        )

    def get_urls(self):
        own = [
            path("suspend/", self.admin_site.admin_view(self.suspend_view), name="games_playersuspension_suspend"),
            path(
                "<int:object_id>/lift/", self.admin_site.admin_view(self.lift_view), name="games_playersuspension_lift"
            ),
        ]
        return own + super().get_urls()

    def suspend_view(self, request):
        def run(data):
            user = data["username"]
            services.player_suspend(
                user_id=user.pk,
                moderator=request.user,
                reason=data["reason"],
                private=data["private"],
                days=data["days"],
            )
            return gettext("%(player)s is suspended from playing.") % {"player": user.username}

        back = reverse("admin:games_playersuspension_changelist")
        return action_page(
            self,
            request,
            gettext("Suspensions"),
            title=_("Suspend a player"),
            form_class=SuspendForm,
            run=run,
            done=back,
        )

    def lift_view(self, request, object_id):
        suspension = self.get_object(request, str(object_id))
        if suspension is None:
            return self._get_obj_does_not_exist_redirect(request, self.model._meta, str(object_id))

        def run(data):
            services.player_unsuspend(
                user_id=suspension.user_id, moderator=request.user, reason=data["reason"], private=data["private"]
            )
            return gettext("%(player)s may play again.") % {"player": suspension.user.username}

        back = reverse("admin:games_playersuspension_changelist")
        return action_page(
            self, request, suspension, title=_("Lift the suspension"), form_class=ReasonForm, run=run, done=back
        )
