"""Games, seats, hands and the move log. Only games.services writes these.

The source of truth of a running game is its Move log replayed from the
deal; `Game.state` is the engine's snapshot after the last move and `Hand`
rows copy the hands out of it so that a page can read one seat's hand alone.
`manage.py verify_games` proves both agree with the log."""

from datetime import datetime, timedelta

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from accounts.models import EmailKind
from games.engine import ALLOWED_TEAMS, TEAM_NAMES
from games.engine.setup import team_of

PLAYER_COUNT_CHOICES = [(n, f"{n} players") for n in ALLOWED_TEAMS]


class GameQuerySet(models.QuerySet):
    def due(self, now):
        """Games in play with a passed deadline, the most overdue first: the one
        query the deadline sweep and /healthz make, on the partial index game_due_idx."""
        return self.filter(status=Game.Status.ACTIVE, next_deadline__lte=now).order_by("next_deadline")

    def stale_forming(self, now):
        """Forming games nobody filled in time, the oldest first: what the
        hourly cancellation sweep looks for, on the partial index game_forming_idx."""
        return self.filter(status=Game.Status.FORMING, created_at__lte=now - forming_limit()).order_by("created_at")


def forming_limit() -> timedelta:
    """How long a game may wait for players before it is cancelled."""
    return timedelta(days=settings.FORMING_GAME_DAYS)


