"""The e-mails of a player's turn: it is their turn, a reminder before it
runs out, their draw window, a draw lost or a turn skipped, a vacation day
spent for it. Each belongs to one deadline: one queued for an earlier turn
or draw window is dropped, even when the seat is to act again."""

from django.urls import reverse

from games.describe import describe_move
from games.mail.kinds.base import MailKind, Prepared, absolute
from games.mail.kinds.turn_bodies import TurnBodies
from games.models import Game, Notification, Seat

Kind = Notification.Kind


def _on_this_turn(notification: Notification, game: Game, seat: Seat | None) -> bool:
    return (
        game.status == Game.Status.ACTIVE
        and seat is not None
        and game.turn_position == seat.position
        and notification.deadline == game.turn_deadline
    )


class YourTurn(MailKind):
    kind = Kind.YOUR_TURN
    asks_to_act = True
    wants_news = True
    templates = TurnBodies()  # written in Python: it is sent on every move

    def applies(self, notification, game, seat):
        if game.status == Game.Status.PAUSED:
            # Paused on this turn (no move since it was queued): it goes, and says the game is paused.
            return seat is not None and game.turn_position == seat.position and notification.version == game.version
        # Dropped for a player who came to the table meanwhile.
        return _on_this_turn(notification, game, seat) and (
            not _seen_since(seat, notification.created_at) or not _has_moved(game, seat)
        )

    def context(self, notification, game, seat, prepared: Prepared):
        news = prepared.news[game.pk]
        return {"deadline": game.turn_deadline, "recap": news.recap(game, seat), "new_messages": news.messages}


def _seen_since(seat: Seat, turn_began) -> bool:
    """Whether the player had the table open after their turn began: they
    know it is their turn without an e-mail (a reminder still goes)."""
    return seat.last_seen_at is not None and seat.last_seen_at > turn_began


def _has_moved(game: Game, seat: Seat) -> bool:
    """A player's first turn e-mail goes whatever they saw: taking the last
    seat in the browser shows the table, and they would have nothing to reply to."""
    return game.moves.filter(seat=seat.position).exists()


class Reminder(MailKind):
    kind = Kind.REMINDER
    asks_to_act = True

    def applies(self, notification, game, seat):
        return _on_this_turn(notification, game, seat)

    def context(self, notification, game, seat, prepared):
        return {"deadline": game.turn_deadline}


class DrawWindow(MailKind):
    kind = Kind.DRAW_WINDOW
    asks_to_act = True

    def reply_example(self, moves):
        return "draw"

    def applies(self, notification, game, seat):
        return (
            game.status == Game.Status.ACTIVE
            and seat is not None
            and seat.draw_deadline is not None
            and notification.deadline == seat.draw_deadline
        )

    def context(self, notification, game, seat, prepared):
        return {"draw_url": absolute(reverse("game_draw", args=[game.pk])), "deadline": seat.draw_deadline}


class Missed(MailKind):
    """A draw lost or a turn skipped (the move of the notice's version)."""

    kind = Kind.MISSED
    asks_to_act = True

    def context(self, notification, game, seat, prepared):
        move = game.moves.filter(seq=notification.version).first()
        events = move.events if move else []
        names = {s.position: s.name for s in game.seats.all()}
        you = seat.position if seat else None  # "you lost a draw", to the one who lost it
        return {
            "missed_draw": any(e["type"] == "draw_lost" and seat and e["seat"] == seat.position for e in events),
            "words": describe_move(seat_names=names, seat=move.seat, text=move.text, events=events, you=you)
            if move
            else "",
        }

    def asks_for_reply(self, game, seat):
        # It asks for a move only when one is due now.
        due = seat is not None and (game.turn_position == seat.position or seat.draw_deadline is not None)
        return super().asks_for_reply(game, seat) and due


class VacationSpent(MailKind):
    kind = Kind.VACATION_SPENT

    def context(self, notification, game, seat, prepared):
        return {"deadline": game.turn_deadline if game.status == Game.Status.ACTIVE else None}
