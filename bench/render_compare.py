"""Render three whole games, every page each seat sees and every e-mail sent,
into a folder, with times and tokens masked: run it at two commits and diff
the folders to see that a change of the code changed nothing a player reads.

    VAR_DIR=/tmp/rc-var .venv/bin/python bench/render_compare.py OUT [--site DIR]

--site: the checkout whose code renders (default: this script's own). Each
run builds a fresh SQLite database under VAR_DIR (every primary key then
falls the same way) and stops the clock (time_machine), moving it on by
hand, and seeds the services' shuffles, so that two runs play the same
moves at the same instants.

The games, played through the services with a seeded deal and seeded moves:
  1. two players, automatic draws;
  2. two teams of two, tabletop draws, a draw lost and a dead card turned in;
  3. three teams, a chat (one message naming a player), a turn skipped when
     its time ran out and a moderator's note (a deadline extended).
Pages: the table (every seat and a visitor, and the seat to play with a card
chosen and "where my cards go" on) every few moves, and at the end
the table, my games, the replay and the record for every seat."""

import argparse
import logging
import os
import random
import re
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

SITE = Path(__file__).resolve().parent.parent
TABLE_EVERY = 7  # moves between two renderings of the table for every seat
MOVES_AT_MOST = 400


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--site", type=Path, default=SITE)
    return parser.parse_args()


ARGS = parse_args()
sys.path.insert(0, str(ARGS.site.resolve()))
os.chdir(ARGS.site)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sequence_site.settings")
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

import django  # noqa: E402

django.setup()

import time_machine  # noqa: E402
from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core import mail  # noqa: E402
from django.core.cache import caches  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402
from django.urls import reverse  # noqa: E402

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

# --- masking ------------------------------------------------------------------------

