"""The JSON API against the web pages under gunicorn on PostgreSQL, with wrk,
in the same run; then how many /api/v1/events long polls two gunicorn
workers hold at once, sync against gthread (a bench, not a test; never run
by CI).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_api python bench/api_gunicorn.py \\
        [--seconds 5] [--passes 2] [--connections 8] [--waiters 40] [--wait 4] [--redis-db N]

The database named by DATABASE_URL (on loopback) is dropped, created,
migrated and filled, and dropped again at the end: its name must start with
"bench", or pass --database-is-mine. The site runs with DEBUG off under
gunicorn (bench/web_settings.py), 2 sync workers, and wrk measures, in
alternating passes: the table page (signed in) against GET /api/v1/games/ID
(Bearer), and the move form's POST (303) against POST /api/v1/games/ID/actions
(JSON), each move a first move in a game nobody moved in yet. It prints
req/s and API/web ratios. Then 2 sync workers and 2 gthread workers × 16
threads each get `--waiters` polls at once with nothing happening, and a
table page a moment later: how many polls were answered within their wait
(held at once), when the last came back, and how long the page took."""

import argparse
import contextlib
import http.client
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.web import (  # noqa: E402
    admin_connect,
    clone_games,
    free_port,
    make_users,
    play_until,
    session_cookie,
    site_env,
    started_game,
)

LOOPBACK = {"127.0.0.1", "localhost", "::1"}


def database_name(url: str, mine: bool) -> str:
    parts = urllib.parse.urlsplit(url)
    if not parts.scheme.startswith("postgres") or parts.hostname not in LOOPBACK:
        sys.exit("DATABASE_URL must be postgres://… on 127.0.0.1")
    name = parts.path.lstrip("/")
    if not re.fullmatch(r"\w+", name) or not (name.startswith("bench") or mine):
        sys.exit(
            f"The database {name!r} is dropped and created again: "
            "name one starting with 'bench', or pass --database-is-mine"
        )
    return name


def database_reset(url: str, name: str, create: bool) -> None:
    with admin_connect(url) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if create:
            conn.execute(f'CREATE DATABASE "{name}"')


# --- the data -------------------------------------------------------------------


def fill(move_games: int) -> dict:
    """A player, a table at move 30, `move_games` fresh games per door with the player to move, a token."""
    import random

    from django.middleware.csrf import _get_new_csrf_string

    from accounts.api_tokens import token_create
    from games import engine

    player, rival = make_users("bench_api_p", 2)
    fillers = make_users("bench_api_f", 200)
    table, users = started_game(player, rival, seed=5)
    table = play_until(table, users, 30, random.Random(26))
    template, _ = started_game(player, rival, seed=1)
    turn = template.turn_position
    state = engine.state_from_json(template.state)
    move = next(m for m in engine.legal_moves(state, turn) if " " in m and not m.startswith("pass"))
    pairs = [(player, fillers[i % 200]) if turn == 0 else (fillers[i % 200], player) for i in range(2 * move_games)]
    games = [game.pk for game in clone_games(template, pairs)]
    (waiter,) = make_users("bench_api_w", 1)  # no games: every poll of theirs waits its whole `wait`
    csrf = _get_new_csrf_string()
    return {
        "table": table.pk,
        "move": move,
        "web_games": games[:move_games],
        "api_games": games[move_games:],
        "cookie": session_cookie(player, csrf),
        "csrf": csrf,
        "token": token_create(user=player, name="bench", scopes=["games:read", "games:play"])[1],
        "waiter_token": token_create(user=waiter, name="bench", scopes=["games:read"])[1],
    }


# --- the server -------------------------------------------------------------------


@contextlib.contextmanager
def gunicorn(env: dict, workdir: Path, *worker_args: str):
    port = free_port()
    log = open(workdir / "gunicorn.log", "a")  # noqa: SIM115 (closed below)
    process = subprocess.Popen(
        [
            *(sys.executable, "-m", "gunicorn", "sequence_site.wsgi", f"--bind=127.0.0.1:{port}", "--workers=2"),
            *(*worker_args, "--log-level=warning", "--timeout=120", f"--chdir={ROOT}"),
        ],
        cwd=ROOT,
        env={**env, "DJANGO_SETTINGS_MODULE": "bench.web_settings"},
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.time() + 30
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"gunicorn did not start: {(workdir / 'gunicorn.log').read_text()[-2000:]}")
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.5):
                break
            if time.time() > deadline:
                raise RuntimeError("gunicorn did not start in 30 s")
            time.sleep(0.1)
        yield port
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        log.close()


# --- wrk ------------------------------------------------------------------------------

