"""Each kind of e-mail as a message, rendered from the game as it is now and
from what the recipient may see. Templates: templates/emails/<kind>-subject.txt,
-body.txt and -body.html."""

from dataclasses import dataclass

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db.models import Prefetch
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from accounts.unsubscribe import unsubscribe_token
from games.articles import resolve
from games.describe import describe_move
from games.invitations import invitation_token
from games.leaderboards import change_in
from games.mail.board_text import board_as_text
from games.mail.mime import Message
from games.mail.tokens import address, for_emails
from games.mail.turn_news import News, news_for
from games.models import (
    SEAT_OFFERED,
    ChatMessage,
    Game,
    Invitation,
    ModerationAction,
    Notification,
    ResignationProposal,
    Seat,
)
from games.viewmodels.chat import note_of
from games.viewmodels.table import table_for


def absolute(path: str) -> str:
    return settings.SITE_URL + path


def _seat_of(game: Game, user) -> Seat | None:
    if user is None:
        return None
    return next((seat for seat in game.seats.all() if seat.user_id == user.pk), None)


def _table_context(game: Game, seat: Seat | None) -> dict:
    """The table as the page shows it to this seat, without its history, and the board as text."""
    table = table_for(game=game, seats=list(game.seats.all()), my_seat=seat, history=0)
    return {"table": table, "board_text": board_as_text(table.rows)}


def still_applies(notification: Notification, game: Game, seat: Seat | None) -> bool:
    """Turn and draw e-mails belong to one deadline: one queued for an earlier
    turn or draw window is dropped, even when the seat is to act again. A turn
    e-mail is also dropped for a player who came to the table meanwhile."""
    kind = Notification.Kind
    if notification.kind == kind.YOUR_TURN and game.status == Game.Status.PAUSED:
        # Paused on this turn (no move since it was queued): it goes, and says the game is paused.
        return seat is not None and game.turn_position == seat.position and notification.version == game.version
    if notification.kind in (kind.YOUR_TURN, kind.REMINDER):
        current = (
            game.status == Game.Status.ACTIVE
            and seat is not None
            and game.turn_position == seat.position
            and notification.deadline == game.turn_deadline
        )
        return current and (
            notification.kind == kind.REMINDER
            or not _seen_since(seat, notification.created_at)
            or not _has_moved(game, seat)
        )
    if notification.kind == kind.DRAW_WINDOW:
        return (
            game.status == Game.Status.ACTIVE
            and seat is not None
            and seat.draw_deadline is not None
            and notification.deadline == seat.draw_deadline
        )
    if notification.kind == kind.RESIGN_PROPOSED:
        return game.status == Game.Status.ACTIVE and _open_proposal(notification, game, seat) is not None
    if notification.kind == kind.CHAT_MENTION:  # a message a moderator hid since is told of no more
        return _mention(notification, game) is not None
    if notification.kind == kind.INVITATION:  # whether it is still pending: read once, in context_for
        return game.status == Game.Status.FORMING
    return True


def _seen_since(seat: Seat, turn_began) -> bool:
    """Whether the player had the table open after their turn began: they
    know it is their turn without an e-mail (a reminder still goes)."""
    return seat.last_seen_at is not None and seat.last_seen_at > turn_began


def _has_moved(game: Game, seat: Seat) -> bool:
    """A player's first turn e-mail goes whatever they saw: taking the last
    seat in the browser shows the table, and they would have nothing to reply to."""
    return game.moves.filter(seat=seat.position).exists()


def _invitation(notification: Notification) -> Invitation | None:
    invitations = Invitation.objects.filter(game=notification.game, status=Invitation.Status.PENDING)
    if notification.recipient_id:
        return invitations.filter(user=notification.recipient).first()
    return invitations.filter(email=notification.to_email).first()


def games_of(notifications: list[Notification]) -> dict[int, Game]:
    """The games of these outbox rows with their seats and players: two queries for a whole batch."""
    seats = Prefetch("seats", queryset=Seat.objects.select_related("user"))  # the chat's visibility reads the user
    return Game.objects.prefetch_related(seats).in_bulk({notification.game_id for notification in notifications})


