"""An outbox row as a message: the context every kind of e-mail shares, its
kind's own (games.mail.kinds), rendered from the game as it is now and from
what the recipient may see, in the recipient's language and time zone."""

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db.models import Prefetch
from django.urls import reverse
from django.utils import timezone, translation

from accounts.unsubscribe import unsubscribe_token
from games import engine
from games.articles import resolve
from games.mail import message_ids
from games.mail.board_text import board_as_text
from games.mail.kinds import kind_of
from games.mail.kinds.base import Prepared, Templates, absolute
from games.mail.mime import Message, from_written
from games.mail.tokens import address, for_emails
from games.mail.turn_news import news_for
from games.models import Game, Notification, Seat
from games.viewmodels.table import table_for


def _seat_of(game: Game, user) -> Seat | None:
    if user is None:
        return None
    return next((seat for seat in game.seats.all() if seat.user_id == user.pk), None)


def _table(game: Game, seat: Seat | None):
    """The table as the page shows it to this seat, without its history."""
    return table_for(game=game, seats=list(game.seats.all()), my_seat=seat, history=0)


def still_applies(notification: Notification, game: Game, seat: Seat | None) -> bool:
    """Whether the notice still applies, by its kind's rule (games.mail.kinds)."""
    return kind_of(notification).applies(notification, game, seat)


def games_of(notifications: list[Notification]) -> dict[int, Game]:
    """The games of these outbox rows with their seats and players: two queries for a whole batch."""
    seats = Prefetch("seats", queryset=Seat.objects.select_related("user"))  # the chat's visibility reads the user
    return Game.objects.prefetch_related(seats).in_bulk({notification.game_id for notification in notifications})


def prepare(notifications: list[Notification], games: dict[int, Game]) -> Prepared:
    """Four queries at most, whatever the number of rows: only for the rows
    that still apply among those that ask the player to act."""
    turns, repliers = {}, []
    for notification in notifications:
        game, kind = games[notification.game_id], kind_of(notification)
        seat = _seat_of(game, notification.recipient)
        if not kind.asks_to_act or not kind.applies(notification, game, seat):
            continue
        if kind.wants_news:
            turns[game.pk] = (game, seat)  # only the seat to move: one a game
        if kind.asks_for_reply(game, seat):
            repliers.append(notification)
    tokens = for_emails(repliers)
    return Prepared(
        news=news_for(list(turns.values())),
        reply_addresses={notification.pk: address(token) for notification, token in zip(repliers, tokens, strict=True)},
    )


def context_for(notification: Notification, game: Game | None = None, prepared: Prepared | None = None) -> dict | None:
    """Everything the templates need, or None when the e-mail no longer
    applies. `game`: the notification's game with its seats, and `prepared`:
    what `prepare` loaded for its batch, if loaded."""
    game = game or games_of([notification])[notification.game_id]
    recipient, kind = notification.recipient, kind_of(notification)
    seat = _seat_of(game, recipient)
    if not kind.applies(notification, game, seat):
        return None
    prepared = prepared or prepare([notification], {game.pk: game})
    context = {
        "notification": notification,
        "recipient": recipient,
        "name": recipient.username if recipient else notification.to_email,
        "game": game,
        "seat": seat,
        "game_url": absolute(reverse("game", args=[game.pk])),
        "site_url": settings.SITE_URL,
        "settings_url": absolute(reverse("account_settings")),
    }
    if game.state is not None:
        context["table"] = _table(game, seat)
        if notification.pk in prepared.reply_addresses:
            context["reply_address"] = prepared.reply_addresses[notification.pk]
            context["reply_example"] = _with_the_draw(game, kind.reply_example(context["table"].actions.texts))
    own = kind.context(notification, game, seat, prepared)
    if own is None:
        return None
    if "table" in context:  # the turn e-mail's board marks what changed since the reader's last play
        changed = own["recap"].changed if "recap" in own else None
        context["board_text"] = board_as_text(context["table"].rows, changed=changed)
    return {**context, **own}


def language_of(recipient) -> str:
    """The recipient's language, whoever caused the e-mail; someone without an account gets the site's default."""
    return (recipient.language if recipient else "") or settings.LANGUAGE_CODE


def build(
    notification: Notification, game: Game | None = None, prepared: Prepared | None = None
) -> EmailMultiAlternatives | None:
    """The message for one outbox row, in the recipient's language and time
    zone; `game` and `prepared` as for `context_for`. A message written
    when owed is sent as written."""
    if kind_of(notification).written:
        return from_written(notification.message)
    recipient = notification.recipient
    zone = recipient.time_zone if recipient else "UTC"
    with timezone.override(zone), translation.override(language_of(recipient)):
        context = context_for(notification, game, prepared)
        if context is None:
            return None
        message = _message(
            notification.kind,
            kind_of(notification).templates,
            context,
            to=notification.to_email,
            user=recipient,
            reply_to=context.get("reply_address"),
        )
    if "reply_address" in context:  # a reply to it may be a move: it names the position it showed
        message.extra_headers["Message-ID"] = message_ids.for_game(context["game"].pk, context["game"].version)
    return message


def _message(
    kind: str, templates: Templates, context: dict, *, to: str, user, reply_to: str | None = None
) -> EmailMultiAlternatives:
    # An address without an account gets only invitations and their sequels; its link stops them all (EmailOptOut).
    token = unsubscribe_token(kind=kind if user is not None else Notification.Kind.INVITATION, user=user, email=to)
    unsubscribe_url = absolute(reverse("unsubscribe", args=[token]))
    context = {**context, "unsubscribe_url": unsubscribe_url}
    message = Message(
        subject=resolve(" ".join(templates.subject(context).split())),  # one line, however it was written
        body=resolve(templates.text(context)),
        to=[to],
        reply_to=[reply_to] if reply_to else [],
        headers={"List-Unsubscribe": f"<{unsubscribe_url}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
    )
    message.attach_alternative(resolve(templates.html(context)), "text/html")
    return message


def build_digest(*, recipient, notifications: list[Notification]) -> EmailMultiAlternatives | None:
    """One e-mail for the day's waiting notifications that still apply."""
    with timezone.override(recipient.time_zone), translation.override(language_of(recipient)):
        items, listed, games = [], set(), games_of(notifications)
        prepared = prepare(notifications, games)
        for notification in notifications:
            context = context_for(notification, games[notification.game_id], prepared)
            # Each line shows the game as it is now: two turns of one game waiting are one line.
            if context is not None and (notification.game_id, notification.kind) not in listed:
                listed.add((notification.game_id, notification.kind))
                items.append(context)
        if not items:
            return None
        games = {item["game"].pk for item in items}
        context = {
            "recipient": recipient,
            "items": items,
            "game_count": len(games),
            "home_url": absolute(reverse("home")),
            "settings_url": absolute(reverse("account_settings")),
            "site_url": settings.SITE_URL,
        }
        # One game to act in: replying to the digest is a move there.
        addresses = {item["reply_address"] for item in items if "reply_address" in item}
        reply_to = addresses.pop() if len(addresses) == 1 else None
        return _message("digest", Templates("digest"), context, to=recipient.email, user=recipient, reply_to=reply_to)


def _with_the_draw(game: Game, example: str) -> str:
    """At a tabletop game the example reply takes the draw too ("8D H4, draw"): a
    reply with the play alone leaves the draw open, and its card is lost if not taken in time."""
    if game.draw_mode == Game.DrawMode.TABLETOP and engine.parse_move(example).kind in ("play", "remove"):
        return f"{example}, draw"
    return example
