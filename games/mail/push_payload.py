"""What a push says: a sentence in the player's language and the game's
address, never more than the player's own page shows (no hand, no card).
The sentences are the e-mails' subjects, so they are translated once."""

import json

from django.conf import settings
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.timesince import timeuntil
from django.utils.translation import gettext

from games import words
from games.articles import resolve
from games.mail.emails import language_of
from games.models import Game, Notification, ResignationProposal, Seat

Kind = Notification.Kind


def payload_for(notification: Notification, game: Game, seat: Seat | None) -> bytes:
    """The push's JSON (what static/sw.js shows), as sent."""
    recipient = notification.recipient
    with timezone.override(recipient.time_zone or "UTC"), translation.override(language_of(recipient)):
        text = {
            "title": resolve(_sentence(notification, game)),
            "body": gettext("Open the game"),
            "url": settings.SITE_URL + reverse("game", args=[game.pk]),
            "tag": f"game-{game.pk}",  # a newer notice of the same game replaces the older on the device
        }
    return json.dumps(text, ensure_ascii=False).encode()


def _sentence(notification: Notification, game: Game) -> str:
    number, deadline = game.pk, notification.deadline
    left = timeuntil(deadline) if deadline else ""
    if notification.kind == Kind.YOUR_TURN:
        if deadline:
            return gettext("Your turn in game %(number)s — %(left)s left") % {"number": number, "left": left}
        return gettext("Your turn in game %(number)s") % {"number": number}
    if notification.kind == Kind.REMINDER:
        return gettext("Reminder: your move in game %(number)s, %(left)s left") % {"number": number, "left": left}
    if notification.kind == Kind.DRAW_WINDOW:
        if deadline:
            return gettext("Take your draw in game %(number)s — %(left)s left") % {"number": number, "left": left}
        return gettext("Take your draw in game %(number)s") % {"number": number}
    if notification.kind == Kind.GAME_OVER:
        if game.winner:
            return gettext("Game %(number)s is over: %(team)s wins") % {
                "number": number,
                "team": words.team(game.winner),
            }
        return gettext("Game %(number)s is over: a draw") % {"number": number}
    if notification.kind == Kind.CHAT_MENTION:
        author = game.chat_messages.order_by("pk")[notification.variant - 1 : notification.variant].first()
        return gettext("%(player)s names you in the chat of game %(number)s") % {
            "player": author.name if author else "",
            "number": number,
        }
    proposal = game.resignations.order_by("pk")[notification.variant - 1 : notification.variant].first()
    names = {s.position: s.name for s in game.seats.all()}
    player = names.get(proposal.proposed_by, "") if isinstance(proposal, ResignationProposal) else ""
    return gettext("%(player)s proposes that your team resigns game %(number)s") % {"player": player, "number": number}
