import re

from django import forms
from django.core.exceptions import ValidationError
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext

from games import inputs
from games.engine import ALLOWED_TEAMS
from games.models import Game

HOUR = 3600
# Lazy: the choices are made once, and read in each request's language.
_hours = lazy(lambda n: ngettext("%(count)d hour", "%(count)d hours", n) % {"count": n}, str)
_players = lazy(lambda n: ngettext("%(count)d player", "%(count)d players", n) % {"count": n}, str)
_days = lazy(lambda n: ngettext("%(count)d day", "%(count)d days", n) % {"count": n}, str)


TURN_TIMES = [
    (HOUR, _hours(1)),
    (6 * HOUR, _hours(6)),
    (12 * HOUR, _hours(12)),
    (24 * HOUR, _days(1)),
    (48 * HOUR, _days(2)),
    (72 * HOUR, _days(3)),
    (7 * 24 * HOUR, _("1 week")),
]
DRAW_WINDOWS = [
    (15 * 60, _("15 minutes")),
    (HOUR, _hours(1)),
    (6 * HOUR, _hours(6)),
    (12 * HOUR, _hours(12)),
    (24 * HOUR, _days(1)),
]


class NumberField(forms.IntegerField):
    """A whole number in ASCII digits. Django's IntegerField also takes '٣',
    '３', ' 7 ' and '7.0'; the bounds are its min_value and max_value."""

    def to_python(self, value):
        if value in self.empty_values:
            return None
        number = inputs.read_int(str(value))
        if number is None:
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return number


# The clock presets (games/clock.py): what the service is asked for each.
DAY = 24 * HOUR
CLOCK_PRESETS = {
    "relaxed": {
        "clock_kind": Game.ClockKind.BANK,
        "bank_initial_seconds": 3 * DAY,
        "bank_increment_seconds": DAY,
        "bank_cap_seconds": 7 * DAY,
    },
    "daily": {"clock_kind": Game.ClockKind.DAYS_PER_MOVE, "turn_seconds": DAY},
    "blitz": {"clock_kind": Game.ClockKind.DAYS_PER_MOVE, "turn_seconds": 6 * HOUR},
}
ADVANCED = "advanced"
# The fields of the "advanced" box, shown folded under the presets.
ADVANCED_FIELDS = ("clock_kind", "turn_seconds", "bank_initial_hours", "bank_increment_hours", "bank_cap_hours")


