"""The lines of "my games" read three ways, in process, best of N, with the
load average before and after (#21: what replaced games/prepared.py).

    VAR_DIR=/tmp/lq .venv/bin/python bench/list_queries.py [--games 20] [--calls 200] [--rounds 5]

A fresh SQLite database under VAR_DIR (or DATABASE_URL's test database): one
player in `--games` started two-player games. The ways, all public API:
  orm           the query built by the ORM on every call (the reference in
                tests/games/test_selectors.py)
  raw           QuerySet.raw over games.game_lines' SQL (model instances)
  game_lines    that SQL on a plain cursor, converted by the fields' own
                to_python / from_db_value (selectors.MY_SEATS, what "my games" runs)
The first and last read the same lines (checked). The query is the heavier of
"my games" two, the viewer's seats (its games not over; the player has no
finished ones)."""

import argparse
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sequence_site.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from games import selectors, services  # noqa: E402
from games.models import Game, Seat  # noqa: E402
from tests.games.test_selectors import lines_by_the_orm  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    setup_test_environment()
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    User = get_user_model()
    me = User.objects.create_user(username="me", email="me@example.org")
    for i in range(args.games):
        other = User.objects.create_user(username=f"other{i}", email=f"other{i}@example.org")
        game = services.game_create(creator=me, players=2, teams=2, start_mode=Game.StartMode.MANUAL)
        invitation = services.invitation_create(game_id=game.pk, inviter=me, invitee=other.username)
        services.invitation_accept(invitation_id=invitation.pk, user=other)
        services.game_start(game_id=game.pk, user=me, rng=random.Random(i))

    params = [me.pk, Game.Status.ABORTED, Game.Status.FINISHED, me.pk, Game.Status.FINISHED, 10]
    sql = selectors.MY_SEATS._built[0]
    live = Seat.objects.filter(user=me).exclude(game__status__in=params[1:3]).order_by("game_id")
    ways = {
        "orm": lambda: lines_by_the_orm(live),
        "raw": lambda: list(Seat.objects.raw(sql, params)),
        "game_lines": lambda: selectors.MY_SEATS.rows(params),
    }
    expected = ways["orm"]()
    assert ways["game_lines"]() == expected
    print(f"{len(expected)} rows, {args.games} games; load average {os.getloadavg()[0]:.2f}")
    times = {}
    for name, way in ways.items():
        way()
        best = float("inf")
        for _ in range(args.rounds):
            started = time.perf_counter()
            for _ in range(args.calls):
                way()
            best = min(best, (time.perf_counter() - started) / args.calls)
        times[name] = best
    for name, seconds in times.items():
        print(f"{name:9} {seconds * 1000:7.3f} ms   {times['orm'] / seconds:5.1f}x the ORM")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
