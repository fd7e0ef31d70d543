"""Prints a game's sequence-record/1 document (it holds the deck order)."""

import json

from django.core.management.base import BaseCommand, CommandError

from games.errors import GameError
from games.models import Game
from games.services import game_export


class Command(BaseCommand):
    help = "Print the sequence-record/1 record of a game, for `python -m games.engine replay`."

    def add_arguments(self, parser):
        parser.add_argument("game_id", type=int)

    def handle(self, *args, game_id, **options):
        try:
            game = Game.objects.get(pk=game_id)
            document = game_export(game=game)
        except Game.DoesNotExist:
            raise CommandError(f"There is no game {game_id}.") from None
        except GameError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(json.dumps(document, indent=1, ensure_ascii=False))
