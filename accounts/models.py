import zoneinfo

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts import usernames

TIME_ZONE_CHOICES = [(name, name.replace("_", " ")) for name in sorted(zoneinfo.available_timezones())]


class EmailKind(models.TextChoices):
    """The kinds of e-mail a player chooses a delivery for. Accounts keep the
    list (games.Notification.Kind is this class) so that preferences need
    nothing from games: games depend on accounts, never the other way."""

    YOUR_TURN = "your_turn", _("It is your turn")
    DRAW_WINDOW = "draw_window", _("Your draw window is open")
    REMINDER = "reminder", _("Reminders before your turn runs out")
    MISSED = "missed", _("A draw lost or a turn skipped")
    INVITATION = "invitation", _("Invitations")
    INVITATION_ANSWERED = "invitation_answered", _("Answers to the invitations of a game you created")
    GAME_STARTED = "game_started", _("A game has started")
    GAME_CANCELLED = "game_cancelled", _("A game is cancelled for want of players")
    GAME_OVER = "game_over", _("A game is over")
    MODERATION = "moderation", _("A moderator acted in one of your games")
    RESIGN_PROPOSED = "resign_proposed", _("A teammate proposes that your team resigns")
    RESIGN_DECLINED = "resign_declined", _("A proposal that your team resigns is declined or withdrawn")
    SEAT_OPENED = "seat_opened", _("Your seat is offered to others after missed turns, or was taken over")
    VACATION_SPENT = "vacation_spent", _("A day of your vacation spent so that your time did not run out")
    CHAT_MENTION = "chat_mention", _("A player names you (@you) in the chat of a game")


# The notices a device may be sent (Web Push), and those on by default.
PUSH_KINDS = ("your_turn", "draw_window", "reminder", "game_over", "resign_proposed", "chat_mention")


def default_push_kinds() -> list[str]:
    return list(PUSH_KINDS)


class Delivery(models.TextChoices):
    IMMEDIATELY = "immediately", _("Immediately")
    DIGEST = "digest", _("In my daily digest")
    OFF = "off", _("Off")


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


SKELETON_FIELDS = ("username_skeleton", "username_skeleton_capitals", "username_skeleton_written")


class User(AbstractUser):
    """The site's own user model, so that fields can be added without a
    painful swap later. Sign-up, verification and log-in are django-allauth's."""

    # AbstractUser's field, with the checks that keep one player from posing
    # as another; allauth validates sign-ups with this field's validators.
    username = models.CharField(
        _("username"),
        max_length=150,
        unique=True,
        help_text=_("Required. 150 characters or fewer. Letters of one alphabet, digits and @/./+/-/_ only."),
        validators=[
            usernames.validate_visible,
            usernames.validate_normalised,
            UnicodeUsernameValidator(),
            usernames.validate_single_script,
        ],
        error_messages={"unique": _("A user with that username already exists.")},
    )
    username_skeleton = models.CharField(
        _("look-alike key"),
        max_length=usernames.SKELETON_MAX_LENGTH,  # a skeleton may be longer than the name ('m' -> 'rn')
        db_index=True,
        editable=False,
        help_text=_("What the username looks like: sign-up refuses a name that looks like a taken one."),
    )
    username_skeleton_capitals = models.CharField(
        _("look-alike key in capitals"),
        max_length=usernames.SKELETON_MAX_LENGTH,
        db_index=True,
        editable=False,
        help_text=_("What the username looks like in capitals (capital I looks like l, small i does not)."),
    )
    username_skeleton_written = models.CharField(
        _("look-alike key as written"),
        max_length=usernames.SKELETON_MAX_LENGTH,
        db_index=True,
        editable=False,
        help_text=_("What the username looks like as it is written."),
    )
    language = models.CharField(
        _("language"),
        max_length=8,
        choices=settings.LANGUAGES,
        blank=True,
        help_text=_("Pages and e-mails in this language (empty: the browser's; e-mails then in English)."),
    )
    time_zone = models.CharField(
        _("time zone"),
        max_length=64,
        choices=TIME_ZONE_CHOICES,
        default="UTC",
        help_text=_("Times on the site and in e-mails."),
    )
    email_delivery = models.JSONField(
        _("e-mail delivery"),
        default=dict,
        blank=True,
        help_text=_("Per kind of e-mail: immediately, digest or off (missing: immediately)."),
    )
    digest_hour = models.PositiveSmallIntegerField(
        _("digest hour"), default=8, help_text=_("Local hour of the daily digest (0-23).")
    )
    push_kinds = models.JSONField(
        _("push notifications"),
        default=default_push_kinds,
        blank=True,
        help_text=_("The kinds of notice sent to this player's devices too (Web Push)."),
    )
    has_push_devices = models.BooleanField(
        default=False, editable=False, help_text=_("Whether any device is subscribed: spares a query on every move.")
    )
    reminder_hours = models.CharField(
        _("reminder hours"),
        max_length=40,
        default=DEFAULT_REMINDER_HOURS,
        blank=True,
        help_text=_("Hours before a turn runs out to be reminded, e.g. 24,2 (empty: no reminders)."),
    )
    # Vacation (accounts/vacation.py): the days held at `vacation_counted_at`
    # (None: at sign-up, with none held), earned since and spent away since.
    vacation_seconds = models.PositiveIntegerField(_("vacation held (seconds)"), default=0)
    vacation_counted_at = models.DateTimeField(_("vacation counted at"), null=True, blank=True)
    vacation_until = models.DateTimeField(
        _("vacation until"),
        null=True,
        blank=True,
        help_text=_("The end of the latest vacation planned: none of theirs ends later (None: never on vacation)."),
    )
    vacation_auto = models.BooleanField(
        _("auto-vacation"),
        default=False,
        help_text=_("When a clock would run out, a vacation day is spent instead (and an e-mail says so)."),
    )

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"

    def save(self, *args, **kwargs):
        self.username_skeleton = usernames.skeleton(self.username)
        self.username_skeleton_capitals = usernames.capitals_skeleton(self.username)
        self.username_skeleton_written = usernames.written_skeleton(self.username)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "username" in update_fields:
            kwargs["update_fields"] = {*update_fields, *SKELETON_FIELDS}
        super().save(*args, **kwargs)

    def delivery_for(self, kind: str) -> str:
        return self.email_delivery.get(kind, Delivery.IMMEDIATELY)

    @property
    def reminder_offsets(self) -> list[int]:
        """The hours to remind at, largest first; a bad entry is ignored, since this runs inside every move."""
        hours = {reminder_hour(h.strip()) for h in self.reminder_hours.split(",")}
        return sorted(hours - {None}, reverse=True)


