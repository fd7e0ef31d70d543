import zoneinfo

from django.contrib.auth.models import AbstractUser
from django.db import models

TIME_ZONE_CHOICES = [(name, name.replace("_", " ")) for name in sorted(zoneinfo.available_timezones())]


class User(AbstractUser):
    """The site's own user model, so that fields can be added without a
    painful swap later. Sign-up, verification and log-in are django-allauth's."""

    time_zone = models.CharField(
        max_length=64, choices=TIME_ZONE_CHOICES, default="UTC", help_text="Times on the site and in e-mails."
    )

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"
