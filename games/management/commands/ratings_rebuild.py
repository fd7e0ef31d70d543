"""Recompute every rating from the finished games, oldest first (the same
result as rating each game as it finished): after a rule of rating changed,
or to check the stored ratings."""

from django.core.management.base import BaseCommand

from games import services


class Command(BaseCommand):
    help = "Recompute all ratings from the finished games, in the order they finished."

    def handle(self, *args, **options):
        rated = services.ratings_rebuild()
        self.stdout.write(f"{rated} rated games replayed.\n")
