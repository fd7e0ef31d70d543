"""The API against the web pages in the same run, in process (Django's test
client, no network, a fresh SQLite test database): the game view against the
table page, and the move POST against the form POST (a bench, not a test;
never run by CI).

    python bench/api_latency.py [--reads 300] [--moves 40]
"""

import argparse
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sequence_site.settings")
os.environ.setdefault("API_REQUESTS_PER_MINUTE", "1000000")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_databases, setup_test_environment  # noqa: E402

from accounts.api_tokens import token_create  # noqa: E402
from games import engine, services  # noqa: E402
from games.models import Game  # noqa: E402
from tests.factories import UserFactory  # noqa: E402


def new_game(seed: int):
    users = UserFactory.create_batch(2)
    game = services.game_create(creator=users[0], players=2, teams=2, start_mode=Game.StartMode.MANUAL)
    invitation = services.invitation_create(game_id=game.pk, inviter=users[0], invitee=users[1].username)
    services.invitation_accept(invitation_id=invitation.pk, user=users[1])
    game = services.game_start(game_id=game.pk, user=users[0], rng=random.Random(seed))
    by_seat = {seat.position: seat.user for seat in game.seats.all()}
    return game, [by_seat[0], by_seat[1]]


def rate(label: str, seconds: list[float]) -> float:
    seconds.sort()
    median = seconds[len(seconds) // 2]
    print(f"  {label:<28} {len(seconds) / sum(seconds):7.1f} req/s   median {median * 1000:6.1f} ms")
    return median


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reads", type=int, default=300)
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()
    setup_test_environment()
    # No collectstatic here, so no hashed manifest: the plain storage, as the tests use.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    setup_databases(verbosity=0, interactive=False)
    game, users = new_game(1)
    web = Client()
    web.force_login(users[0])
    _, secret = token_create(user=users[0], name="bench", scopes=["games:read", "games:play"])
    auth = {"HTTP_AUTHORIZATION": f"Bearer {secret}"}
    api = Client()
    print("reads (one seat's view of one game):")
    times = {"web": [], "api": []}
    for _ in range(args.reads):  # alternating, so that both see the same machine
        start = time.perf_counter()
        assert web.get(f"/games/{game.pk}/").status_code == 200
        times["web"].append(time.perf_counter() - start)
        start = time.perf_counter()
        assert api.get(f"/api/v1/games/{game.pk}", **auth).status_code == 200
        times["api"].append(time.perf_counter() - start)
    web_read, api_read = rate("web table page", times["web"]), rate("API game view", times["api"])
    print(f"  API / web median: {api_read / web_read:.2f}")
    print("moves (each a legal move of the seat to play, in its own game):")
    times = {"web": [], "api": []}
    for door in ("web", "api"):
        for seed in range(100):
            game, users = new_game(seed)
            clients = []
            for user in users:
                client = Client()
                client.force_login(user)
                _, user_secret = token_create(user=user, name="b", scopes=["games:play"])
                clients.append((client, {"HTTP_AUTHORIZATION": f"Bearer {user_secret}"}))
            rng = random.Random(seed)
            while game.status == Game.Status.ACTIVE and len(times[door]) < args.moves:
                state = engine.state_from_json(game.state)
                move = rng.choice([m for m in engine.legal_moves(state, state.turn) if m != "resign"])
                client, headers = clients[state.turn]
                start = time.perf_counter()
                if door == "web":
                    response = client.post(f"/games/{game.pk}/move/", {"move": move, "version": game.version})
                    assert response.status_code == 303
                else:
                    body = {"text": move, "version": game.version}
                    response = client.post(
                        f"/api/v1/games/{game.pk}/actions", body, content_type="application/json", **headers
                    )
                    assert response.status_code == 200, response.content
                times[door].append(time.perf_counter() - start)
                game.refresh_from_db()
            if len(times[door]) >= args.moves:
                break
    web_move, api_move = rate("web form POST (303)", times["web"]), rate("API move POST", times["api"])
    print(f"  API / web median: {api_move / web_move:.2f}")


if __name__ == "__main__":
    main()