class Game(models.Model):
    class Status(models.TextChoices):
        FORMING = "forming", _("Waiting for players")
        ACTIVE = "active", _("In play")
        PAUSED = "paused", pgettext_lazy("a game", "Paused")  # by a moderator or by its players' votes
        FINISHED = "finished", _("Finished")
        ABORTED = "aborted", _("Aborted")

    class DrawMode(models.TextChoices):
        AUTOMATIC = "automatic", _("Automatic: the draw is part of every play")
        TABLETOP = "tabletop", _("Tabletop: draw yourself after playing, or lose the card")

    class MissedTurnPolicy(models.TextChoices):
        SKIP = "skip", _("Skip the turn")
        CONCEDE = "concede", _("Skip, and concede after several missed turns in a row")
        OPEN_SEAT = "open_seat", _("Skip, and after several missed turns in a row offer the seat to anyone")
        BOT = "bot", _("Skip, and hand the seat to a bot after several missed turns in a row")

    class ClockKind(models.TextChoices):
        DAYS_PER_MOVE = "per_move", _("Days per move")
        BANK = "bank", _("Time bank: a start, more after each move, up to a cap")

    class StartMode(models.TextChoices):
        AUTO = "auto", _("When the last seat is taken")
        MANUAL = "manual", _("When a player presses Start")

    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("created by"), null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    # Settings, fixed once the game starts.
    players = models.PositiveSmallIntegerField(_("players"), choices=PLAYER_COUNT_CHOICES)
    teams = models.PositiveSmallIntegerField(_("teams"), choices=[(2, "2 teams"), (3, "3 teams")])
    draw_mode = models.CharField(_("draw mode"), max_length=10, choices=DrawMode.choices, default=DrawMode.AUTOMATIC)
    turn_seconds = models.PositiveIntegerField(
        _("time per move (seconds)"), help_text=_("Time each player has to move.")
    )
    draw_window_seconds = models.PositiveIntegerField(
        _("draw window (seconds)"), help_text=_("Tabletop mode: time to take the draw.")
    )
    # The clock (games/clock.py): days per move (turn_seconds) or a time bank per seat.
    clock_kind = models.CharField(_("clock"), max_length=10, choices=ClockKind.choices, default=ClockKind.DAYS_PER_MOVE)
    bank_initial_seconds = models.PositiveIntegerField(_("time bank at the start (seconds)"), default=3 * 24 * 3600)
    bank_increment_seconds = models.PositiveIntegerField(_("time added after each move (seconds)"), default=24 * 3600)
    bank_cap_seconds = models.PositiveIntegerField(_("time bank at most (seconds)"), default=7 * 24 * 3600)
    weekends_off = models.BooleanField(
        _("weekends off"), default=False, help_text=_("Saturday and Sunday in each player's time zone do not count.")
    )
    vacation_allowed = models.BooleanField(
        _("vacation allowed"), default=True, help_text=_("A player on vacation stops their clock in this game.")
    )
    missed_turn_policy = models.CharField(
        _("on a missed turn"), max_length=10, choices=MissedTurnPolicy.choices, default="skip"
    )
    concede_after = models.PositiveSmallIntegerField(
        _("concede after"), default=3, help_text=_("Missed turns in a row that concede (or open the seat).")
    )
    is_public = models.BooleanField(_("public"), default=False, help_text=_("Listed for anyone to join and to watch."))
    start_mode = models.CharField(_("start"), max_length=10, choices=StartMode.choices, default=StartMode.AUTO)
    rated = models.BooleanField(
        _("rated"), default=True, help_text=_("Counts for the players' ratings (never with a bot or when aborted).")
    )

    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.FORMING, db_index=True)
    version = models.PositiveIntegerField(
        _("version"), default=0, help_text=_("Moves applied; the sequence number of the last Move.")
    )
    state = models.JSONField(_("state"), null=True, blank=True, editable=False, help_text=_("Engine snapshot: secret."))
    cut = models.JSONField(
        _("cut"), null=True, blank=True, editable=False, help_text=_("The cut for the deal, as shown.")
    )
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    turn_position = models.PositiveSmallIntegerField(
        _("seat to play"), null=True, blank=True, help_text=_("Seat to play (from state).")
    )
    turn_deadline = models.DateTimeField(_("turn deadline"), null=True, blank=True)
    turn_started_at = models.DateTimeField(_("turn's clock started at"), null=True, blank=True)
    turn_allowance_seconds = models.PositiveIntegerField(
        _("time for this turn (seconds)"), null=True, blank=True, help_text=_("Counted on the mover's clock.")
    )
    next_deadline = models.DateTimeField(
        _("next deadline"),
        null=True,
        blank=True,
        help_text=_("The earliest of the turn and draw deadlines: what the sweep looks for."),
    )
    winner = models.CharField(_("winner"), max_length=10, blank=True, choices=[(name, name) for name in TEAM_NAMES])
    result_reason = models.CharField(_("how it ended"), max_length=20, blank=True)
    abort_reason = models.CharField(_("why it was aborted"), max_length=200, blank=True)
    paused_clocks = models.JSONField(
        _("clocks when its players paused it"),
        null=True,
        blank=True,
        editable=False,
        help_text=_("What each clock had left when every player voted to pause (empty: not paused by its players)."),
    )
    rematch_of = models.ForeignKey(
        "self",
        verbose_name=_("rematch of"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="rematches",
        help_text=_("The finished game whose players this one brings back, their seats rotated."),
    )
    revision = models.PositiveIntegerField(
        _("revision"),
        default=0,
        editable=False,
        help_text=_("Every change to the game, its seats, hands, chat or notes: what cached pages and polls key on."),
    )

    objects = GameQuerySet.as_manager()

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        indexes = [
            models.Index(fields=["next_deadline"], condition=Q(status="active"), name="game_due_idx"),
            models.Index(fields=["status", "is_public"], name="game_status_public_idx"),
            models.Index(fields=["created_at"], condition=Q(status="forming"), name="game_forming_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(players__in=list(ALLOWED_TEAMS)) & Q(teams__in=[2, 3]), name="game_allowed_players"
            ),
        ]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.players} players, {self.get_status_display().lower()})"

    @property
    def team_names(self) -> list[str]:
        return list(TEAM_NAMES[: self.teams])

    @property
    def paused_by_players(self) -> bool:
        """Paused by every player's vote (their clocks kept here), not by a moderator."""
        return self.status == Game.Status.PAUSED and self.paused_clocks is not None

    @property
    def is_over(self) -> bool:
        """Finished or aborted: no clock runs, no card goes anywhere any more."""
        return self.status in (Game.Status.FINISHED, Game.Status.ABORTED)

    @property
    def cancels_at(self) -> datetime:
        """When this game is cancelled if it is still forming."""
        return self.created_at + forming_limit()

    def team_of(self, position: int) -> int:
        """The team of the seat at `position`, by the engine's rule (seats
        alternate teams), whether or not anyone sits there yet."""
        return team_of(position, self.teams)

    def team_name_of(self, position: int) -> str:
        return TEAM_NAMES[self.team_of(position)]


SEEN_EVERY = timedelta(seconds=30)
# What marks a seat a bot holds, wherever the seat is named: it is part of the
# seat's stored name, so pages, lists, e-mails and records all show it.
BOT_MARK = "\N{ROBOT FACE}"


