"""Stores a sequence-record/1 document as a finished game, for the replay viewer."""

import json
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from games.errors import GameError
from games.services import game_import


class Command(BaseCommand):
    help = "Import a sequence-record/1 file as a finished game (players are matched to users by name)."

    def add_arguments(self, parser):
        parser.add_argument("record", help="path to the record")
        parser.add_argument("--by", default=None, help="username recorded as the importer")

    def handle(self, *args, record, by, **options):
        try:
            document = json.loads(Path(record).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise CommandError(f"Cannot read {record}: {exc}") from None
        importer = get_user_model().objects.filter(username=by).first() if by else None
        try:
            game = game_import(document=document, imported_by=importer)
        except GameError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"Imported as game {game.pk} ({game.version} moves).")
