"""Games in the admin: the list a moderator starts from (whose turn, how
late, how often reported), a game's seats and move log (read-only), its
full state for those allowed, and the actions on it."""

from datetime import timedelta

from django import forms
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.db.models import Count, Exists, F, OuterRef, Prefetch, Q
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games import services
from games.admin._base import ReadOnlyAdmin, ReadOnlyInline, ReasonForm, action_page, changelist_link, link
from games.engine.cards import card_label
from games.models import ChatMessage, Game, ModerationAction, Move, Report, Seat
from games.services.moderation import MAX_EXTENSION_MINUTES
from games.words import team

VIEW_STATE = "games.view_game_state"


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ["position", "name", "user", "missed_turns", "draw_deadline", "last_seen_at"]
    readonly_fields = fields


class MoveInline(ReadOnlyInline):
    """The move log, newest first: who entered each move, by which door."""

    model = Move
    fields = ["seq", "seat", "text", "actor", "door", "entered_by", "created_at"]
    readonly_fields = fields
    ordering = ["-seq"]
    show_change_link = False


class AuditInline(ReadOnlyInline):
    model = ModerationAction
    fk_name = "game"
    fields = ["number", "created_at", "moderator", "kind", "reason", "reason_private", "changes"]
    readonly_fields = fields
    ordering = ["-number"]


class OverdueFilter(admin.SimpleListFilter):
    title = _("deadline")
    parameter_name = "overdue"

    def lookups(self, request, model_admin):
        return [("yes", _("Passed (the sweep is behind)")), ("day", _("Within a day"))]

    def queryset(self, request, queryset):
        now = timezone.now()
        if self.value() == "yes":
            return queryset.due(now)
        if self.value() == "day":
            return queryset.filter(status=Game.Status.ACTIVE, next_deadline__lte=now + timedelta(days=1))
        return queryset


class ReportedFilter(admin.SimpleListFilter):
    title = _("reports")
    parameter_name = "reported"

    def lookups(self, request, model_admin):
        return [("open", _("With open reports")), ("any", _("Ever reported"))]

    def queryset(self, request, queryset):
        reports = Report.objects.filter(game=OuterRef("pk"))
        if self.value() == "open":
            return queryset.filter(Exists(reports.filter(status=Report.Status.OPEN)))
        if self.value() == "any":
            return queryset.filter(Exists(reports))
        return queryset


class WhoseTurnFilter(admin.SimpleListFilter):
    """The players that games in play wait on (the first 30 by name)."""

    title = "whose turn"
    parameter_name = "turn_user"

    def lookups(self, request, model_admin):
        on_turn = Seat.objects.filter(
            game__status=Game.Status.ACTIVE, position=F("game__turn_position"), user__isnull=False
        )
        names = on_turn.order_by("user__username").values_list("user__username", flat=True).distinct()[:30]
        return [(name, name) for name in names]

    def queryset(self, request, queryset):
        if self.value():
            turn_seat = Seat.objects.filter(game=OuterRef("pk"), position=OuterRef("turn_position"))
            return queryset.filter(status=Game.Status.ACTIVE).filter(
                Exists(turn_seat.filter(user__username=self.value()))
            )
        return queryset


class PenaltyForm(ReasonForm):
    team = forms.ChoiceField()

    def __init__(self, *args, game, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].choices = [(name, team(name)) for name in game.team_names]