class Seat(models.Model):
    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(
        _("position"), help_text=_("Turn order once started; seat 0 moves first.")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("user"), null=True, blank=True, on_delete=models.SET_NULL
    )
    name = models.CharField(_("name"), max_length=150, help_text=_("The player's name as shown and recorded."))
    missed_turns = models.PositiveSmallIntegerField(
        _("missed turns"), default=0, help_text=_("Turn deadlines missed in a row.")
    )
    draw_deadline = models.DateTimeField(
        _("draw deadline"), null=True, blank=True, help_text=_("Tabletop mode: when the open draw is lost.")
    )
    bank_seconds = models.PositiveIntegerField(
        _("time bank (seconds)"), null=True, blank=True, help_text=_("Time-bank clock: what this seat has left.")
    )
    open_since = models.DateTimeField(
        _("offered since"),
        null=True,
        blank=True,
        help_text=_("Offered in the lobby for anyone to take over (the player missed too many turns)."),
    )
    # A bot plays this seat (games.bots, at this level): with no user, a seat
    # the creator or a moderator gave a bot; with one, the bot stands in for
    # that absent player, who may take the seat back.
    bot_level = models.PositiveSmallIntegerField(
        _("bot level"), null=True, blank=True, help_text=_("A bot of this level plays the seat.")
    )
    joined_at = models.DateTimeField(_("joined at"), auto_now_add=True)
    last_seen_at = models.DateTimeField(
        _("last seen at"),
        null=True,
        blank=True,
        help_text=_("When the player last had the table open (to within 30 s)."),
    )

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_unique_position"),
            models.UniqueConstraint(fields=["game", "user"], name="seat_unique_user"),
        ]

    def __str__(self) -> str:
        return f"{self.name} (seat {self.position + 1}, {self.team_name})"  # people count seats from 1

    @property
    def team(self) -> int:
        return self.game.team_of(self.position)

    @property
    def is_bot(self) -> bool:
        return self.bot_level is not None

    @property
    def person(self):
        """Who is told about this seat: nobody while a bot plays it."""
        return None if self.is_bot else self.user

    @property
    def team_name(self) -> str:
        return self.game.team_name_of(self.position)


class ResignationProposal(models.Model):
    """In a team game a resignation is put to the team: it concedes once
    every member seated by a person agreed; a teammate's decline, the
    proposer's withdrawal or the end of its time lapses it."""

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        ACCEPTED = "accepted", _("Agreed: the team resigned")
        DECLINED = "declined", pgettext_lazy("a proposal to resign", "Declined")
        WITHDRAWN = "withdrawn", _("Withdrawn")
        LAPSED = "lapsed", pgettext_lazy("a proposal to resign", "Lapsed")

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="resignations")
    team = models.PositiveSmallIntegerField(_("team"))
    proposed_by = models.PositiveSmallIntegerField(_("proposed by"), help_text=_("The proposer's seat position."))
    agreed = models.JSONField(_("agreed"), default=list, help_text=_("Seat positions that agreed, in order."))
    declined_by = models.PositiveSmallIntegerField(_("declined by"), null=True, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(_("created at"))
    expires_at = models.DateTimeField(_("lapses at"))
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)
    # The periodic sweep's moment: what the team sees of it changes with time
    # alone then (it lapses, or a member's suspension ends).
    changes_at = models.DateTimeField(_("changes at"), null=True, blank=True)

    class Meta:
        verbose_name = _("resignation proposal")
        verbose_name_plural = _("resignation proposals")
        indexes = [models.Index(fields=["changes_at"], condition=Q(status="open"), name="resignation_due_idx")]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "team"], condition=Q(status="open"), name="resignation_one_open_per_team"
            )
        ]

    def __str__(self) -> str:
        return f"Resignation of team {self.team} in game {self.game_id} ({self.status})"


class Hand(models.Model):
    """A seat's cards, kept apart from Seat so that nothing that lists seats
    (pages, the admin, exports) can carry a hand along by accident."""

    seat = models.OneToOneField(
        Seat, verbose_name=_("seat"), on_delete=models.CASCADE, related_name="hand", primary_key=True
    )
    cards = models.JSONField(_("cards"), default=list)

    class Meta:
        verbose_name = _("hand")
        verbose_name_plural = _("hands")

    def __str__(self) -> str:
        return f"Hand of {self.seat}"


