"""Read one e-mail (RFC 822) on standard input and handle it: the door for
an MTA's pipe transport (deploy/postfix/, and the README's "Moves by e-mail").

The contract with the MTA: exit 0 once the message's outcome is stored
(refused, ignored and repeated messages included; whatever fails after
that, such as queuing the e-mails a move made due, is logged and left to
the outbox sweep), and 75 (EX_TEMPFAIL) when the database could not be
reached, so that the MTA keeps the message and tries again (a message
acts once, so a retry of one already handled does nothing). What is
written here ends up in the MTA's log and bounce texts, so it is one line:
the outcome, then what was logged meanwhile (without tracebacks)."""

import logging
import sys
from contextlib import contextmanager

from django.core.management.base import BaseCommand
from django.db import DatabaseError, InterfaceError, OperationalError

from games.inbound import intake
from games.models import InboundMessage

EX_TEMPFAIL = 75


class _Collected(logging.Handler):
    """The warnings and errors logged while a message is handled, one line each."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.lines = []

    def emit(self, record):
        error = record.exc_info[1] if record.exc_info else None
        self.lines.append(record.getMessage() + (f" ({type(error).__name__}: {error})" if error else ""))


@contextmanager
def _one_line(write):
    """What the block says (its `say`), then what was logged meanwhile, as one line to `write`."""
    root = logging.getLogger()
    said, collected, handlers = [], _Collected(), root.handlers[:]
    root.handlers[:] = [collected]
    try:
        yield said.append
    finally:
        root.handlers[:] = handlers
        write(" | ".join(said + collected.lines).replace("\n", " "))


class Command(BaseCommand):
    help = "Handle one e-mail read on standard input (for an MTA pipe)."

    def add_arguments(self, parser):
        # Postfix expands ${original_recipient} to one word per recipient.
        parser.add_argument(
            "--recipient", action="extend", nargs="+", default=[], help="The envelope recipient(s) (repeatable)."
        )
        parser.add_argument("--pending", action="store_true", help="Handle the messages a crash left unhandled.")

    def handle(self, *args, recipient, pending, **options):
        if pending:
            self.stdout.write(f"{intake.handle_pending()} pending message(s) handled")
            return
        raw = sys.stdin.buffer.read()
        with _one_line(self.stdout.write) as say:
            try:
                row, acted = intake.deliver(raw, door=InboundMessage.Door.PIPE, recipients=recipient)
            except (OperationalError, InterfaceError) as exc:
                say(f"The database is unavailable ({exc}): try again later.")
                sys.exit(EX_TEMPFAIL)
            except DatabaseError as exc:  # e.g. a lock that did not clear in time
                say(f"Database error ({exc}): try again later.")
                sys.exit(EX_TEMPFAIL)
            if acted:
                say(f"Message {row.pk}: {row.get_outcome_display()}: {row.detail}")
            else:
                say(f"Message {row.pk} was received before (same Message-ID): nothing done.")