class EmailOptOut(models.Model):
    """An address without an account that asked for no more invitations."""

    email = models.EmailField(_("e-mail address"), unique=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("e-mail opt-out")
        verbose_name_plural = _("e-mail opt-outs")

    def __str__(self) -> str:
        return self.email


class RateBucket(models.Model):
    """A token bucket of accounts.ratelimits: how many tokens were left at `updated_at`."""

    key = models.CharField(_("key"), max_length=200, primary_key=True)
    tokens = models.FloatField(_("tokens"))
    updated_at = models.DateTimeField(_("updated at"))

    class Meta:
        verbose_name = _("rate limit")
        verbose_name_plural = _("rate limits")

    def __str__(self) -> str:
        return self.key


class ApiToken(models.Model):
    """A personal access token for the JSON API (games/api/): only its hash
    is kept; the token itself is shown once, when it is made."""

    SCOPES = ("games:read", "games:play", "chat:write")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=100)
    key_hash = models.CharField(max_length=64, unique=True)  # sha256 of the token: it has 256 random bits
    scopes = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.name} ({self.user_id})"


class ApiAnswer(models.Model):
    """The answer an API request with an Idempotency-Key got, so that the
    same key sent again gets it again instead of acting twice."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=200)
    fingerprint = models.CharField(max_length=64)  # sha256 of the method, path and body
    status = models.PositiveSmallIntegerField(null=True)  # None while the first request runs
    body = models.JSONField(null=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="api_answer_key_once")]

    def __str__(self) -> str:
        return f"{self.key} ({self.user_id})"


class Webhook(models.Model):
    """Where a token's owner wants each event of their games POSTed, signed
    with `secret` (accounts/webhooks.py). The secret must be kept to sign;
    it is shown once, when the address is set."""

    token = models.OneToOneField(ApiToken, on_delete=models.CASCADE, related_name="webhook")
    url = models.CharField(max_length=500)
    secret = models.CharField(max_length=100)
    created_at = models.DateTimeField(auto_now_add=True)
    failures = models.PositiveIntegerField(default=0)  # in a row; reset by a delivery
    retry_at = models.DateTimeField(null=True, blank=True)  # no attempt before (the backoff)
    claimed_at = models.DateTimeField(null=True, blank=True)  # a worker is delivering (a lease)
    disabled_at = models.DateTimeField(null=True, blank=True)  # after WEBHOOK_MAX_FAILURES in a row
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True)  # the last failure, for the settings page
    last_delivered_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.url} ({self.token_id})"


class WebhookEvent(models.Model):
    """An event owed to a webhook (the outbox): written in the transaction of
    the change it tells of, deleted once the receiver has taken it. The game
    is only its id: accounts knows no games."""

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="events")
    game_id = models.BigIntegerField(null=True, blank=True)  # None for a test event
    revision = models.BigIntegerField(default=0)
    body = models.TextField()  # the JSON exactly as it is sent and signed
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["webhook", "game_id", "revision"], name="webhook_event_once"),
        ]

    def __str__(self) -> str:
        return f"{self.webhook_id}: {self.game_id}@{self.revision}"


class PushSubscription(models.Model):
    """One device's Web Push subscription (what its browser's PushManager
    gave): the push service's address and the keys that encrypt for it."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions")
    endpoint = models.CharField(max_length=500, unique=True)
    p256dh = models.CharField(max_length=120)  # the device's public key, base64url
    auth = models.CharField(max_length=40)  # its authentication secret, base64url
    device = models.CharField(max_length=100, blank=True)  # its browser and system, as its user agent names them
    created_at = models.DateTimeField(auto_now_add=True)
    last_push_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.device or 'device'} of {self.user_id}"


class Vacation(models.Model):
    """A stretch of time a player is away: no clock of theirs runs in it (in
    a game that allows vacation). One ended early ends at that moment."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations")
    starts_at = models.DateTimeField(_("starts at"))
    ends_at = models.DateTimeField(_("ends at"))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("vacation")
        verbose_name_plural = _("vacations")
        indexes = [models.Index(fields=["user", "ends_at"], name="vacation_user_ends_idx")]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ends_at__gt=models.F("starts_at")), name="vacation_ends_after_start"
            )
        ]

    def __str__(self) -> str:
        return f"Vacation of {self.user_id} from {self.starts_at:%Y-%m-%d %H:%M} to {self.ends_at:%Y-%m-%d %H:%M}"