@dataclass
class Prepared:
    """What the e-mails of a batch need besides their games, loaded for the
    whole batch at once: the turn e-mails' news (per game) and the reply
    addresses (per outbox row), each a new token row."""

    news: dict[int, News]
    reply_addresses: dict[int, str]


def prepare(notifications: list[Notification], games: dict[int, Game]) -> Prepared:
    """Four queries at most, whatever the number of rows: only for the rows
    that still apply among those that ask the player to act."""
    turns, repliers = {}, []
    for notification in notifications:
        game = games[notification.game_id]
        seat = _seat_of(game, notification.recipient)
        if notification.kind not in ACTION_KINDS or not still_applies(notification, game, seat):
            continue
        if notification.kind == Notification.Kind.YOUR_TURN:
            turns[game.pk] = (game, seat)  # only the seat to move: one a game
        if _asks_for_reply(notification, game, seat):
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
    recipient = notification.recipient
    seat = _seat_of(game, recipient)
    if not still_applies(notification, game, seat):
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
        context.update(_table_context(game, seat))
        context.update(_reply_context(notification, prepared, context["table"].actions.texts))
    kind = Notification.Kind
    if notification.kind == kind.INVITATION:
        invitation = _invitation(notification)  # once: the invitee may accept while this is built
        if invitation is None:
            return None
        context["invitation"] = invitation
        context["invitation_url"] = absolute(reverse("invitation", args=[invitation_token(invitation)]))
    elif notification.kind == kind.DRAW_WINDOW:
        context["draw_url"] = absolute(reverse("game_draw", args=[game.pk]))
        context["deadline"] = seat.draw_deadline
    elif notification.kind in (kind.YOUR_TURN, kind.REMINDER):
        context["deadline"] = game.turn_deadline
        if notification.kind == kind.YOUR_TURN:
            news = prepared.news[game.pk]
            context.update(recap=news.recap(game, seat), new_messages=news.messages)
    elif notification.kind == kind.MISSED:
        move = game.moves.filter(seq=notification.version).first()
        events = move.events if move else []
        context["missed_draw"] = any(e["type"] == "draw_lost" and seat and e["seat"] == seat.position for e in events)
        names = {s.position: s.name for s in game.seats.all()}
        you = seat.position if seat else None  # "you lost a draw", to the one who lost it
        context["words"] = (
            describe_move(seat_names=names, seat=move.seat, text=move.text, events=events, you=you) if move else ""
        )
    elif notification.kind == kind.MODERATION:
        action = ModerationAction.objects.filter(game=game, number=notification.variant).first()
        if action is None:
            return None
        context.update(action=action, note=note_of(action))
    elif notification.kind == kind.SEAT_OPENED:
        offered = notification.variant == SEAT_OFFERED
        if offered and (seat is None or seat.open_since is None):  # they came back, or it was taken
            return None
        context["taken_by"] = None if offered else _taker(game, notification.variant - 1)
        context["missed"] = game.concede_after
        context["lobby_url"] = absolute(reverse("open_games"))
    elif notification.kind == kind.CHAT_MENTION:
        message = _mention(notification, game)
        context.update(
            author=message.name, message=message.text, chat_url=absolute(reverse("game", args=[game.pk]) + "#chat")
        )
    elif notification.kind == kind.VACATION_SPENT:
        context["deadline"] = game.turn_deadline if game.status == Game.Status.ACTIVE else None
    elif notification.kind == kind.GAME_OVER:
        context["replay_url"] = absolute(reverse("game_replay", args=[game.pk]))
        context["rating_change"] = change_in(game, recipient) if recipient else None
    elif notification.kind == kind.RESIGN_PROPOSED:
        proposal = _open_proposal(notification, game, seat)
        if proposal is None:
            return None
        names = {s.position: s.name for s in game.seats.all()}
        context.update(
            proposer=names[proposal.proposed_by],
            expires_at=proposal.expires_at,
            resign_url=absolute(reverse("game_resign", args=[game.pk])),
        )
    elif notification.kind == kind.INVITATION_ANSWERED:
        context["answer"] = _answer(notification)
        if context["answer"] is None:  # the invitee's account is gone, and the invitation with it
            return None
        context["waiting"] = [i.shown_as for i in game.invitations.filter(status=Invitation.Status.PENDING)]
    return context