class Move(models.Model):
    """One input to the game, append-only: its sequence number is the game
    version it produced."""

    class Actor(models.TextChoices):
        PLAYER = "player", _("Player")
        SYSTEM = "system", _("System")
        MODERATOR = "moderator", _("Moderator")

    class Door(models.TextChoices):
        WEB = "web", _("Web")
        EMAIL = "email", _("E-mail")
        API = "api", _("API")
        SYSTEM = "system", _("System")
        ADMIN = "admin", _("Admin")
        BOT = "bot", _("Bot")

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField(_("number"))
    seat = models.PositiveSmallIntegerField(
        _("seat"), null=True, blank=True, help_text=_("Empty for the site's own inputs.")
    )
    text = models.CharField(
        pgettext_lazy("noun", "move"), max_length=60, help_text=_("The move in canonical notation.")
    )
    actor = models.CharField(_("actor"), max_length=10, choices=Actor.choices)
    door = models.CharField(_("door"), max_length=10, choices=Door.choices)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("entered by"), null=True, blank=True, on_delete=models.SET_NULL
    )
    events = models.JSONField(_("events"), default=list, help_text=_("What happened, as everyone at the table saw it."))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = pgettext_lazy("noun", "move")
        verbose_name_plural = _("moves")
        ordering = ["game", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="move_unique_seq")]

    def __str__(self) -> str:
        return f"#{self.seq} {self.text}"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ValueError("Moves are append-only.")
        super().save(*args, **kwargs)


class Invitation(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        ACCEPTED = "accepted", _("Accepted")
        DECLINED = "declined", _("Declined")
        LAPSED = "lapsed", _("Lapsed")  # still unanswered when the game started, was cancelled or aborted

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="invitations")
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("invited by"), null=True, on_delete=models.SET_NULL, related_name="+"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("invitee"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="invitations",
    )
    email = models.EmailField(
        _("e-mail address"), blank=True, help_text=_("The address the inviter typed (empty when they gave a username).")
    )
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    answered_at = models.DateTimeField(_("answered at"), null=True, blank=True)

    class Meta:
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], condition=Q(user__isnull=False), name="invite_once"),
            models.UniqueConstraint(fields=["game", "email"], condition=~Q(email=""), name="invite_email_once"),
        ]

    def __str__(self) -> str:
        return f"Invitation to {self.game} for {self.user or self.email}"

    @property
    def shown_as(self) -> str:
        """The invitee as the inviter named them: an address stays an address,
        so that inviting one never tells whose account it is."""
        return self.email or self.user.username

    def for_someone_else(self, user) -> bool:
        """Named for another account (or for an account, asked of nobody: the
        link's holder, signed out); an invitation to an address is whoever's
        follows its link first."""
        return self.user_id is not None and (user is None or self.user_id != user.pk)


SEAT_OFFERED = 0  # the seat_opened e-mail's variant: the seat is offered (0), or was taken over (1 + its position)