class GameCreateForm(forms.Form):
    players = forms.TypedChoiceField(
        label=_("Players"),
        choices=[(n, _players(n)) for n in ALLOWED_TEAMS],
        coerce=int,
        initial=2,
        help_text=_("2 or 3 play alone; 4 or more play in teams."),
    )
    teams = forms.TypedChoiceField(
        label=_("Teams"),
        choices=[(2, _("2 teams (blue, green)")), (3, _("3 teams (blue, green, red)"))],
        coerce=int,
        initial=2,
        help_text=_("2 players always make 2 sides, 3 players 3; 6 and 12 players may choose."),
    )
    draw_mode = forms.ChoiceField(
        label=_("Draw mode"),
        choices=Game.DrawMode.choices,
        initial=Game.DrawMode.AUTOMATIC,
        widget=forms.RadioSelect,
        help_text=_("Tabletop is the printed rule: forget to draw in time and the card is lost."),
    )
    clock = forms.ChoiceField(
        label=_("Clock"),
        choices=[
            ("relaxed", _("Relaxed: 3 days + 1 day a move (at most 7 days)")),
            ("daily", _("Daily: 1 day a move")),
            ("blitz", _("Blitz by mail: 6 hours a move")),
            (ADVANCED, _("Advanced: as set below")),
        ],
        initial="relaxed",
        required=False,  # a form without it (an older page, a script) sets the clock by the fields below
        widget=forms.RadioSelect,
        help_text=_("A time bank is each player's own: it runs only on their turn and grows with each move."),
    )
    weekends_off = forms.BooleanField(
        label=_("Weekends off"),
        required=False,
        help_text=_("Saturday and Sunday, in each player's own time zone, do not count against their clock."),
    )
    no_vacation = forms.BooleanField(
        label=_("No vacation"),
        required=False,
        help_text=_("A player on vacation does not stop their clock in this game (as in a tournament)."),
    )
    clock_kind = forms.ChoiceField(
        label=_("Kind of clock"),
        choices=Game.ClockKind.choices,
        initial=Game.ClockKind.DAYS_PER_MOVE,
        required=False,
        widget=forms.RadioSelect,
    )
    turn_seconds = forms.TypedChoiceField(
        label=_("Time per move"),
        choices=TURN_TIMES,
        coerce=int,
        initial=48 * HOUR,
        help_text=_("When it runs out, the turn is missed."),
    )
    bank_initial_hours = NumberField(
        label=_("Time bank at the start (hours)"), min_value=1, max_value=720, initial=72, required=False
    )
    bank_increment_hours = NumberField(
        label=_("Added after each move (hours)"), min_value=0, max_value=720, initial=24, required=False
    )
    bank_cap_hours = NumberField(
        label=_("Time bank at most (hours)"), min_value=1, max_value=1440, initial=168, required=False
    )
    draw_window_seconds = forms.TypedChoiceField(
        label=_("Draw window"),
        choices=DRAW_WINDOWS,
        coerce=int,
        initial=12 * HOUR,
        help_text=_("Tabletop mode only: how long you have to press Draw after your play."),
    )
    missed_turn_policy = forms.ChoiceField(
        label=_("A missed turn"),
        choices=Game.MissedTurnPolicy.choices,
        initial=Game.MissedTurnPolicy.SKIP,
        widget=forms.RadioSelect,
        help_text=_("What happens when a player's time runs out."),
    )
    concede_after = NumberField(
        label=_("Concede after"),
        min_value=1,
        max_value=20,
        initial=3,
        help_text=_("With conceding: how many missed turns in a row concede."),
    )
    is_public = forms.BooleanField(
        label=_("Public game"),
        required=False,
        help_text=_("Listed under Open games for anyone to join and to watch."),
    )
    unrated = forms.BooleanField(
        label=_("Not rated"),
        required=False,  # unticked, or missing from an older page: the game counts for ratings
        help_text=_("The result does not count for the players' ratings (a game with a bot never does)."),
    )
    start_mode = forms.ChoiceField(
        label=_("The game starts"),
        choices=Game.StartMode.choices,
        initial=Game.StartMode.AUTO,
        required=False,  # a form without it (an older page, a script) starts by itself
        widget=forms.RadioSelect,
        help_text=_("Choose Start if you want to arrange the seats (and so the teams) once everyone is in."),
    )
    invitees = forms.CharField(
        label=_("Invite"),
        required=False,
        max_length=4000,  # a dozen of the longest addresses
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_(
            "Usernames or e-mail addresses, separated by commas or new lines. "
            "Someone without an account gets a link to sign up and take the seat."
        ),
    )
    bots = NumberField(
        label=_("Bots"),
        min_value=0,
        max_value=max(ALLOWED_TEAMS) - 1,
        initial=0,
        required=False,
        help_text=_("How many seats bots take at once, e.g. 3 people and 1 bot."),
    )
    bot_level = forms.TypedChoiceField(
        label=_("The bots' level"),
        choices=[
            (0, _("0: plays any legal move")),
            (1, _("1: plays the best move it sees")),
            (2, _("2: looks ahead (the strongest)")),
        ],
        coerce=int,
        initial=1,
        required=False,
    )

    def main_fields(self):
        return [field for field in self if field.name not in ADVANCED_FIELDS]

    def advanced_fields(self):
        return [field for field in self if field.name in ADVANCED_FIELDS]

    def advanced_open(self) -> bool:
        """The box is shown open when it is what was chosen, or holds an error."""
        chosen = self.is_bound and self.data.get("clock") == ADVANCED
        return chosen or any(field.errors for field in self.advanced_fields())

    def _clean_clock(self, data: dict) -> None:
        """The preset, or the advanced box, as the service's clock arguments."""
        preset = data.pop("clock", "") or ADVANCED
        if preset in CLOCK_PRESETS:
            data.pop("turn_seconds", None)
        hours = {name: data.pop(f"bank_{name}_hours", None) for name in ("initial", "increment", "cap")}
        if preset in CLOCK_PRESETS:
            data.update(CLOCK_PRESETS[preset])
            return
        data["clock_kind"] = data.get("clock_kind") or Game.ClockKind.DAYS_PER_MOVE
        for name, value in hours.items():
            if value is not None:
                data[f"bank_{name}_seconds"] = value * HOUR

    def clean_start_mode(self) -> str:
        return self.cleaned_data["start_mode"] or Game.StartMode.AUTO

    def clean_invitees(self) -> list[str]:
        names = [name for name in re.split(r"[,\s;]+", self.cleaned_data["invitees"]) if name]
        problems = []
        for name in names:
            try:
                inputs.clean_invitee(name)
            except ValidationError as exc:
                problems.extend(exc.messages)
        if problems:
            raise ValidationError(problems)
        return list(dict.fromkeys(names))

    def clean(self):
        data = super().clean()
        players, teams = data.get("players"), data.get("teams")
        if players in (2, 3):
            data["teams"] = players  # two or three players always play alone
        elif players and teams and teams not in ALLOWED_TEAMS[players]:
            allowed = pgettext("between the last two of a list", " or ").join(str(t) for t in ALLOWED_TEAMS[players])
            plays = ngettext(
                "{players} player plays in {allowed} teams.", "{players} players play in {allowed} teams.", players
            )
            self.add_error("teams", plays.format(players=players, allowed=allowed))
        self._clean_clock(data)
        data["rated"] = not data.pop("unrated", False)
        data["vacation_allowed"] = not data.pop("no_vacation", False)
        invitees = data.get("invitees") or []
        data["bots"] = data.get("bots") or 0
        data["bot_level"] = 1 if data.get("bot_level") in (None, "") else data["bot_level"]
        if players and len(invitees) > max(players - 1 - data["bots"], 0):  # too many bots: the service says
            besides = ngettext(
                "A game of {players} players has {count} seat besides yours.",
                "A game of {players} players has {count} seats besides yours.",
                players - 1,
            )
            self.add_error("invitees", besides.format(players=players, count=players - 1))
        return data


