from django import forms
from django.conf import settings
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.models import (
    MAX_REMINDER_HOURS,
    PUSH_KINDS,
    Delivery,
    EmailKind,
    User,
    reminder_hour,
)
from accounts.time_zones import ALIASES_JSON, CHOICES, canonical


class SignupExtras(forms.Form):
    """What allauth's sign-up form asks besides its own fields
    (ACCOUNT_SIGNUP_FORM_CLASS): the time zone, guessed in the browser by
    static/js/time-zone.js from the data-guess mark, and editable."""

    time_zone = forms.ChoiceField(
        choices=CHOICES,
        initial="UTC",
        required=False,  # a client that leaves it out gets UTC, as before the field existed
        label=_("Time zone"),
        help_text=_("Guessed from your browser. Deadlines and e-mails show times in it; you can change it later."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.is_bound:  # a form sent back with errors keeps what the player chose
            self.fields["time_zone"].widget.attrs.update({"data-guess": "browser", "data-old-names": ALIASES_JSON})

    def signup(self, request, user: User) -> None:
        user.time_zone = self.cleaned_data["time_zone"] or "UTC"
        user.save(update_fields=["time_zone"])


class SettingsForm(forms.Form):
    language = forms.ChoiceField(
        label=_("Language"),
        choices=[("", _("As my browser asks")), *settings.LANGUAGES],
        required=False,
        help_text=_("Pages and e-mails in this language."),
    )
    time_zone = forms.ChoiceField(
        label=_("Time zone"), choices=CHOICES, help_text=_("Deadlines are shown in this time zone.")
    )
    digest_hour = forms.TypedChoiceField(
        choices=[(h, f"{h:02d}:00") for h in range(24)],
        coerce=int,
        label=_("Digest hour"),
        help_text=_("When your daily digest goes out, in your time zone."),
    )
    reminder_hours = forms.CharField(
        required=False,
        max_length=40,
        label=_("Reminder hours"),
        help_text=_("Hours before your time runs out to remind you, e.g. 24, 2. Leave empty for no reminders."),
    )

    vacation_auto = forms.BooleanField(
        required=False,
        label=_("Auto-vacation"),
        help_text=_(
            "When your time in a game is about to run out, a day of your vacation is spent instead,"
            " and an e-mail tells you so."
        ),
    )

    def __init__(self, *args, user: User, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        for kind, label in EmailKind.choices:
            choices = (
                Delivery.choices
                if kind != EmailKind.REMINDER
                else [(Delivery.IMMEDIATELY, _("On")), (Delivery.OFF, _("Off"))]
            )
            self.fields[f"delivery_{kind}"] = forms.ChoiceField(label=label, choices=choices)
        self.pushes = settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY  # devices may be notified
        for kind in PUSH_KINDS if self.pushes else ():
            self.fields[f"push_{kind}"] = forms.BooleanField(required=False, label=_("also on my devices"))
        self.initial = {
            "language": user.language,
            "time_zone": canonical(user.time_zone),  # an old name stored before is offered as its place
            "digest_hour": user.digest_hour,
            "reminder_hours": user.reminder_hours,
            "vacation_auto": user.vacation_auto,
            **{f"delivery_{kind}": user.delivery_for(kind) for kind in EmailKind.values},
            **{f"push_{kind}": kind in user.push_kinds for kind in PUSH_KINDS},
        }

    def delivery_rows(self):
        """Each kind's e-mail delivery, and whether devices get it too (None: no such choice)."""
        pushed = PUSH_KINDS if self.pushes else ()
        return [
            (self[f"delivery_{kind}"], self[f"push_{kind}"] if kind in pushed else None) for kind in EmailKind.values
        ]

    def clean_reminder_hours(self) -> str:
        entries = [h.strip() for h in self.cleaned_data["reminder_hours"].split(",")]
        hours = [reminder_hour(h) for h in entries if h]
        if None in hours:
            raise forms.ValidationError(
                gettext("Give whole hours between 1 and {most} in digits 0-9, separated by commas.").format(
                    most=MAX_REMINDER_HOURS
                )
            )
        return ",".join(str(h) for h in sorted(set(hours), reverse=True))

    def save(self) -> User:
        user = self.user
        user.language = self.cleaned_data["language"]
        user.time_zone = self.cleaned_data["time_zone"]
        user.digest_hour = self.cleaned_data["digest_hour"]
        user.reminder_hours = self.cleaned_data["reminder_hours"]
        user.email_delivery = {kind: self.cleaned_data[f"delivery_{kind}"] for kind in EmailKind.values}
        if self.pushes:
            user.push_kinds = [kind for kind in PUSH_KINDS if self.cleaned_data[f"push_{kind}"]]
        user.vacation_auto = self.cleaned_data["vacation_auto"]
        fields = ["language", "time_zone", "digest_hour", "reminder_hours", "email_delivery", "push_kinds"]
        fields.append("vacation_auto")
        user.save(update_fields=fields)
        return user


class VacationForm(forms.Form):
    """A vacation from a day (empty: now) until the day the player is back,
    each at midnight in their time zone."""

    starts = forms.DateField(
        required=False,
        label=_("From"),
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_("Empty: from now."),
    )
    back = forms.DateField(
        label=_("Back on"),
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_("Your clocks run again from midnight that day."),
    )