class Vote(models.Model):
    """A player's vote at a stalled table, for the game as it stands (its
    version): to pause it, or to skip the seat to play, out of time, now."""

    class Kind(models.TextChoices):
        PAUSE = "pause", _("Pause the game")
        SKIP = "skip", _("Skip the absent player now")

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="votes")
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    version = models.PositiveIntegerField(_("game version"), help_text=_("A move makes the votes before it void."))
    voter = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("voter"), on_delete=models.CASCADE)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("vote")
        verbose_name_plural = _("votes")
        constraints = [
            models.UniqueConstraint(fields=["game", "version", "kind", "voter"], name="vote_once"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} by {self.voter_id} (game {self.game_id} v{self.version})"


class AnswerKind(models.TextChoices):
    """The e-mails written when they are owed and sent as written: the answers
    to e-mailed moves (games.inbound). No player sets a delivery for them."""

    REPLY = "inbound_reply", _("An answer to an e-mailed move")
    MISMATCH = "inbound_mismatch", _("A reply from another address, refused")


class Notification(models.Model):
    """An e-mail the site owes someone: the outbox. Written in the same
    transaction as the change that caused it, then sent by a task on commit
    or, failing that, by the periodic sweep. Rendered when sent, from the
    game as it is then, and skipped if it no longer applies; an answer to
    an e-mailed move (AnswerKind) is written when owed and sent as written."""

    Kind = EmailKind  # the kinds a player sets a delivery for, in accounts

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        SENDING = "sending", _("Being sent")
        SENT = "sent", _("Sent")
        SKIPPED = "skipped", _("No longer applies")
        FAILED = "failed", _("Failed")

    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("recipient"), null=True, blank=True, on_delete=models.CASCADE
    )
    to_email = models.EmailField(
        _("address"),
    )
    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="notifications")
    version = models.PositiveIntegerField(_("game version"), help_text=_("The game version that caused it."))
    kind = models.CharField(_("kind"), max_length=20, choices=[*Kind.choices, *AnswerKind.choices])
    variant = models.PositiveSmallIntegerField(
        _("variant"),
        default=0,
        help_text=_("Reminders: hours before the deadline; invitation answers: the answer's number."),
    )
    digest = models.BooleanField(
        _("in the digest"), default=False, help_text=_("Goes out in the recipient's daily digest.")
    )
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PENDING)
    due_at = models.DateTimeField(
        _("due at"),
    )
    deadline = models.DateTimeField(
        _("deadline"), null=True, blank=True, help_text=_("Turn and draw e-mails: the deadline they were queued for.")
    )
    claimed_at = models.DateTimeField(_("claimed at"), null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    sent_at = models.DateTimeField(_("sent at"), null=True, blank=True)
    last_error = models.CharField(_("last error"), max_length=300, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    # An answer: the inbound message it answers (one answer each), and the
    # message as written, cleared once sent (it quotes the hand: never shown).
    inbound = models.OneToOneField(
        "InboundMessage",
        verbose_name=_("answer to"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="answer",
    )
    message = models.JSONField(_("message as written"), default=dict, blank=True)

    class Meta:
        verbose_name = _("outgoing e-mail")
        verbose_name_plural = _("outgoing e-mails")
        constraints = [
            models.UniqueConstraint(
                fields=["to_email", "game", "version", "kind", "variant"],
                condition=models.Q(inbound__isnull=True),
                name="notification_once",
            )
        ]
        indexes = [
            models.Index(fields=["status", "due_at"], name="notification_due_idx"),
            # what a change made due at once (tasks.send_due) is looked up by
            models.Index(fields=["game", "version"], name="notification_game_version_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} to {self.to_email} (game {self.game_id} v{self.version})"


class PushMessage(models.Model):
    """A notice owed to one device (Web Push), for an outbox row the owed-mail
    policy wrote: the same rules decide whether it still applies when sent
    (games/mail/push_send.py). Claimed and retried like the e-mails."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        SENDING = "sending", _("Being sent")
        SENT = "sent", _("Sent")
        SKIPPED = "skipped", _("No longer applies")
        FAILED = "failed", _("Failed")

    notification = models.ForeignKey(
        Notification, verbose_name=_("notice"), on_delete=models.CASCADE, related_name="pushes"
    )
    subscription = models.ForeignKey(
        "accounts.PushSubscription", verbose_name=_("device"), on_delete=models.CASCADE, related_name="+"
    )
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PENDING)
    due_at = models.DateTimeField(_("due at"))
    claimed_at = models.DateTimeField(_("claimed at"), null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    sent_at = models.DateTimeField(_("sent at"), null=True, blank=True)
    last_error = models.CharField(_("last error"), max_length=300, blank=True)

    class Meta:
        verbose_name = _("push notice")
        verbose_name_plural = _("push notices")
        constraints = [models.UniqueConstraint(fields=["notification", "subscription"], name="push_once")]
        indexes = [models.Index(fields=["status", "due_at"], name="push_due_idx")]

    def __str__(self) -> str:
        return f"Push {self.notification_id} to {self.subscription_id}"


class ReplyToken(models.Model):
    """The secret in a Reply-To address (play+<token>@…): it names one player
    of one game. Only its hash is stored; a new one goes into every e-mail
    that asks for an action. Dead once revoked, once the game is over or
    once the player's seat is given up (games.mail.tokens checks)."""

    digest = models.CharField(_("hash"), max_length=64, unique=True, help_text=_("SHA-256 of the token."))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE, related_name="+"
    )
    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)

    class Meta:
        verbose_name = _("reply address")
        verbose_name_plural = _("reply addresses")

    def __str__(self) -> str:
        return f"Reply address of {self.user} in game {self.game_id}"


class InboundMessage(models.Model):
    """An e-mail received by one of the doors (pipe, webhook, IMAP), stored
    before it is handled, so that a crash loses nothing and the same
    Message-ID acts once."""

    class Door(models.TextChoices):
        PIPE = "pipe", _("MTA pipe")
        WEBHOOK = "webhook", _("Webhook")
        IMAP = "imap", _("IMAP")

    class Outcome(models.TextChoices):
        PENDING = "pending", _("Not handled yet")
        APPLIED = "applied", _("Moves applied")
        ANSWERED = "answered", _("Answered (help, board, resign asked)")
        REFUSED = "refused", _("Refused, with a reply")
        REJECTED = "rejected", _("Rejected without a reply")
        IGNORED = "ignored", _("Ignored (auto-reply, bounce, list, too big)")

    message_key = models.CharField(
        _("message key"), max_length=64, unique=True, help_text=_("SHA-256 of the Message-ID.")
    )
    message_id = models.CharField(_("Message-ID"), max_length=300, blank=True)
    door = models.CharField(_("door"), max_length=10, choices=Door.choices)
    received_at = models.DateTimeField(_("received at"), auto_now_add=True, db_index=True)
    sender = models.CharField(_("sender"), max_length=254, blank=True, db_index=True, help_text=_("The From address."))
    subject = models.CharField(_("subject"), max_length=300, blank=True)
    raw = models.BinaryField(_("message as received"), help_text=_("The message as received (cut at the size limit)."))
    size = models.PositiveIntegerField(_("size"), default=0)
    token = models.ForeignKey(
        ReplyToken, verbose_name=_("reply address"), null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("user"), null=True, blank=True, on_delete=models.SET_NULL
    )
    game = models.ForeignKey(
        Game, verbose_name=_("game"), null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    game_version = models.PositiveIntegerField(
        _("game version"), null=True, blank=True, help_text=_("The game's version on arrival.")
    )
    commands = models.JSONField(_("commands"), default=list, blank=True, help_text=_("The commands read from it."))
    outcome = models.CharField(
        _("outcome"), max_length=10, choices=Outcome.choices, default=Outcome.PENDING, db_index=True
    )
    detail = models.CharField(_("detail"), max_length=300, blank=True, help_text=_("Why, as a code or a sentence."))
    confirm_digest = models.CharField(
        _("resignation code hash"), max_length=64, blank=True, help_text=_("A resignation's one-time code, hashed.")
    )
    confirm_version = models.PositiveIntegerField(
        _("resignation code's version"),
        null=True,
        blank=True,
        help_text=_("The game's version the resignation code was given at: a move since makes it stale."),
    )
    confirmed = models.BooleanField(_("confirmed"), default=False, help_text=_("Its resignation code was used."))
    notice_sent_at = models.DateTimeField(
        _("notice sent at"), null=True, blank=True, help_text=_("The real player told of a wrong sender.")
    )
    # Its answer, if any, is an outbox row (Notification.inbound) written with the outcome.

    class Meta:
        verbose_name = _("incoming e-mail")
        verbose_name_plural = _("incoming e-mails")
        ordering = ["-received_at"]

    def __str__(self) -> str:
        return f"{self.get_door_display()} message from {self.sender or '?'} ({self.get_outcome_display().lower()})"


# --- moderation: the table chat, reports, suspensions and the audit trail ---------


class ChatMessage(models.Model):
    """A line of a table's public chat. A moderator hides one; nothing deletes it."""

    MAX_LENGTH = 500

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="chat_messages")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("author"), null=True, on_delete=models.SET_NULL, related_name="+"
    )
    name = models.CharField(_("name"), max_length=150, help_text=_("The author's name as shown when it was written."))
    text = models.TextField(_("text"), max_length=MAX_LENGTH)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    hidden_at = models.DateTimeField(_("hidden at"), null=True, blank=True)

    class Meta:
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        indexes = [
            models.Index(fields=["game", "created_at"], name="chat_game_idx"),
            models.Index(fields=["author", "created_at"], name="chat_author_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.name} in game {self.game_id}: {self.text[:40]}"


class ChatMute(models.Model):
    """`user` no longer sees what `muted` writes, in any game's chat."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE, related_name="chat_mutes"
    )
    muted = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("muted player"), on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("mute")
        verbose_name_plural = _("mutes")
        constraints = [models.UniqueConstraint(fields=["user", "muted"], name="chat_mute_once")]

    def __str__(self) -> str:
        return f"{self.user} mutes {self.muted}"


class Report(models.Model):
    """A player's complaint about a game or one of its chat messages, until a moderator resolves it."""

    class Reason(models.TextChoices):
        TABLE_TALK = "table_talk", _("Table talk (telling a partner about cards)")
        ABUSE = "abuse", _("Abuse or harassment")
        STALLING = "stalling", _("Stalling the game")
        CHEATING = "cheating", _("Cheating")
        OTHER = "other", _("Something else")

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        RESOLVED = "resolved", _("Resolved")

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="reports")
    message = models.ForeignKey(
        ChatMessage, verbose_name=_("message"), null=True, blank=True, on_delete=models.CASCADE, related_name="reports"
    )
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("reporter"), null=True, on_delete=models.SET_NULL, related_name="+"
    )
    reported_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("reported player"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="reports_against",
        help_text=_("The message's author, for a report of a message."),
    )
    reason = models.CharField(_("reason"), max_length=20, choices=Reason.choices)
    text = models.TextField(_("text"), max_length=1000, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    resolved_at = models.DateTimeField(_("resolved at"), null=True, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("resolved by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    resolution = models.TextField(
        _("resolution"), blank=True, help_text=_("The moderator's note on how it was settled.")
    )

    class Meta:
        verbose_name = _("report")
        verbose_name_plural = _("reports")
        indexes = [models.Index(fields=["status", "created_at"], name="report_queue_idx")]

    def __str__(self) -> str:
        about = f"message {self.message_id}" if self.message_id else f"game {self.game_id}"
        return f"Report {self.pk} on {about} ({self.get_reason_display()})"


class PlayerSuspension(models.Model):
    """A user barred from playing (joining, creating, moving, chatting)
    until `ends_at` (empty: until lifted). Kept in games: accounts know nothing of play."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("player"), on_delete=models.CASCADE, related_name="suspensions"
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    ends_at = models.DateTimeField(
        _("ends at"), null=True, blank=True, help_text=_("Empty: until a moderator lifts it.")
    )
    lifted_at = models.DateTimeField(_("lifted at"), null=True, blank=True)

    class Meta:
        verbose_name = _("suspension")
        verbose_name_plural = _("suspensions")
        indexes = [models.Index(fields=["user", "lifted_at"], name="suspension_user_idx")]

    def __str__(self) -> str:
        return f"Suspension of {self.user}"


class ModerationAction(models.Model):
    """The audit trail: one row for every moderator action, written in its
    transaction. A game's actions are numbered, and shown to its players as
    public notes (without the reason when it is private)."""

    class Kind(models.TextChoices):
        ABORT = "abort", _("Aborted the game")
        ADJUDICATE = "adjudicate", _("Adjudicated the result")
        REPLACE = "replace", _("Replaced a player")
        EXTEND = "extend", _("Extended a deadline")
        PAUSE = "pause", _("Paused the game")
        RESUME = "resume", _("Resumed the game")
        PENALTY = "penalty", _("Applied the table-talk penalty")
        HIDE_MESSAGE = "hide_message", _("Hid a chat message")
        SUSPEND = "suspend", _("Suspended a player")
        UNSUSPEND = "unsuspend", _("Lifted a suspension")
        RESOLVE_REPORT = "resolve_report", _("Resolved a report")

    moderator = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("moderator"), null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    kind = models.CharField(_("action"), max_length=20, choices=Kind.choices)
    game = models.ForeignKey(
        Game, verbose_name=_("game"), null=True, blank=True, on_delete=models.CASCADE, related_name="moderation"
    )
    number = models.PositiveSmallIntegerField(
        _("number"), null=True, blank=True, help_text=_("The action's number in its game.")
    )
    target_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    reason = models.TextField(_("reason"))
    reason_private = models.BooleanField(
        _("private reason"), default=False, help_text=_("Kept from the players' public note.")
    )
    changes = models.JSONField(_("changes"), default=dict, help_text=_("What the action changed, as data."))

    class Meta:
        verbose_name = _("moderator action")
        verbose_name_plural = _("moderator actions")
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "number"], condition=Q(game__isnull=False), name="moderation_number_once"
            )
        ]
        permissions = [
            ("moderate", "Can take moderator actions (abort, adjudicate, replace, pause, penalize, hide, suspend)"),
            ("view_game_state", "Can see a game's hands and deck in the admin"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.created_at:%Y-%m-%d %H:%M})"


class Pool(models.TextChoices):
    """The formats rated apart (games.rating.pools_key)."""

    DUEL = "duel", _("1 against 1")
    TEAMS = "teams", _("Two teams")
    THREE = "three", _("Three teams")


class PlayerRating(models.Model):
    """A player's skill in one pool (games/rating.py), as of their last rated game."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("player"), on_delete=models.CASCADE, related_name="ratings"
    )
    pool = models.CharField(_("format"), max_length=10, choices=Pool.choices)
    mu = models.FloatField(_("skill"))
    sigma = models.FloatField(_("uncertainty"))
    games = models.PositiveIntegerField(_("rated games"), default=0)
    updated_at = models.DateTimeField(_("last rated game"), null=True, blank=True)

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [models.UniqueConstraint(fields=["user", "pool"], name="rating_once_per_pool")]
        indexes = [models.Index(fields=["pool", "updated_at"], name="rating_active_idx")]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.pool}: {self.mu:.2f} ± {self.sigma:.2f}"


class RatingChange(models.Model):
    """What one rated game did to one player's rating: the history the
    profile draws, and what the finished table and e-mail show. `counted`
    is False for a loss on time after another within a day (the rating
    stands as it was)."""

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("player"), on_delete=models.CASCADE, related_name="rating_changes"
    )
    pool = models.CharField(_("format"), max_length=10, choices=Pool.choices)
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    lost_on_time = models.BooleanField(default=False)
    counted = models.BooleanField(default=True)
    at = models.DateTimeField(_("at"))

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="rating_change_once")]
        indexes = [models.Index(fields=["user", "pool", "at"], name="rating_history_idx")]

    def __str__(self) -> str:
        return f"{self.user_id} in game {self.game_id}"