class MoveForm(forms.Form):
    move = forms.CharField(
        max_length=inputs.MOVE_MAX_LENGTH,
        error_messages={"max_length": _("A move is at most %(limit_value)d characters long.")},
    )
    version = NumberField(min_value=0)


class ResignForm(forms.Form):
    version = NumberField(min_value=0)  # the position the player confirmed from


class InviteForm(forms.Form):
    invitee = forms.CharField(
        label=_("Invite a player"),
        max_length=inputs.EMAIL_MAX_LENGTH,
        help_text=_("A username or an e-mail address."),
        error_messages={"required": _("Give a username or an e-mail address to invite.")},
    )

    def clean_invitee(self) -> str:
        return inputs.clean_invitee(self.cleaned_data["invitee"])


def _format_label(players: int, teams: int) -> str:
    if players == teams:
        return ngettext("{players} player", "{players} players", players).format(players=players)
    return ngettext("{players} player in {teams} teams", "{players} players in {teams} teams", players).format(
        players=players, teams=teams
    )


FORMATS = [(f"{p}x{t}", (p, t)) for p, allowed in ALLOWED_TEAMS.items() for t in allowed]


class FindGameForm(forms.Form):
    """ "Find me a game": a format, as players and teams."""

    format = forms.ChoiceField(label=_("Format"), choices=[(key, "") for key, _pt in FORMATS])

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["format"].choices = [(key, _format_label(*pt)) for key, pt in FORMATS]

    def players_and_teams(self) -> tuple[int, int]:
        return dict(FORMATS)[self.cleaned_data["format"]]
