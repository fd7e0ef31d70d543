"""The answer to every message handled: threaded (In-Reply-To, References),
marked as automatic (Auto-Submitted: auto-replied, so that no robot answers
it), with the table as the player sees it now, their hand, whose turn it
is and the moves they can make; a new reply address while the game runs."""

import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass
from email.message import EmailMessage

from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext

from games.articles import resolve
from games.errors import GameError
from games.inbound import safety, words
from games.mail import message_ids, tokens
from games.mail.board_text import board_as_text
from games.mail.emails import language_of
from games.mail.mime import Message
from games.models import Game, InboundMessage, ReplyToken
from games.viewmodels.table import table_for


@dataclass
class Thread:
    to: str
    subject: str
    message_id: str
    references: str

    @classmethod
    def of(cls, message: EmailMessage, sender: str) -> "Thread":
        message_id = " ".join(safety.header(message, "Message-ID").split())[:300]
        references = " ".join(safety.header(message, "References").split()[-10:])
        subject = " ".join(safety.header(message, "Subject").split())[:200]
        if subject and not subject.lower().startswith("re:"):
            subject = f"Re: {subject}"
        return cls(to=sender, subject=subject, message_id=message_id, references=f"{references} {message_id}".strip())


@contextmanager
def _as_read_by(user):
    """A reply is in its reader's language and time zone, like every e-mail."""
    with timezone.override(user.time_zone or "UTC"), translation.override(language_of(user)):
        yield


def _table(token: ReplyToken) -> dict:
    game = Game.objects.prefetch_related("seats").get(pk=token.game_id)
    seats = list(game.seats.all())
    seat = next((s for s in seats if s.user_id == token.user_id), None)
    context = {
        "game": game,
        "seat": seat,
        "game_url": settings.SITE_URL + reverse("game", args=[game.pk]),
        "rules_url": settings.SITE_URL + reverse("rules"),
    }
    if game.state is not None:
        table = table_for(game=game, seats=seats, my_seat=seat, history=0)
        result = table.view["result"]
        mine = next((row for row in table.seats if row.is_me), None)
        won = bool(result and mine and result["winner"] == mine.team)
        context.update(table=table, board_text=board_as_text(table.rows), won=won)
    return context


def _message(thread: Thread, token: ReplyToken, context: dict) -> Message:
    language = translation.get_language()
    suit_words = words.SUIT_WORDS.get(language, words.SUIT_WORDS["en"])
    context = {
        **_table(token),
        **context,
        "suit_words": list(suit_words),
        "local_commands": words.local_commands(language),
    }
    headers = {"Auto-Submitted": "auto-replied"}
    if thread.message_id:
        headers.update({"In-Reply-To": thread.message_id, "References": thread.references})
    game = context["game"]
    reply_to = []
    if game.status == Game.Status.ACTIVE and context["seat"] is not None:
        reply_to = [tokens.reply_address(user=token.user, game=game)]
        # The answer shows the board too: a reply to it says which version its player saw.
        headers["Message-ID"] = message_ids.for_game(game.pk, game.version)
    return Message(
        subject=resolve(thread.subject or gettext("Re: your move")),
        body=resolve(render_to_string("emails/inbound_reply-body.txt", context)),
        to=[thread.to],
        reply_to=reply_to,
        headers=headers,
    )


def refused(thread: Thread, token: ReplyToken, error: GameError, tried: list[str] = ()) -> Message:
    with _as_read_by(token.user):
        return _message(thread, token, {"error": _quotable(str(error)), "tried": [_quotable(line) for line in tried]})


def _quotable(text: str) -> str:
    """What the player wrote, as an answer may quote it: a control character
    (a NUL, which a database stores in no text) as the replacement character."""
    return "".join("\ufffd" if unicodedata.category(c) == "Cc" and c not in "\n\t" else c for c in text)


def answered(thread: Thread, token: ReplyToken, *, done: list[str], notes: list) -> Message:
    noted = dict(note for note in notes if isinstance(note, tuple))
    context = {
        "done": [move for move in done if move != "resign"],  # moves, as written: the same in every language
        "resigned": "resign" in done,  # said in a sentence of its own
        "help": "help" in notes,
        "confirm_code": noted.get("confirm"),
    }
    with _as_read_by(token.user):
        return _message(thread, token, {**context, "team_asked": noted.get("team_asked")})


def mismatch_notice(row: InboundMessage) -> Message:
    """To the token's player: someone else wrote to their reply address."""
    context = {
        "sender": row.sender,
        "game": row.game,
        "settings_url": settings.SITE_URL + reverse("account_settings"),
        "rules_url": settings.SITE_URL + reverse("rules"),
    }
    with _as_read_by(row.user):
        return Message(
            subject=resolve(
                gettext("A reply to game %(game)s from another address was refused") % {"game": row.game_id}
            ),
            body=resolve(render_to_string("emails/inbound_mismatch-body.txt", context)),
            to=[row.user.email],
            headers={"Auto-Submitted": "auto-generated"},
        )
