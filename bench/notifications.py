"""E-mail delivery and the deadline sweep, measured.

    python bench/notifications.py [--emails 3000] [--games 10000]

Uses DATABASE_URL / REDIS_URL when set, otherwise a fresh SQLite file and the
embedded broker in a temporary folder. Starts an SMTP sink on loopback and a
real Celery worker process, queues turn e-mails through the outbox, and
prints how many per second arrive; then times the deadline sweep over
active games of which 1% are due."""

import argparse
import logging
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--emails", type=int, default=3000)
    parser.add_argument("--games", type=int, default=10000)
    args = parser.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="sequence-bench-"))
    port = free_port()
    os.environ.update(
        {
            "VAR_DIR": str(workdir),
            "EMAIL_HOST": "127.0.0.1",
            "EMAIL_PORT": str(port),
            "DJANGO_SETTINGS_MODULE": "sequence_site.settings",
            "CACHE_KEY_PREFIX": "sequence-bench",
        }
    )
    import django

    django.setup()
    from aiosmtpd.controller import Controller
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    received = []

    class Sink:
        async def handle_DATA(self, server, session, envelope):
            received.append(time.perf_counter())
            return "250 OK"

    logging.getLogger("mail.log").setLevel(logging.WARNING)
    controller = Controller(Sink(), hostname="127.0.0.1", port=port)
    controller.start()
    try:
        deliver_emails(args.emails, received)
        sweep_deadlines(args.games)
    finally:
        controller.stop()


def started_game():
    import random

    from django.contrib.auth import get_user_model

    from games import services

    users = [
        get_user_model().objects.create_user(f"bench{time.time_ns()}{i}", f"b{time.time_ns()}{i}@example.org")
        for i in range(2)
    ]
    game = services.game_create(
        creator=users[0],
        players=2,
        teams=2,
        invitees=[users[1].username],
        start_mode="manual",  # a seeded deal
    )
    services.invitation_accept(invitation_id=game.invitations.get().pk, user=users[1])
    return services.game_start(game_id=game.pk, user=users[0], rng=random.Random(1)), users


def deliver_emails(count: int, received: list) -> None:
    from django.utils import timezone

    from games.models import Notification
    from games.tasks import send_due

    game, _ = started_game()
    player = game.seats.get(position=game.turn_position).user
    Notification.objects.all().delete()
    now = timezone.now()
    Notification.objects.bulk_create(
        Notification(recipient=player, to_email=player.email, game=game, version=v, kind="your_turn", due_at=now)
        for v in range(count)
    )
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "sequence_site",
            "worker",
            "--pool=solo",
            "--loglevel=WARNING",
            "--without-mingle",
            "--without-gossip",
        ],
        cwd=ROOT,
        env=os.environ.copy(),
    )
    try:
        started = time.perf_counter()
        for version in range(count):
            send_due.delay(game.pk, version)
        queued = time.perf_counter() - started
        deadline = time.time() + 600
        while len(received) < count and time.time() < deadline and worker.poll() is None:
            time.sleep(0.2)
        elapsed = (received[-1] - started) if received else float("nan")
        print(
            f"e-mail: {count} turn e-mails queued in {queued:.2f} s; {len(received)} delivered over SMTP "
            f"in {elapsed:.1f} s = {len(received) / elapsed:.0f} per second (one worker process, solo pool)"
        )
    finally:
        worker.terminate()
        worker.wait(timeout=60)


def sweep_deadlines(total: int) -> None:
    from datetime import timedelta

    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from games.models import Game, Hand, Seat
    from games.tasks import due_game_ids, enforce_deadlines

    template, _ = started_game()
    seats = list(template.seats.select_related("hand", "user"))
    now = timezone.now()
    due_every = 100
    games = Game.objects.bulk_create(
        Game(
            players=2,
            teams=2,
            turn_seconds=86400,
            draw_window_seconds=3600,
            status=Game.Status.ACTIVE,
            state=template.state,
            cut=template.cut,
            started_at=now,
            turn_position=template.turn_position,
            turn_deadline=now + timedelta(hours=5) if i % due_every else now - timedelta(minutes=1),
            next_deadline=now + timedelta(hours=5) if i % due_every else now - timedelta(minutes=1),
        )
        for i in range(total)
    )
    new_seats = Seat.objects.bulk_create(
        Seat(game=game, position=s.position, user=None, name=s.name) for game in games for s in seats
    )
    Hand.objects.bulk_create(Hand(seat=seat, cards=seats[seat.position].hand.cards) for seat in new_seats)
    active = Game.objects.filter(status=Game.Status.ACTIVE).count()
    with CaptureQueriesContext(connection) as queries:
        started = time.perf_counter()
        due = due_game_ids()
        found = time.perf_counter() - started
    started = time.perf_counter()
    enforced = enforce_deadlines()
    swept = time.perf_counter() - started
    print(
        f"deadlines: {active} active games, {len(due)} due; finding them took {found * 1000:.1f} ms "
        f"({len(queries)} query); enforcing them took {swept:.2f} s ({enforced} moves recorded, "
        f"{swept / max(enforced, 1) * 1000:.1f} ms each)"
    )


if __name__ == "__main__":
    main()
