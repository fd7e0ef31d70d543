"""Replays every started game's move log and checks it against the stored
snapshot and hands. Exits 1 when any game disagrees."""

import sys

from django.core.management.base import BaseCommand

from games.models import Game
from games.services import game_verify


class Command(BaseCommand):
    help = "Prove that every game's move log replays to its stored state and hands."

    def add_arguments(self, parser):
        parser.add_argument("game_ids", nargs="*", type=int, help="only these games (default: all started games)")

    def handle(self, *args, game_ids, **options):
        games = Game.objects.exclude(state=None).order_by("pk")
        if game_ids:
            games = games.filter(pk__in=game_ids)
        checked = broken = 0
        for game in games.iterator(chunk_size=200):
            checked += 1
            problems = game_verify(game=game)
            if problems:
                broken += 1
                self.stderr.write(f"game {game.pk}: " + "; ".join(problems))
        self.stdout.write(f"{checked} games checked, {broken} with problems")
        if broken:
            sys.exit(1)