class AdjudicateForm(ReasonForm):
    winner = forms.ChoiceField(help_text=_("The team that wins, or a draw."))

    def __init__(self, *args, game, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["winner"].choices = [
            (name, gettext("%(team)s wins") % {"team": team(name)}) for name in game.team_names
        ]
        self.fields["winner"].choices += [("", gettext("a draw"))]
        self.fields["winner"].required = False


class ReplaceForm(ReasonForm):
    position = forms.TypedChoiceField(coerce=int, label=_("Seat"))
    username = forms.CharField(max_length=150, label=_("New player's username"), required=False)
    bot_level = forms.TypedChoiceField(
        coerce=int,
        empty_value=None,
        required=False,
        label=_("Or a bot of level"),
        choices=[("", "—"), (0, "0"), (1, "1"), (2, "2")],
    )

    def __init__(self, *args, game, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["position"].choices = [(seat.position, str(seat)) for seat in game.seats.order_by("position")]

    def clean_username(self):
        if not self.cleaned_data["username"]:
            return None
        user = get_user_model().objects.filter(username=self.cleaned_data["username"]).first()
        if user is None:
            raise forms.ValidationError(gettext("There is no user with that username."))
        return user

    def clean(self):
        data = super().clean()
        if "username" in data and (data["username"] is None) == (data.get("bot_level") is None):
            raise forms.ValidationError(gettext("Give a new player's username or a bot's level."))
        return data


class ExtendForm(ReasonForm):
    clock = forms.ChoiceField(label=_("Which deadline"))
    minutes = forms.IntegerField(min_value=1, max_value=MAX_EXTENSION_MINUTES, help_text=_("Minutes to add."))

    def __init__(self, *args, game, **kwargs):
        super().__init__(*args, **kwargs)
        draws = [
            (str(s.position), gettext("the draw of %(seat)s") % {"seat": s})
            for s in game.seats.filter(draw_deadline__isnull=False)
        ]
        self.fields["clock"].choices = [("turn", gettext("the turn")), *draws]


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = [
        "id",
        "status",
        "players",
        "whose_turn",
        "next_deadline",
        "overdue",
        "open_reports",
        "is_public",
        "version",
        "created_by",
        "created_at",
    ]
    list_filter = ["status", WhoseTurnFilter, OverdueFilter, ReportedFilter, "draw_mode", "is_public", "players"]
    search_fields = ["=id", "seats__name", "seats__user__username", "seats__user__email", "created_by__username"]
    date_hierarchy = "created_at"
    inlines = [SeatInline, MoveInline, AuditInline]
    exclude = ["state", "cut"]

    # each action: (url name, title, form, statuses it applies to)
    ACTIONS = [
        ("pause", _("Pause the game"), ReasonForm, [Game.Status.ACTIVE]),
        ("resume", _("Resume the game"), ReasonForm, [Game.Status.PAUSED]),
        ("extend", _("Extend a deadline"), ExtendForm, [Game.Status.ACTIVE]),
        ("replace", _("Replace a player"), ReplaceForm, [Game.Status.ACTIVE, Game.Status.PAUSED]),
        ("penalty", _("Table-talk penalty"), PenaltyForm, [Game.Status.ACTIVE]),
        ("adjudicate", _("Adjudicate the result"), AdjudicateForm, [Game.Status.ACTIVE, Game.Status.PAUSED]),
        (
            "abort",
            _("Abort the game"),
            ReasonForm,
            [Game.Status.FORMING, Game.Status.ACTIVE, Game.Status.PAUSED],
        ),
    ]

    def get_queryset(self, request):
        seats = Prefetch("seats", queryset=Seat.objects.order_by("position"))
        return (
            super()
            .get_queryset(request)
            .select_related("created_by")
            .prefetch_related(seats)
            .annotate(open_report_count=Count("reports", filter=Q(reports__status=Report.Status.OPEN)))
        )

    def get_readonly_fields(self, request, obj=None):
        fields = [f.name for f in Game._meta.fields if f.name not in ("state", "cut")]
        fields += ["moderate", "related"]
        if request.user.has_perm(VIEW_STATE):
            fields.append("full_state")
        return fields

    @admin.display(description=_("whose turn"))
    def whose_turn(self, game):
        if game.status != Game.Status.ACTIVE or game.turn_position is None:
            return "-"
        return next((seat.name for seat in game.seats.all() if seat.position == game.turn_position), "-")

    @admin.display(boolean=True)
    def overdue(self, game):
        return (
            game.status == Game.Status.ACTIVE and game.next_deadline is not None and game.next_deadline < timezone.now()
        )

    @admin.display(description=_("open reports"), ordering="open_report_count")
    def open_reports(self, game):
        count = getattr(game, "open_report_count", 0)
        return changelist_link(Report, count, game__id__exact=game.pk, status__exact="open") if count else 0

    @admin.display(description=_("actions"))
    def moderate(self, game):
        actions = [
            (reverse(f"admin:games_game_{name}", args=[game.pk]), title)
            for name, title, _, statuses in self.ACTIONS
            if game.status in statuses
        ]
        if not actions:
            return "-"
        return format_html_join(" · ", '<a href="{}">{}</a>', actions)

    @admin.display(description=_("related"))
    def related(self, game):
        return format_html(
            "{} · {} · {} · {}",
            changelist_link(Report, gettext("reports"), game__id__exact=game.pk),
            changelist_link(ChatMessage, gettext("chat"), game__id__exact=game.pk),
            changelist_link(game.notifications.model, gettext("e-mails"), game__id__exact=game.pk),
            changelist_link(game.invitations.model, gettext("invitations"), game__id__exact=game.pk),
        )

    @admin.display(description=_("full state (secret: hands and deck)"))
    def full_state(self, game):
        state = game.state
        if not state:
            return "-"
        names = {seat.position: seat.name for seat in game.seats.all()}
        hands = format_html_join(
            "",
            "<li>{}: {}</li>",
            (
                (names.get(i, gettext("seat %(seat)s") % {"seat": i + 1}), " ".join(card_label(c) for c in hand))
                for i, hand in enumerate(state["hands"])
            ),
        )
        pile = " ".join(card_label(card) for card in state["draw_pile"])
        return format_html(
            "<ul>{}</ul><p>{}</p>",
            hands,
            gettext("Draw pile, next card first: %(cards)s") % {"cards": pile or gettext("(empty)")},
        )

    def get_urls(self):
        own = [
            path(
                f"<int:object_id>/{name}/",
                self.admin_site.admin_view(self._action_view(name, title, form)),
                name=f"games_game_{name}",
            )
            for name, title, form, _ in self.ACTIONS
        ]
        return own + super().get_urls()

    def _action_view(self, name, title, form_class):
        def view(request, object_id):
            game = self.get_object(request, str(object_id))
            if game is None:
                return self._get_obj_does_not_exist_redirect(request, self.model._meta, str(object_id))
            needs_game = form_class is not ReasonForm
            return action_page(
                self,
                request,
                game,
                title=title,
                form_class=form_class,
                form_kwargs={"game": game} if needs_game else None,
                run=lambda data: _run(name, request.user, game, data),
                done=reverse("admin:games_game_change", args=[game.pk]),
            )

        return view


def _run(name: str, moderator, game: Game, data: dict) -> str:
    """Call the service of action `name`; the success message."""
    common = {"game_id": game.pk, "moderator": moderator, "reason": data["reason"], "private": data["private"]}
    if name == "pause":
        services.game_pause(**common)
        return gettext("Game %(game)s is paused.") % {"game": game.pk}
    if name == "resume":
        services.game_resume(**common)
        return gettext("Game %(game)s is running again.") % {"game": game.pk}
    if name == "extend":
        position = None if data["clock"] == "turn" else int(data["clock"])
        services.deadline_extend(**common, minutes=data["minutes"], position=position)
        return ngettext(
            "Game %(game)s: %(minutes)s more minute.", "Game %(game)s: %(minutes)s more minutes.", data["minutes"]
        ) % {"game": game.pk, "minutes": data["minutes"]}
    if name == "replace":
        newcomer = {"new_user_id": data["username"].pk} if data["username"] else {"bot_level": data["bot_level"]}
        seat = services.seat_replace(**common, position=data["position"], **newcomer)
        return gettext("Game %(game)s: %(player)s now plays seat %(seat)s.") % {
            "game": game.pk,
            "player": seat.name,
            "seat": seat.position + 1,
        }
    if name == "penalty":
        services.penalty_apply(**common, team=data["team"])
        return gettext("Game %(game)s: the %(team)s team has the penalty.") % {
            "game": game.pk,
            "team": team(data["team"]),
        }
    if name == "adjudicate":
        services.game_adjudicate(**common, winner=data["winner"])
        if data["winner"]:
            return gettext("Game %(game)s is over: %(team)s wins.") % {"game": game.pk, "team": team(data["winner"])}
        return gettext("Game %(game)s is over: a draw.") % {"game": game.pk}
    services.game_abort(**common)
    return gettext("Game %(game)s is aborted.") % {"game": game.pk}


@admin.register(Move)
class MoveAdmin(ReadOnlyAdmin):
    """The move log of every game, append-only: who entered which move, by which door."""

    list_display = ["id", "game_link", "seq", "seat", "text", "actor", "door", "entered_by", "created_at"]
    list_filter = ["actor", "door"]
    search_fields = ["=game__id", "entered_by__username", "text"]
    list_select_related = ["game", "entered_by"]
    exclude = ["events"]
    readonly_fields = ["game", "seq", "seat", "text", "actor", "door", "entered_by", "created_at"]

    @admin.display(description=_("game"), ordering="game")
    def game_link(self, move):
        return link(move.game, gettext("Game %(game)s") % {"game": move.game_id})
