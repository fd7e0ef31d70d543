"""E-mail delivery and the deadline sweep, measured.

    python bench/notifications.py [--emails 3000] [--games 10000]

Uses DATABASE_URL / REDIS_URL when set, otherwise a fresh SQLite file and the
embedded broker in a temporary folder. Starts an SMTP sink on loopback and a
real Celery worker process, makes turn e-mails due in the outbox (one per
game) for the sweep to send in batches, prints how many per second arrive
and checks that each arrived exactly once. Beside it, in the same run, the
bare baseline: a process that sends as many copies of one of those e-mails
(rebuilt by Django's mail API, text and HTML) over one SMTP connection to the
same sink, which is all any Django site pays per e-mail; prints the ratio.
Then times the deadline sweep over active games of which 1% are due."""

import argparse
import email
import email.policy
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
    parser.add_argument("--emails", type=int, default=3000, help="turn e-mails, one per game")
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--bare-sender", metavar="SAMPLE", help=argparse.SUPPRESS)  # the baseline's own process
    args = parser.parse_args()
    if args.bare_sender:
        send_bare(Path(args.bare_sender), args.emails)
        return

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
    samples = []

    class Sink:
        async def handle_DATA(self, server, session, envelope):
            received.extend((time.perf_counter(), to) for to in envelope.rcpt_tos)
            if not samples:
                samples.append(envelope.content)
            return "250 OK"

    logging.getLogger("mail.log").setLevel(logging.WARNING)
    controller = Controller(Sink(), hostname="127.0.0.1", port=port)
    controller.start()
    try:
        site_rate = deliver_emails(args.emails, received)
        if not samples:
            sys.exit("e-mail: nothing arrived, so no baseline either")
        sample = workdir / "sample.eml"
        sample.write_bytes(samples[0])
        bare_rate = bare_baseline(sample, args.emails)
        print(
            f"e-mail: the site at {site_rate / bare_rate:.2f}× the bare sender ({site_rate:.0f} / {bare_rate:.0f} per "
            "second); issue #15's target is 200 per second on its machine"
        )
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


def games_to_move_in(template, count: int) -> list:
    """`count` copies of the template's position, each with its own player to
    move (who has not opened the table since), bulk-created."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password

    from games.models import Game, Hand, Seat

    seats = list(template.seats.select_related("hand"))
    password = make_password("bench-notifications")
    stamp = time.time_ns()
    users = get_user_model().objects.bulk_create(
        get_user_model()(username=f"mail{stamp}_{i}", email=f"mail{stamp}_{i}@example.org", password=password)
        for i in range(count * 2)
    )
    fields = {f: getattr(template, f) for f in ("players", "teams", "turn_seconds", "draw_window_seconds", "status")}
    fields |= {f: getattr(template, f) for f in ("state", "cut", "started_at", "turn_position", "turn_deadline")}
    games = Game.objects.bulk_create(
        Game(version=0, next_deadline=template.turn_deadline, **fields) for _ in range(count)
    )
    new_seats = Seat.objects.bulk_create(
        Seat(game=game, position=s.position, user=users[2 * i + s.position], name=users[2 * i + s.position].username)
        for i, game in enumerate(games)
        for s in seats
    )
    Hand.objects.bulk_create(Hand(seat=seat, cards=seats[seat.position].hand.cards) for seat in new_seats)
    return [seat for seat in new_seats if seat.position == template.turn_position]


def deliver_emails(count: int, received: list) -> None:
    """The batch path: `count` turn e-mails past their grace, one per game,
    sent by the sweep (as beat starts it every minute) in one worker process;
    then checks that each went out exactly once."""
    from django.utils import timezone

    from games.models import Notification
    from games.tasks import outbox_sweep

    template, _ = started_game()
    Notification.objects.all().delete()
    movers = games_to_move_in(template, count)
    due = timezone.now()
    Notification.objects.bulk_create(
        Notification(
            recipient_id=seat.user_id,
            to_email=seat.user.email,
            game_id=seat.game_id,
            version=0,
            kind="your_turn",
            deadline=template.turn_deadline,
            due_at=due,
        )
        for seat in movers
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
        time.sleep(3)  # the worker's start is not the sender's speed
        started = time.perf_counter()
        deadline = time.time() + 600
        sweeps, next_sweep = 0, started
        while len(received) < count and time.time() < deadline and worker.poll() is None:
            if time.perf_counter() >= next_sweep:  # as beat does every minute; a sweep ends when nothing is due
                outbox_sweep.delay()
                sweeps, next_sweep = sweeps + 1, next_sweep + 50
            time.sleep(0.05)
        elapsed = (received[-1][0] - started) if received else float("nan")
        addresses = [to for _, to in received]
        # The last rows are marked sent just after their messages arrive (ten at a time).
        settle = time.time() + 10
        while (sent := Notification.objects.filter(status="sent").count()) < count and time.time() < settle:
            time.sleep(0.05)
        print(
            f"e-mail: {count} turn e-mails due; {len(received)} delivered over SMTP in {elapsed:.1f} s = "
            f"{len(received) / elapsed:.0f} per second (one worker process, solo pool, {sweeps} sweep task(s); "
            f"load average {os.getloadavg()[0]:.1f})"
        )
        once = len(set(addresses)) == len(addresses) == count == sent
        print(
            f"e-mail: each exactly once: {'yes' if once else 'NO'} ({len(set(addresses))} addresses, {sent} rows sent)"
        )
        return len(received) / elapsed
    finally:
        worker.terminate()
        worker.wait(timeout=60)


def bare_baseline(sample: Path, count: int) -> float:
    """E-mails per second of the bare sender, run in its own process as the worker is."""
    out = subprocess.run(
        [sys.executable, __file__, "--bare-sender", str(sample), "--emails", str(count)],
        env=os.environ.copy(),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rate = float(out.split()[-1])
    print(f"e-mail: bare sender: {count} copies of one turn e-mail over one SMTP connection = {rate:.0f} per second")
    return rate


def send_bare(sample: Path, count: int) -> None:
    """The baseline: the sample's subject and bodies, rebuilt and sent to
    `count` addresses over one connection; prints e-mails per second."""
    import django

    django.setup()
    from django.core import mail

    message = email.message_from_bytes(sample.read_bytes(), policy=email.policy.default)
    text = message.get_body(("plain",)).get_content()
    html = message.get_body(("html",)).get_content()
    subject = str(message["Subject"])
    with mail.get_connection() as connection:
        started = time.perf_counter()
        for i in range(count):
            bare = mail.EmailMultiAlternatives(subject, text, to=[f"bare{i}@example.org"], connection=connection)
            bare.attach_alternative(html, "text/html")
            bare.send()
        print(count / (time.perf_counter() - started))


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