WRK_SCRIPT = """
local paths = {%(paths)s}
local expect = %(expect)d
local threads = {}
wrk.method = %(method)s
wrk.body = %(body)s
%(headers)s
function setup(thread)
  thread:set("first", #threads)
  table.insert(threads, thread)
end
function init(args)
  step = tonumber(args[1])
  i = first
  good = 0
  wrong = 0
end
function request()
  if #paths == 0 then return wrk.format(nil, nil, nil, nil) end
  local path = paths[(i %% #paths) + 1]
  i = i + step
  return wrk.format(nil, path, nil, nil)
end
function response(status, headers, _)
  if status == expect then good = good + 1 else wrong = wrong + 1 end
end
function done(summary, latency, requests)
  local g, w = 0, 0
  for _, t in ipairs(threads) do g = g + t:get("good"); w = w + t:get("wrong") end
  io.write(string.format("BENCH-STATUS %%d %%d %%.1f\\n", g, w, latency:percentile(50) / 1000))
end
"""


def lua(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def wrk(
    port: int,
    path: str,
    headers: dict,
    seconds: int,
    connections: int,
    workdir: Path,
    *,
    expect=200,
    posts=None,
    body="",
):
    """(req/s, answers not `expect`, median ms) of GETs of `path`, or of POSTs each to the next of `posts`."""
    script = workdir / "bench.lua"
    script.write_text(
        WRK_SCRIPT
        % {
            "paths": ",".join(lua(p) for p in posts or []),
            "expect": expect,
            "method": lua("POST" if posts else "GET"),
            "body": lua(body) if posts else "nil",
            "headers": "\n".join(f"wrk.headers[{lua(k)}] = {lua(v)}" for k, v in headers.items()),
        }
    )
    threads = 2
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--timeout=10s", f"-s{script}"]
    out = subprocess.run(
        [*command, f"http://127.0.0.1:{port}{path}", "--", str(threads)],
        capture_output=True,
        text=True,
        timeout=seconds + 60,
        check=True,
    ).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    good, wrong, median = re.search(r"BENCH-STATUS (\d+) (\d+) ([\d.]+)", out).groups()
    return rps, int(wrong), float(median), int(good)


def fresh(games: list[int]) -> list[int]:
    """The games nobody moved in yet, once the requests still in flight from the last load have finished."""
    from games.models import Game

    time.sleep(1)
    return list(Game.objects.filter(pk__in=games, version=0).order_by("pk").values_list("pk", flat=True))


def latency(port: int, fx: dict, args, workdir: Path) -> None:
    web = {"Cookie": fx["cookie"]}
    api = {"Authorization": f"Bearer {fx['token']}"}
    form = f"move={urllib.parse.quote_plus(fx['move'])}&version=0&csrfmiddlewaretoken={fx['csrf']}"
    rows = {
        "table page (web)": lambda: wrk(port, f"/games/{fx['table']}/", web, args.seconds, args.connections, workdir),
        "game view (API)": lambda: wrk(
            port, f"/api/v1/games/{fx['table']}", api, args.seconds, args.connections, workdir
        ),
        "form POST (web, 303)": lambda: wrk(
            port,
            "/",
            {**web, "Content-Type": "application/x-www-form-urlencoded"},
            args.seconds,
            args.connections,
            workdir,
            expect=303,
            posts=[f"/games/{pk}/move/" for pk in fresh(fx["web_games"])],
            body=form,
        ),
        "move POST (API)": lambda: wrk(
            port,
            "/",
            {**api, "Content-Type": "application/json"},
            args.seconds,
            args.connections,
            workdir,
            posts=[f"/api/v1/games/{pk}/actions" for pk in fresh(fx["api_games"])],
            body=json.dumps({"text": fx["move"], "version": 0}),
        ),
    }
    for path in (f"/games/{fx['table']}/", f"/api/v1/games/{fx['table']}"):  # every worker warm
        for _ in range(4):
            assert get(port, path, {**web, **api})[0] == 200, path
    results = {label: [] for label in rows}
    for number in range(args.passes):
        print(f"pass {number + 1} of {args.passes} (load average {os.getloadavg()[0]:.1f})", flush=True)
        order = list(rows) if number % 2 == 0 else list(reversed(rows))
        for label in order:
            rps, wrong, median, _ = rows[label]()
            results[label].append(rps)
            warn = f"  !! {wrong} other answers" if wrong else ""
            print(f"  {label:<24} {rps:8.1f} req/s  median {median:6.1f} ms{warn}", flush=True)
    med = {label: statistics.median(values) for label, values in results.items()}
    print(f"medians of {args.passes} passes:")
    for label, value in med.items():
        print(f"  {label:<24} {value:8.1f} req/s")
    print(f"  API / web, game view:    {med['game view (API)'] / med['table page (web)']:.2f}")
    print(f"  API / web, move POST:    {med['move POST (API)'] / med['form POST (web, 303)']:.2f}")


# --- long polls -----------------------------------------------------------------------


def get(port: int, path: str, headers: dict, timeout: float = 30) -> tuple[int | str, float]:
    start = time.monotonic()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        conn.request("GET", path, headers=headers)
        response = conn.getresponse()
        response.read()
        conn.close()
        return response.status, time.monotonic() - start
    except OSError as exc:
        return type(exc).__name__, time.monotonic() - start


def long_polls(port: int, fx: dict, label: str, waiters: int, wait: int) -> None:
    headers = {"Authorization": f"Bearer {fx['waiter_token']}"}
    path = f"/api/v1/events?since=e30&wait={wait}"  # e30: the empty cursor, and the waiter has no games
    done: list = []
    give_up = 3 * wait + 5

    def poll():
        done.append(get(port, path, headers, timeout=give_up))

    threads = [threading.Thread(target=poll) for _ in range(waiters)]
    for thread in threads:
        thread.start()
    time.sleep(0.5)
    page = get(port, f"/games/{fx['table']}/", {"Cookie": fx["cookie"]}, timeout=give_up)
    for thread in threads:
        thread.join()
    held = sum(1 for status, took in done if status == 200 and took < wait + 1.5)
    answered = sorted(took for status, took in done if status == 200)
    last = f"the last after {answered[-1]:.1f} s" if answered else "none answered"
    gave_up = sum(1 for status, _ in done if status != 200)
    print(
        f"  {label:<44} {held:3d} of {waiters} held at once (answered within {wait + 1.5:.1f} s), {last}, "
        f"{gave_up} given up after {give_up} s; a table page meanwhile: {page[0]} in {page[1]:.1f} s",
        flush=True,
    )


# --- the run ----------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--passes", type=int, default=2)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--waiters", type=int, default=40)
    parser.add_argument("--wait", type=int, default=4)
    parser.add_argument(
        "--redis-db", type=int, help="cache and broker in this Redis db on 127.0.0.1, flushed at the end"
    )
    parser.add_argument("--long-polls-only", action="store_true", help="leave out the latency passes")
    parser.add_argument("--database-is-mine", action="store_true", help="drop and create DATABASE_URL's database")
    args = parser.parse_args()
    if not (1 <= args.seconds <= 60 and 1 <= args.passes <= 10 and 1 <= args.connections <= 64):
        sys.exit("--seconds 1..60, --passes 1..10, --connections 1..64")
    # A poll answers between wait-1 and wait seconds: from 3 s on, a second round cannot pass for the first.
    if not (1 <= args.waiters <= 200 and 3 <= args.wait <= 30) or args.redis_db == 0:
        sys.exit("--waiters 1..200, --wait 3..30, and never Redis db 0")
    if not shutil.which("wrk"):
        sys.exit("wrk is needed: apt-get install wrk")
    url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bench_api")
    name = database_name(url, args.database_is_mine)
    workdir = Path(tempfile.mkdtemp(prefix="sequence-bench-api-"))
    env = site_env("api", url, workdir, API_REQUESTS_PER_MINUTE="100000000")
    redis_url = f"redis://127.0.0.1:6379/{args.redis_db}" if args.redis_db else None
    env.pop("REDIS_URL", None)
    if redis_url:
        env["REDIS_URL"] = redis_url
    os.environ.update(env)
    os.environ["DJANGO_SETTINGS_MODULE"] = "bench.web_settings"
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    database_reset(url, name, create=True)
    try:
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connections

        call_command("migrate", verbosity=0)
        call_command("collectstatic", verbosity=0, interactive=False)
        started = time.perf_counter()
        fx = fill(0 if args.long_polls_only else 300 * args.seconds * args.passes)
        connections.close_all()
        print(
            f"filled in {time.perf_counter() - started:.0f} s; PostgreSQL {name!r}, cache and broker: "
            f"{redis_url or 'embedded'}; wrk, {args.connections} connections, {args.seconds} s each; "
            f"CPUs {os.cpu_count()}"
        )
        with gunicorn(env, workdir, "--worker-class=sync") as port:
            if not args.long_polls_only:
                print("latency, gunicorn 2 sync workers:")
                latency(port, fx, args, workdir)
                connections.close_all()
            print(f"long polls: {args.waiters} at once, wait={args.wait} s")
            long_polls(port, fx, "2 sync workers", args.waiters, args.wait)
        # gthread: a worker accepts up to --worker-connections (1000 by default) and queues
        # them for its threads, so one worker may take them all while the other idles.
        for label, connections_each in (("", "1000"), (", 16 connections each", "16")):
            gthread = ("--worker-class=gthread", "--threads=16", f"--worker-connections={connections_each}")
            with gunicorn(env, workdir, *gthread) as port:
                long_polls(port, fx, f"2 gthread x 16 threads{label}", args.waiters, args.wait)
    finally:
        with contextlib.suppress(Exception):
            from django.db import connections

            connections.close_all()
        database_reset(url, name, create=False)
        if redis_url:
            with contextlib.suppress(Exception):
                import redis

                redis.Redis.from_url(redis_url).flushdb()
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
