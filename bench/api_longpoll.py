"""How many /api/v1/events long polls a gunicorn deployment holds at once
(a bench, not a test; never run by CI):

    python bench/api_longpoll.py [--waiters 32] [--wait 3]

Starts the site under gunicorn on a fresh SQLite file, twice: 2 sync workers,
then 2 gthread workers with 16 threads each; sends `--waiters` polls at once
with nothing happening, and prints when they came back: a poll that waits
for a worker comes back after a multiple of `wait`."""

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
PORT = 8765


def prepare(env: dict) -> str:
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    script = (
        "from accounts.api_tokens import token_create; from tests.factories import UserFactory;"
        "print(token_create(user=UserFactory(), name='bench', scopes=['games:read'])[1])"
    )
    out = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", script], cwd=ROOT, env=env, check=True, capture_output=True
    )
    return out.stdout.decode().split()[-1]  # the last word: the token


def run(env, secret, label, args, waiters, wait):
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "sequence_site.wsgi",
            "--bind",
            f"127.0.0.1:{PORT}",
            "--timeout",
            "120",
            *args,
        ],
        cwd=ROOT,
        env=env,
        stderr=open(Path(env["VAR_DIR"]) / f"gunicorn-{len(args)}.log", "w"),  # noqa: SIM115
    )
    try:
        for _ in range(100):
            try:
                requests.get(f"http://127.0.0.1:{PORT}/api/v1/openapi.json", timeout=10)
                break
            except requests.RequestException:
                time.sleep(0.2)
        done = []
        start = time.monotonic()

        def poll():
            try:
                response = requests.get(
                    f"http://127.0.0.1:{PORT}/api/v1/events?since=e30&wait={wait}",
                    headers={"Authorization": f"Bearer {secret}"},
                    timeout=600,
                )
                done.append((time.monotonic() - start, response.status_code))
            except requests.RequestException as exc:
                done.append((time.monotonic() - start, type(exc).__name__))

        threads = [threading.Thread(target=poll) for _ in range(waiters)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        times = sorted(t for t, _ in done)
        within = sum(1 for t in times if t < wait + 1)
        statuses = sorted({status for _, status in done})
        print(
            f"{label}: {waiters} polls of wait={wait}s: {within} answered within {wait + 1}s, "
            f"the last after {times[-1]:.1f}s; statuses {statuses}"
        )
    finally:
        server.terminate()
        server.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--waiters", type=int, default=32)
    parser.add_argument("--wait", type=int, default=3)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="bench-api-")
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{folder}/db.sqlite3",
        "VAR_DIR": folder,
        "DJANGO_SETTINGS_MODULE": "sequence_site.settings",
        "API_REQUESTS_PER_MINUTE": "100000",
        "PYTHONPATH": str(ROOT),
    }
    secret = prepare(env)
    run(env, secret, "2 sync workers", ["--workers", "2"], args.waiters, args.wait)
    run(env, secret, "2 gthread workers x 16 threads", ["--workers", "2", "--threads", "16"], args.waiters, args.wait)


if __name__ == "__main__":
    main()