MASKS = [
    (re.compile(r"play\+[a-z2-7]{24}@"), "play+<token>@"),
    (re.compile(r"/unsubscribe/[^/\s\"'<>]+/"), "/unsubscribe/<token>/"),
    (re.compile(r"/invitations/[^/\s\"'<>]+/"), "/invitations/<token>/"),
    (re.compile(r"(csrfmiddlewaretoken\"? value=\")[^\"]+"), r"\1<token>"),
    (re.compile(r"(nonce=\")[^\"]+"), r"\1<nonce>"),
    (re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?"), "<time>"),
    (re.compile(r"\d{4}-\d\d-\d\d"), "<date>"),
    (re.compile(r"\b\d{1,2}[:.]\d\d( ?[ap]\.?m\.?)?"), "<hh:mm>"),
]


def masked(text: str) -> str:
    for pattern, replacement in MASKS:
        text = pattern.sub(replacement, text)
    return text


# --- the run ------------------------------------------------------------------------


class Run:
    def __init__(self, out: Path, traveller):
        self.out, self.traveller, self.files = out, traveller, 0
        self.mails_seen = 0

    def write(self, name: str, text: str) -> None:
        path = self.out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(masked(text))
        self.files += 1

    def later(self, **delta) -> None:
        self.traveller.shift(timedelta(**delta))

    def page(self, name: str, user, url: str) -> None:
        client = Client()
        if user is not None:
            client.force_login(user)
        response = client.get(url)
        self.write(name, f"{response.status_code}\n{response.content.decode()}")

    def mails(self, game_name: str) -> None:
        """Send what is due (the outbox's sweep, as the beat does) and keep every e-mail sent since last asked."""
        from games.mail import outbox

        outbox.sweep()
        for message in mail.outbox[self.mails_seen :]:
            self.mails_seen += 1
            html = "".join(content for content, kind in getattr(message, "alternatives", []) if kind == "text/html")
            headers = "".join(f"{k}: {v}\n" for k, v in sorted(message.extra_headers.items()))
            text = (
                f"To: {', '.join(message.to)}\nReply-To: {', '.join(message.reply_to)}\n"
                f"Subject: {message.subject}\n{headers}\n{message.body}\n----- html -----\n{html}"
            )
            self.write(f"{game_name}/mail-{self.mails_seen:04d}-{'_'.join(message.to)}.txt", text)


def users(prefix: str, count: int):
    User = get_user_model()
    languages, zones = ["en", "cs", "it", "hu"], ["Europe/Prague", "UTC", "Europe/Rome", "America/New_York"]
    made = []
    for i in range(count):
        user = User.objects.create_user(
            username=f"{prefix}{i}", email=f"{prefix}{i}@example.org", password="not-used-here"
        )
        user.language, user.time_zone = languages[i % 4], zones[i % 4]
        user.save()
        made.append(user)
    from allauth.account.models import EmailAddress

    EmailAddress.objects.bulk_create(
        EmailAddress(user=user, email=user.email, verified=True, primary=True) for user in made
    )
    return made


def started(run: Run, name: str, players: list, teams: int, seed: int, **options):
    from games import services
    from games.models import Game

    game = services.game_create(
        creator=players[0], players=len(players), teams=teams, start_mode=Game.StartMode.MANUAL, **options
    )
    for user in players[1:]:
        run.later(minutes=3)
        invitation = services.invitation_create(game_id=game.pk, inviter=players[0], invitee=user.username)
        run.mails(name)
        run.later(minutes=3)
        services.invitation_accept(invitation_id=invitation.pk, user=user)
        run.mails(name)
    run.later(minutes=5)
    game = services.game_start(game_id=game.pk, user=players[0], rng=random.Random(seed))
    run.mails(name)
    by_seat = {seat.position: seat.user for seat in game.seats.all()}
    return game, [by_seat[i] for i in range(len(players))]


def state_of(game):
    from games import engine

    game.refresh_from_db()
    return engine.state_from_json(game.state)


def play(game, user, move):
    from games import services

    return services.move_submit(game_id=game.pk, user=user, move=move, expected_version=game.version)


def tables(run: Run, name: str, game, players, step: int) -> None:
    from games import engine

    url = reverse("game", args=[game.pk])
    for seat, user in enumerate(players):
        run.page(f"{name}/table-{step:03d}-seat{seat}.html", user, url)
    # The seat to play with a card chosen (its targets are buttons) and "where my cards go" on.
    state = state_of(game)
    plays = [m for m in engine.legal_moves(state, state.turn) if " " in m and not m.startswith("pass")]
    if state.result is None and plays:
        chosen = f"{url}?show=all&card={plays[-1].split()[0]}"
        run.page(f"{name}/table-{step:03d}-seat{state.turn}-chosen.html", players[state.turn], chosen)
    if game.is_public:
        run.page(f"{name}/table-{step:03d}-visitor.html", None, url)


def whole_game(run: Run, name: str, game, players, rng: random.Random, *, each_turn=None) -> None:
    """Moves until the game is over: seeded choices, a dead card turned in
    whenever there is one, and `each_turn(step)` before each move."""
    from games import engine

    for step in range(MOVES_AT_MOST):
        state = state_of(game)
        if state.result is not None:
            break
        if each_turn and each_turn(step, state):
            continue
        seat = state.turn
        moves = [m for m in engine.legal_moves(state, seat) if m != "resign"]
        dead = [m for m in moves if m.startswith("dead ")]
        run.later(minutes=rng.randint(5, 90))
        play(game, players[seat], dead[0] if dead else rng.choice(moves))
        if step % TABLE_EVERY == 0:
            tables(run, name, game, players, step)
        run.later(minutes=20)  # past the turn e-mail's grace
        run.mails(name)
    game.refresh_from_db()
    final_pages(run, name, game, players)


def final_pages(run: Run, name: str, game, players) -> None:
    tables(run, name, game, players, 999)
    for seat, user in enumerate(players):
        run.page(f"{name}/my-games-seat{seat}.html", user, reverse("home"))
        run.page(f"{name}/replay-seat{seat}.html", user, reverse("game_replay", args=[game.pk]))
        run.page(f"{name}/replay-at-5-seat{seat}.html", user, reverse("game_replay", args=[game.pk]) + "?at=5")
        run.page(f"{name}/record-seat{seat}.json", user, reverse("game_record", args=[game.pk]))
    run.later(hours=1)
    run.mails(name)


def two_players(run: Run) -> None:
    players = users("duo", 2)
    game, players = started(run, "1-two-players", players, teams=2, seed=11, is_public=True)
    whole_game(run, "1-two-players", game, players, random.Random(11))


def two_teams_tabletop(run: Run) -> None:
    """Tabletop draws: a player draws at once, except now and then, when the
    draw is lost as the next player completes a turn."""
    from games import engine

    name, players = "2-teams-tabletop", users("quad", 4)
    game, players = started(run, name, players, teams=2, seed=22, draw_mode="tabletop", draw_window_seconds=3600)
    rng = random.Random(22)

    def draw_or_not(step, state):
        for seat, user in enumerate(players):
            if "draw" in engine.legal_moves(state, seat) and step % 5:
                run.later(minutes=2)
                play(game, user, "draw")
                run.mails(name)
                return True
        return False

    whole_game(run, name, game, players, rng, each_turn=draw_or_not)


def three_teams(run: Run) -> None:
    from games import services
    from games.models import Game

    name, players = "3-three-teams", users("trio", 3)
    moderator = get_user_model().objects.create_superuser(
        username="moderator", email="moderator@example.org", password="not-used-here"
    )
    game, players = started(run, name, players, teams=3, seed=33)
    rng = random.Random(33)

    def events(step, state):
        if step == 3:
            run.later(minutes=7)
            services.chat_post(game_id=game.pk, user=players[0], text=f"Good luck, @{players[1].username}!")
            services.chat_post(game_id=game.pk, user=players[2], text="Thanks, and to you.")
            run.mails(name)
        if step == 6:  # the player to move lets the time run out: the turn is skipped
            game.refresh_from_db()
            run.traveller.move_to(game.turn_deadline + timedelta(minutes=1))
            services.deadline_enforce(game_id=game.pk)
            run.mails(name)
            tables(run, name, game, players, step)
            return True
        if step == 9:
            run.later(minutes=11)
            services.deadline_extend(
                game_id=game.pk, moderator=moderator, minutes=24 * 60, reason="The server was down for an hour."
            )
            run.mails(name)
            tables(run, name, game, players, step)
        return False

    whole_game(run, name, game, players, rng, each_turn=events)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED, game.status


def what_happened() -> str:
    """Each game's moves and events by kind: the lost draw, the dead card and the skipped turn did happen."""
    from collections import Counter

    from games.models import Game, Move

    lines = []
    for game in Game.objects.order_by("pk"):
        moves = list(Move.objects.filter(game=game))
        kinds = Counter(
            move.text.split()[0] if move.text.split()[0] in ("dead", "draw", "lost") else "play" for move in moves
        )
        events = Counter(event["type"] for move in moves for event in move.events)
        lines.append(f"game {game.pk} ({game.status}): moves {dict(kinds)}, events {dict(events)}")
    return "\n".join(lines)


def main() -> None:
    from games.services import _common
    from sequence_site.celery import app

    seeded = random.Random(99)  # the reshuffles of a deck run out, the same in every run
    _common.secure_rng = lambda: seeded
    logging.disable(logging.WARNING)  # the eager tasks' chatter
    setup_test_environment()  # the locmem mail backend: mail.outbox
    app.loader.import_default_modules()
    app.conf.task_always_eager = True
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    for cache in caches.all():
        cache.clear()
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    ARGS.out.mkdir(parents=True, exist_ok=True)
    with time_machine.travel(START, tick=False) as traveller:
        run = Run(ARGS.out, traveller)
        for game in (two_players, two_teams_tabletop, three_teams):
            game(run)
    print(what_happened())
    print(f"{run.files} files written to {ARGS.out} ({run.mails_seen} e-mails)")


if __name__ == "__main__":
    main()