class League(models.Model):
    """A league the site runs by itself (Little Golem's kind): seasons of
    divisions, one above the other, in which every pair plays one 2-player
    game, all at once; the top two of a division go up one for the next
    season, the bottom two down one."""

    name = models.CharField(_("name"), max_length=80, unique=True)
    slug = models.SlugField(_("address"), max_length=40, unique=True)
    division_size = models.PositiveSmallIntegerField(
        _("players a division"), default=8, validators=[MinValueValidator(6), MaxValueValidator(10)]
    )
    season_days = models.PositiveSmallIntegerField(_("days a season"), default=60)
    break_days = models.PositiveSmallIntegerField(_("days between seasons"), default=7)
    timeouts_barred = models.PositiveSmallIntegerField(
        _("losses on time that bar"),
        default=3,
        help_text=_("League games lost on time after which no season takes the player."),
    )
    # The clock of every league game.
    clock_kind = models.CharField(_("clock"), max_length=10, choices=Game.ClockKind.choices, default="bank")
    turn_seconds = models.PositiveIntegerField(_("time per move (seconds)"), default=2 * 24 * 3600)
    bank_initial_seconds = models.PositiveIntegerField(_("time bank at the start (seconds)"), default=3 * 24 * 3600)
    bank_increment_seconds = models.PositiveIntegerField(_("time added after each move (seconds)"), default=24 * 3600)
    bank_cap_seconds = models.PositiveIntegerField(_("time bank at most (seconds)"), default=7 * 24 * 3600)
    weekends_off = models.BooleanField(_("weekends off"), default=False)
    vacation_allowed = models.BooleanField(
        _("vacation allowed"),
        default=True,
        help_text=_("Whether a player's vacation stops the clocks of league games."),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("league")
        verbose_name_plural = _("leagues")

    def __str__(self) -> str:
        return self.name


class Season(models.Model):
    class Status(models.TextChoices):
        SIGNUP = "signup", _("Open for sign-up")
        RUNNING = "running", _("In play")
        FINISHED = "finished", _("Finished")

    league = models.ForeignKey(League, verbose_name=_("league"), on_delete=models.CASCADE, related_name="seasons")
    number = models.PositiveSmallIntegerField(_("number"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.SIGNUP)
    starts_at = models.DateTimeField(_("starts at"))
    ends_at = models.DateTimeField(_("ends at"))

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        constraints = [models.UniqueConstraint(fields=["league", "number"], name="season_number_once")]

    def __str__(self) -> str:
        return f"{self.league} {self.number}"


class SeasonEntry(models.Model):
    """A player signed up for a season; once it starts, their division and,
    once it ends, their place in it and where that takes them."""

    class Move(models.TextChoices):
        UP = "up", _("Promoted")
        STAY = "stay", _("Stays")
        DOWN = "down", _("Relegated")

    season = models.ForeignKey(Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("player"), on_delete=models.CASCADE, related_name="+"
    )
    division = models.PositiveSmallIntegerField(_("division"), null=True, blank=True, help_text=_("1 is the top."))
    place = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)
    goes = models.CharField(_("next season"), max_length=4, choices=Move.choices, blank=True)
    signed_up_at = models.DateTimeField(_("signed up at"), auto_now_add=True)

    class Meta:
        verbose_name = _("season entry")
        verbose_name_plural = _("season entries")
        constraints = [models.UniqueConstraint(fields=["season", "user"], name="season_entry_once")]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.season_id}"


class LeagueGame(models.Model):
    """A game of a season's division."""

    season = models.ForeignKey(Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="games")
    division = models.PositiveSmallIntegerField(_("division"), help_text=_("1 is the top."))
    game = models.OneToOneField(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="league_game")

    class Meta:
        verbose_name = _("league game")
        verbose_name_plural = _("league games")

    def __str__(self) -> str:
        return f"{self.season} {self.division}: {self.game_id}"
