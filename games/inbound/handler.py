"""One stored message, handled once, in its own transaction: the checks of
games.inbound.safety, the sender against the token's player, then the
commands through games.services (door "email"), all or nothing. The reply
is written inside, as a row of the mail outbox, and sent by the outbox once
the transaction has committed (or by its sweep, with its retries)."""

import hashlib
import logging
import secrets
from datetime import timedelta

from allauth.account.models import EmailAddress
from django.db import DatabaseError, transaction
from django.utils import timezone

from games import refusals, selectors, services
from games.errors import GameError
from games.inbound import body, commands, replies, safety
from games.mail import message_ids, outbox, tokens
from games.models import AnswerKind, Game, InboundMessage, Move

log = logging.getLogger(__name__)
Outcome = InboundMessage.Outcome
CONFIRM_FOR = timedelta(days=1)
NOTICE_EVERY = timedelta(days=1)


def code_digest(code: str) -> str:
    return hashlib.sha256(code.lower().encode()).hexdigest()


def handle(message_pk: int) -> None:
    with transaction.atomic():
        row = InboundMessage.objects.select_for_update().get(pk=message_pk)
        if row.outcome != Outcome.PENDING:
            return
        try:
            with transaction.atomic():
                outgoing = _handle(row)
        except DatabaseError:
            raise  # the database, not the message: the row stays pending and the door retries
        except Exception:  # a bug must not make the MTA retry for ever: the row says what happened
            log.exception("inbound message %s", row.pk)
            row.outcome, row.detail, outgoing = Outcome.REJECTED, "internal_error", []
        row.save()
        answer = None
        if outgoing:  # at most one answer per message: an outbox row, written with the outcome it tells
            message, kind = outgoing[0]
            answer = outbox.written(message, kind=kind, game=row.game, user=row.user, answering=row)
    if answer is not None:
        outbox.deliver(answer.pk)


def _reject(row: InboundMessage, outcome: str, detail: str) -> list:
    row.outcome, row.detail = outcome, detail
    return []


def _handle(row: InboundMessage) -> list:
    message = body.parse_message(bytes(row.raw))
    reason = safety.automatic(message)
    if reason:
        return _reject(row, Outcome.IGNORED, reason)
    sender = safety.sender(message)
    if not sender:  # no one to answer, nor to warn: junk, counted among the ignored
        return _reject(row, Outcome.IGNORED, "no_sender")
    failed = safety.authentication_failed(message, sender.rpartition("@")[2])
    if failed:
        return _reject(row, Outcome.REJECTED, f"authentication_{failed}")
    limited = safety.rate_limited(row)
    if limited:
        return _reject(row, Outcome.REJECTED, limited)
    token = row.token
    if token is None:  # forged, tampered or missing: nobody to answer for sure
        return _reject(row, Outcome.REJECTED, "token_unknown")
    if not EmailAddress.objects.filter(user=token.user, email__iexact=sender, verified=True).exists():
        _reject(row, Outcome.REJECTED, "wrong_sender")
        return _mismatch_notice(row)
    thread = replies.Thread.of(message, sender)
    dead = tokens.why_dead(token)
    if dead:
        row.outcome, row.detail = Outcome.REFUSED, dead.code
        return [(replies.refused(thread, token, dead), AnswerKind.REPLY)]
    words = body.reply_text(message)
    try:
        cmds = commands.read(words.text, row.subject, quoted=words.quoted)
    except commands.Refused as refused:
        row.outcome, row.detail = Outcome.REFUSED, refused.error.code
        tried = [refused.line] if refused.line else []
        return [(replies.refused(thread, token, refused.error, tried=tried), AnswerKind.REPLY)]
    row.commands = [{"kind": c.kind, "text": c.text} for c in cmds]
    seen = message_ids.version_seen(safety.header(message, "In-Reply-To"), token.game_id)
    return [(_run(row, token, cmds, thread, seen), AnswerKind.REPLY)]


def _run(row: InboundMessage, token, cmds: list, thread, seen: int | None):
    """The commands in order, against the version the game had when the
    message arrived; one refusal undoes them all. A play in reply to an
    e-mail that showed a board changed since (`seen`: an earlier turn's
    e-mail) is refused as stale, as the web refuses one from an old page."""
    version, done, notes, over = row.game_version, [], [], False
    plays = any(c.kind == commands.MOVE and c.text != "draw" for c in cmds)
    if (
        seen is not None
        and seen < version
        and plays
        and selectors.board_changed_since(game_id=token.game_id, version=seen)
    ):
        version = seen
    try:
        with transaction.atomic():
            for command in cmds:
                if command.kind == commands.MOVE and over and command.text == "draw":
                    continue  # the play before it won: there is nothing left to draw for
                if command.kind == commands.MOVE:
                    version, over = _move(token, command.text, version)
                    done.append(command.text)
                elif command.kind == commands.HELP:
                    notes.append("help")
                elif command.kind == commands.RESIGN:
                    code = secrets.token_hex(4)
                    row.confirm_digest, row.confirm_version = code_digest(code), version  # after this reply's moves
                    notes.append(("confirm", code))
                elif command.kind == commands.CONFIRM:
                    # The code resigns the game as it was when asked for, as the web's
                    # confirmation page does: a move since then makes it stale.
                    asked_at = _confirm(row, token, command.text)
                    resignation = services.resign(
                        game_id=token.game_id, user=token.user, door=Move.Door.EMAIL, expected_version=asked_at
                    )
                    if resignation.resigned:
                        version, over = resignation.result.game.version, True
                        done.append("resign")
                    else:
                        notes.append(("team_asked", resignation.waiting_for))
    except GameError as exc:
        row.outcome, row.detail, row.confirm_digest = Outcome.REFUSED, exc.code, ""
        return replies.refused(thread, token, exc, tried=[command.written for command in cmds])
    row.outcome = Outcome.APPLIED if done else Outcome.ANSWERED
    row.detail = "; ".join(done)[:300]
    return replies.answered(thread, token, done=done, notes=notes)


def _move(token, text: str, version: int) -> tuple[int, bool]:
    """The game's version after the move, and whether the move ended the game."""
    result = services.move_submit(
        game_id=token.game_id, user=token.user, move=text, expected_version=version, door=Move.Door.EMAIL
    )
    return result.game.version, result.game.status != Game.Status.ACTIVE


def _confirm(row: InboundMessage, token, code: str) -> int:
    """Spend the resignation code; the game's version when it was asked for."""
    asked = (
        InboundMessage.objects.select_for_update()
        .filter(
            user=token.user,
            game=token.game,
            confirm_digest=code_digest(code),
            confirmed=False,
            received_at__gte=timezone.now() - CONFIRM_FOR,
        )
        .first()
    )
    if asked is None:
        raise refusals.RESIGN_CODE_UNKNOWN()
    asked.confirmed = True
    asked.save(update_fields=["confirmed"])
    return asked.confirm_version


def _mismatch_notice(row: InboundMessage) -> list:
    """The token's player hears that someone else used their address, at most once a day."""
    since = timezone.now() - NOTICE_EVERY
    told = InboundMessage.objects.filter(user=row.user, notice_sent_at__gte=since).exists()
    if told:
        return []
    row.notice_sent_at = timezone.now()  # told now: the outbox sends it
    return [(replies.mismatch_notice(row), AnswerKind.MISMATCH)]