# E-mails that ask the player to act carry a reply address: a reply is a move (games/inbound).
ACTION_KINDS = {
    Notification.Kind.YOUR_TURN,
    Notification.Kind.REMINDER,
    Notification.Kind.DRAW_WINDOW,
    Notification.Kind.MISSED,
    Notification.Kind.RESIGN_PROPOSED,
}


def _asks_for_reply(notification: Notification, game: Game, seat: Seat | None) -> bool:
    if notification.kind not in ACTION_KINDS or seat is None or game.status != Game.Status.ACTIVE:
        return False
    # A lost draw or a skipped turn asks for a move only when one is due now.
    due = game.turn_position == seat.position or seat.draw_deadline is not None
    return notification.kind != Notification.Kind.MISSED or due


def _reply_context(notification: Notification, prepared: Prepared, moves: list[str]) -> dict:
    if notification.pk not in prepared.reply_addresses:
        return {}
    if notification.kind == Notification.Kind.DRAW_WINDOW:
        example = "draw"
    elif notification.kind == Notification.Kind.RESIGN_PROPOSED:
        example = "resign"
    else:
        example = next((m for m in moves if not m.startswith(("pass", "resign", "J"))), "7H C4")
    return {"reply_address": prepared.reply_addresses[notification.pk], "reply_example": example}


def _open_proposal(notification: Notification, game: Game, seat: Seat | None) -> ResignationProposal | None:
    """The variant-th resignation proposal of the game, while it is open and
    waits for this seat's agreement."""
    if seat is None:
        return None
    proposal = game.resignations.order_by("pk")[notification.variant - 1 : notification.variant].first()
    if proposal is None or proposal.status != ResignationProposal.Status.OPEN or proposal.expires_at <= timezone.now():
        return None
    return None if seat.position in proposal.agreed else proposal


def _mention(notification: Notification, game: Game) -> ChatMessage | None:
    """The variant-th message of the game's chat, unless a moderator hid it."""
    message = game.chat_messages.order_by("pk")[notification.variant - 1 : notification.variant].first()
    return message if message is not None and message.hidden_at is None else None


def _taker(game: Game, position: int) -> str:
    return next((seat.name for seat in game.seats.all() if seat.position == position), "")


def _answer(notification: Notification) -> Invitation | None:
    """The invitation whose answer this is: the variant-th answered, in the order answered."""
    answered = notification.game.invitations.filter(answered_at__isnull=False).order_by("answered_at", "pk")
    return answered.select_related("user")[notification.variant - 1 : notification.variant].first()


def language_of(recipient) -> str:
    """The recipient's language, whoever caused the e-mail; someone without an account gets the site's default."""
    return (recipient.language if recipient else "") or settings.LANGUAGE_CODE


def build(
    notification: Notification, game: Game | None = None, prepared: Prepared | None = None
) -> EmailMultiAlternatives | None:
    """The message for one outbox row, in the recipient's language and time
    zone; `game` and `prepared` as for `context_for`."""
    recipient = notification.recipient
    zone = recipient.time_zone if recipient else "UTC"
    with timezone.override(zone), translation.override(language_of(recipient)):
        context = context_for(notification, game, prepared)
        if context is None:
            return None
        return _message(
            notification.kind, context, to=notification.to_email, user=recipient, reply_to=context.get("reply_address")
        )


def _message(kind: str, context: dict, *, to: str, user, reply_to: str | None = None) -> EmailMultiAlternatives:
    token = unsubscribe_token(kind=kind, user=user, email=to)
    unsubscribe_url = absolute(reverse("unsubscribe", args=[token]))
    context = {**context, "unsubscribe_url": unsubscribe_url}
    subject = resolve(" ".join(render_to_string(f"emails/{kind}-subject.txt", context).split()))
    message = Message(
        subject=subject,
        body=resolve(render_to_string(f"emails/{kind}-body.txt", context)),
        to=[to],
        reply_to=[reply_to] if reply_to else [],
        headers={"List-Unsubscribe": f"<{unsubscribe_url}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
    )
    message.attach_alternative(resolve(render_to_string(f"emails/{kind}-body.html", context)), "text/html")
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
        return _message("digest", context, to=recipient.email, user=recipient, reply_to=reply_to)
