"""Read one e-mail (RFC 822) on standard input and handle it: the door for
an MTA's pipe transport (see the README, "Moves by e-mail").

Exit 0 when the message was handled, also when it was refused or ignored;
75 (EX_TEMPFAIL) when the database cannot be reached, so that the MTA
keeps the message and tries again."""

import sys

from django.core.management.base import BaseCommand
from django.db import DatabaseError, InterfaceError, OperationalError

from games.inbound import intake
from games.models import InboundMessage

EX_TEMPFAIL = 75


class Command(BaseCommand):
    help = "Handle one e-mail read on standard input (for an MTA pipe)."

    def add_arguments(self, parser):
        parser.add_argument("--recipient", action="append", default=[], help="The envelope recipient (repeatable).")
        parser.add_argument("--pending", action="store_true", help="Handle the messages a crash left unhandled.")

    def handle(self, *args, recipient, pending, **options):
        try:
            if pending:
                self.stdout.write(f"{intake.handle_pending()} pending message(s) handled")
                return
            raw = sys.stdin.buffer.read()
            row = intake.receive(raw, door=InboundMessage.Door.PIPE, recipients=recipient)
        except (OperationalError, InterfaceError) as exc:
            self.stderr.write(f"The database is unavailable ({exc}): try again later.")
            sys.exit(EX_TEMPFAIL)
        except DatabaseError as exc:  # e.g. a lock that did not clear in time
            self.stderr.write(f"Database error ({exc}): try again later.")
            sys.exit(EX_TEMPFAIL)
        self.stdout.write(f"{row.get_outcome_display()}: {row.detail}")
