import zoneinfo

from django.contrib.auth.models import AbstractUser
from django.db import models

TIME_ZONE_CHOICES = [(name, name.replace("_", " ")) for name in sorted(zoneinfo.available_timezones())]


class Delivery(models.TextChoices):
    IMMEDIATELY = "immediately", "Immediately"
    DIGEST = "digest", "In my daily digest"
    OFF = "off", "Off"


DEFAULT_REMINDER_HOURS = "24,2"
MAX_REMINDER_HOURS = 168  # a week


def reminder_hour(text: str) -> int | None:
    """One entry of `reminder_hours` as a number of hours, or None if it is
    not a whole number from 1 to a week in ASCII digits. (str.isdigit() also
    passes '²', which int() refuses, and '٣', which int() reads as 3.)"""
    if not (text.isascii() and text.isdigit()):
        return None
    hours = int(text)
    return hours if 1 <= hours <= MAX_REMINDER_HOURS else None


class User(AbstractUser):
    """The site's own user model, so that fields can be added without a
    painful swap later. Sign-up, verification and log-in are django-allauth's."""

    time_zone = models.CharField(
        max_length=64, choices=TIME_ZONE_CHOICES, default="UTC", help_text="Times on the site and in e-mails."
    )
    email_delivery = models.JSONField(
        default=dict, blank=True, help_text="Per kind of e-mail: immediately, digest or off (missing: immediately)."
    )
    digest_hour = models.PositiveSmallIntegerField(default=8, help_text="Local hour of the daily digest (0-23).")
    reminder_hours = models.CharField(
        max_length=40,
        default=DEFAULT_REMINDER_HOURS,
        blank=True,
        help_text="Hours before a turn runs out to be reminded, e.g. 24,2 (empty: no reminders).",
    )

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"

    def delivery_for(self, kind: str) -> str:
        return self.email_delivery.get(kind, Delivery.IMMEDIATELY)

    @property
    def reminder_offsets(self) -> list[int]:
        """The hours to remind at, largest first; a bad entry is ignored, since this runs inside every move."""
        hours = {reminder_hour(h.strip()) for h in self.reminder_hours.split(",")}
        return sorted(hours - {None}, reverse=True)


class EmailOptOut(models.Model):
    """An address without an account that asked for no more invitations."""

    email = models.EmailField(unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.email
