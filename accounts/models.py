from django.contrib.auth.models import AbstractUser


class User(AbstractUser):
    """The site's own user model, so that fields can be added without a
    painful swap later. Sign-up, verification and log-in are django-allauth's."""

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"
