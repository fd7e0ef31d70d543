"""The web pages and the move POST against a bare Django app, side by side.

    python bench/web.py [--quick] [--seconds 5] [--passes 5] [--connections 8] [--threads 2] [--games 3000]

Creates a PostgreSQL database (DATABASE_URL, by default
postgres://postgres@127.0.0.1:5432/bench_web; its name must start with
"bench"), migrates it, fills it with games in play, starts the site
(bench/web_settings.py: the site's settings, static files collected into a
temporary folder) and the bare app (bench/bare/) under gunicorn, 2 sync
workers each, on loopback, and measures each page with wrk (or, when wrk is
missing, a bounded Python load generator) in alternating passes: each page
right after (or before) its bare baseline, over and over. Prints the median
requests per second, the bare baseline, their median ratio (and its range)
against issue #15's targets, the queries per request and the growth ratios. Stops its
servers, drops its database and removes its files at the end, also on
Ctrl-C. Never run by CI: the numbers depend on the machine and its load."""

import argparse
import contextlib
import http.client
import itertools
import os
import random
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
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/bench_web"
LOOPBACK = {"127.0.0.1", "localhost", "::1"}
PASSWORD = "bench-web-passphrase"
BARE_ROWS = 20000


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# --- the database -----------------------------------------------------------


def admin_connect(url: str):
    """A connection to the server's maintenance database, to create and drop ours."""
    import psycopg

    parts = urllib.parse.urlsplit(url)
    return psycopg.connect(
        host=parts.hostname,
        port=parts.port or 5432,
        user=urllib.parse.unquote(parts.username or "postgres"),
        password=urllib.parse.unquote(parts.password or "") or None,
        dbname="postgres",
        autocommit=True,
    )


def database_name(url: str) -> str:
    parts = urllib.parse.urlsplit(url)
    if not parts.scheme.startswith("postgres"):
        sys.exit("bench/web.py measures on PostgreSQL: DATABASE_URL must be postgres://…")
    if parts.hostname not in LOOPBACK:
        sys.exit("bench/web.py only talks to loopback: DATABASE_URL must point at 127.0.0.1")
    name = parts.path.lstrip("/")
    if not re.fullmatch(r"bench\w*", name):
        sys.exit(f"The database {name!r} would be dropped and created again: its name must start with 'bench'")
    return name


def database_create(url: str) -> None:
    name = database_name(url)
    with admin_connect(url) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def database_drop(url: str) -> None:
    with admin_connect(url) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{database_name(url)}" WITH (FORCE)')


def redis_reachable() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=0.5) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False


# --- the data -----------------------------------------------------------------


@dataclass
class Fixture:
    """What the measurements need: who, which games, which move."""

    player: object = None
    cookies: dict = field(default_factory=dict)  # username -> Cookie header
    csrf: str = ""
    table_early: int = 0  # game ids
    table_late: int = 0
    late_version: int = 0
    move_games: list = field(default_factory=list)
    move_text: str = ""
    spare_move_game: int = 0
    list_users: dict = field(default_factory=dict)  # games -> user


def make_users(prefix: str, count: int) -> list:
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password

    password = make_password(PASSWORD)
    users = get_user_model().objects.bulk_create(
        get_user_model()(username=f"{prefix}{i}", email=f"{prefix}{i}@example.org", password=password)
        for i in range(count)
    )
    EmailAddress.objects.bulk_create(
        EmailAddress(user=user, email=user.email, verified=True, primary=True) for user in users
    )
    return users


def play_until(game, users: dict, version: int, rng: random.Random):
    """Random legal moves through the services until the game reaches
    `version`, avoiding moves that would end it (and resigning)."""
    from games import engine, services

    shuffle = rng.sample
    while game.version < version:
        state = engine.state_from_json(game.state)
        seat = state.turn
        moves = [m for m in engine.legal_moves(state, seat) if m != "resign"]
        rng.shuffle(moves)
        move = next(
            (m for m in moves if engine.apply(state, seat, m, shuffle=lambda c: shuffle(c, len(c)))[0].result is None),
            moves[0],
        )
        game = services.move_submit(game_id=game.pk, user=users[seat], move=move, expected_version=game.version).game
        if game.status != game.Status.ACTIVE:
            raise RuntimeError(f"game {game.pk} ended at move {game.version}; try another seed")
    return game


def started_game(creator, other, seed: int, **settings):
    from games import services

    game = services.game_create(  # manual start: the deal below is seeded
        creator=creator, players=2, teams=2, invitees=[other.username], start_mode="manual", **settings
    )
    services.invitation_accept(invitation_id=game.invitations.get().pk, user=other)
    game = services.game_start(game_id=game.pk, user=creator, rng=random.Random(seed))
    return game, {seat.position: seat.user for seat in game.seats.all()}


def clone_games(template, pairs, **fields) -> list:
    """Games in the template's position, one per tuple of users (by seat), bulk-created."""
    from datetime import timedelta

    from django.utils import timezone

    from games.models import Game, Hand, Seat

    hands = {seat.position: seat.hand.cards for seat in template.seats.select_related("hand")}
    now = timezone.now()
    values = {
        "players": 2,
        "teams": 2,
        "turn_seconds": template.turn_seconds,
        "draw_window_seconds": template.draw_window_seconds,
        "status": Game.Status.ACTIVE,
        "state": template.state,
        "cut": template.cut,
        "started_at": now,
        "turn_position": template.turn_position,
        "turn_deadline": now + timedelta(days=2),
        "next_deadline": now + timedelta(days=2),
        **fields,
    }
    pairs = list(pairs)
    games = Game.objects.bulk_create(Game(created_by=users[0], **values) for users in pairs)
    seats = Seat.objects.bulk_create(
        Seat(game=game, position=p, user=user, name=user.username)
        for game, users in zip(games, pairs, strict=True)
        for p, user in enumerate(users)
    )
    if values["state"] is not None:
        Hand.objects.bulk_create(Hand(seat=seat, cards=hands[seat.position]) for seat in seats)
    return games


def session_cookie(user, csrf: str) -> str:
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.cached_db import SessionStore

    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}; {settings.CSRF_COOKIE_NAME}={csrf}"


def fill(filler_games: int, move_games: int) -> Fixture:
    from django.db import connection
    from django.middleware.csrf import _get_new_csrf_string
    from django.utils import timezone

    from games import engine
    from games.models import Game

    started = time.perf_counter()
    fx = Fixture(csrf=_get_new_csrf_string())
    player, rival = make_users("bench_p", 2)
    fx.player = player
    fillers = make_users("bench_f", 400)
    rng = random.Random(15)

    # The measured tables: real games through the services, tabletop draws (a play and a draw per turn).
    early, users = started_game(player, rival, seed=5, draw_mode="tabletop")
    fx.table_early = play_until(early, users, 5, rng).pk
    for seed in range(6, 30):
        late, users = started_game(player, rival, seed=seed, draw_mode="tabletop", is_public=True)
        try:
            late = play_until(late, users, 150, rng)
            break
        except RuntimeError:
            continue
    fx.table_late, fx.late_version = late.pk, late.version

    # The template of every bulk-created game: started, automatic draws, no move yet.
    template, users = started_game(player, rival, seed=1)
    turn = template.turn_position
    state = engine.state_from_json(template.state)
    fx.move_text = next(m for m in engine.legal_moves(state, turn) if " " in m and not m.startswith("pass"))

    def pair(me, other, my_turn=True):
        return (me, other) if (turn == 0) == my_turn else (other, me)

    # Move POST: one fresh game per request, the player to move.
    movers = clone_games(template, (pair(player, fillers[i % len(fillers)]) for i in range(move_games + 1)))
    fx.move_games, fx.spare_move_game = [g.pk for g in movers[:-1]], movers[-1].pk

    # My games: users with 4, 20 and 40 games in play, half of them their move.
    for count in (4, 20, 40):
        (user,) = make_users(f"bench_list{count}_", 1)
        clone_games(template, (pair(user, fillers[i], my_turn=i % 2 == 0) for i in range(count)))
        fx.list_users[count] = user

    # Games in play between others, a tenth public; public games forming; finished games of the player.
    others = clone_games(template, ((fillers[i % 400], fillers[(i + 1 + i // 400) % 400]) for i in range(filler_games)))
    Game.objects.filter(pk__in=[game.pk for game in others[::10]]).update(is_public=True)
    clone_games(
        template,
        ((fillers[i],) for i in range(30)),
        players=2,
        status=Game.Status.FORMING,
        is_public=True,
        state=None,
        cut=None,
        started_at=None,
        turn_position=None,
        turn_deadline=None,
        next_deadline=None,
    )
    now = timezone.now()
    clone_games(
        template,
        (pair(player, fillers[i]) for i in range(30)),
        status=Game.Status.FINISHED,
        is_public=True,
        finished_at=now,
        winner="blue",
        result_reason="sequences",
        turn_deadline=None,
        next_deadline=None,
    )

    for user in (player, *fx.list_users.values()):
        fx.cookies[user.username] = session_cookie(user, fx.csrf)

    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE bench_bare_row (id serial PRIMARY KEY, counter integer NOT NULL, note text)")
        cursor.execute(
            "INSERT INTO bench_bare_row (counter, note) SELECT 0, '' FROM generate_series(1, %s)", [BARE_ROWS]
        )
        cursor.execute("ANALYZE")
    print(
        f"filled in {time.perf_counter() - started:.1f} s: {Game.objects.filter(status='active').count()} games "
        f"in play, tables at move {5} and {fx.late_version}, {move_games} games for the move POST"
    )
    return fx


# --- the servers ----------------------------------------------------------------


@contextlib.contextmanager
def gunicorn(name: str, settings_module: str, env: dict, workdir: Path):
    port = free_port()
    with open(workdir / f"{name}.log", "w") as log:
        yield from _gunicorn(name, settings_module, env, workdir, port, log)


def _gunicorn(name: str, settings_module: str, env: dict, workdir: Path, port: int, log):
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "django.core.wsgi:get_wsgi_application()",
            "--workers=2",
            "--worker-class=sync",
            f"--bind=127.0.0.1:{port}",
            "--log-level=warning",
            f"--chdir={ROOT}",
        ],
        cwd=ROOT,
        env={**env, "DJANGO_SETTINGS_MODULE": settings_module},
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.time() + 30
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"{name} did not start: {(workdir / f'{name}.log').read_text()[-2000:]}")
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.5):
                break
            if time.time() > deadline:
                raise RuntimeError(f"{name} did not start in 30 s")
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


# --- load -------------------------------------------------------------------------


@dataclass
class Target:
    """One thing to measure: GETs of one path, or POSTs cycling through paths."""

    label: str
    port: int
    path: str = "/"
    cookie: str = ""
    post_paths: list | None = None  # a POST each to the next of these
    post_body: str = ""
    expect: int = 200


@dataclass
class Result:
    rps: float
    requests: int
    wrong: int  # answers other than the expected status
    statuses: str = ""


def measure(target: Target, seconds: int, connections: int, threads: int, workdir: Path, use_wrk: bool) -> Result:
    if use_wrk:
        return measure_wrk(target, seconds, connections, threads, workdir)
    return measure_python(target, seconds, connections)


def lua_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


WRK_SCRIPT = """
local paths = {%(paths)s}
local body = %(body)s
local expect = %(expect)d
local threads = {}
wrk.method = %(method)s
wrk.headers["Cookie"] = %(cookie)s
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
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
  return wrk.format(nil, path, nil, body)
end
function response(status, headers, _)
  if status == expect then good = good + 1 else wrong = wrong + 1 end
end
function done(summary, latency, requests)
  local g, w = 0, 0
  for _, t in ipairs(threads) do g = g + t:get("good"); w = w + t:get("wrong") end
  io.write(string.format("BENCH-STATUS %%d %%d\\n", g, w))
end
"""


def measure_wrk(target: Target, seconds: int, connections: int, threads: int, workdir: Path) -> Result:
    script = workdir / "bench.lua"
    paths = target.post_paths or []
    script.write_text(
        WRK_SCRIPT
        % {
            "paths": ",".join(lua_string(p) for p in paths),
            "body": lua_string(target.post_body) if paths else "nil",
            "expect": target.expect,
            "method": lua_string("POST" if paths else "GET"),
            "cookie": lua_string(target.cookie) if target.cookie else "nil",
        }
    )
    url = f"http://127.0.0.1:{target.port}{target.path}"
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--timeout=10s", f"-s{script}", url]
    out = subprocess.run(
        [*command, "--", str(threads)], capture_output=True, text=True, timeout=seconds + 60, check=True
    ).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    good, wrong = map(int, re.search(r"BENCH-STATUS (\d+) (\d+)", out).groups())
    return Result(rps, good + wrong, wrong)


def measure_python(target: Target, seconds: int, connections: int) -> Result:
    """A bounded load generator: `connections` threads with keep-alive
    connections, for `seconds` and at most 50,000 requests (or one per POST path)."""
    paths = target.post_paths
    limit = len(paths) if paths else 50_000
    counter = itertools.count()
    statuses: Counter = Counter()
    lock = threading.Lock()
    stop = time.perf_counter() + seconds
    headers = {"Cookie": target.cookie} if target.cookie else {}
    if paths:
        headers["Content-Type"] = "application/x-www-form-urlencoded"

    def worker():
        conn = http.client.HTTPConnection("127.0.0.1", target.port, timeout=10)
        mine: Counter = Counter()
        while time.perf_counter() < stop:
            with lock:
                index = next(counter)
            if index >= limit:
                break
            if paths:
                conn.request("POST", paths[index], body=target.post_body, headers=headers)
            else:
                conn.request("GET", target.path, headers=headers)
            response = conn.getresponse()
            response.read()
            mine[response.status] += 1
        conn.close()
        with lock:
            statuses.update(mine)

    started = time.perf_counter()
    workers = [threading.Thread(target=worker) for _ in range(connections)]
    for thread in workers:
        thread.start()
    for thread in workers:
        thread.join()
    elapsed = time.perf_counter() - started
    total = sum(statuses.values())
    return Result(total / elapsed, total, total - statuses[target.expect], str(dict(statuses)))


def check_once(target: Target) -> None:
    """One request before measuring, so that a wrong page is not measured for 10 s."""
    conn = http.client.HTTPConnection("127.0.0.1", target.port, timeout=30)
    headers = {"Cookie": target.cookie} if target.cookie else {}
    conn.request("GET", target.path, headers=headers)
    response = conn.getresponse()
    body = response.read()
    conn.close()
    if response.status != target.expect:
        raise RuntimeError(f"{target.label}: GET {target.path} answered {response.status}: {body[:500]!r}")


# --- queries per request --------------------------------------------------------------


def queries_per_request(fx: Fixture) -> list[tuple[str, int]]:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    def count(user, method: str, path: str, **data) -> int:
        client = Client(SERVER_NAME="127.0.0.1")
        if user is not None:
            client.force_login(user)
        getattr(client, method)(path, data)  # warm: the first request fills caches no later one does
        with CaptureQueriesContext(connection) as queries:
            response = getattr(client, method)(path, data)
        assert response.status_code in (200, 303), (path, response.status_code)
        return len(queries)

    rows = [
        ("table page, move 5", count(fx.player, "get", f"/games/{fx.table_early}/")),
        (f"table page, move {fx.late_version}", count(fx.player, "get", f"/games/{fx.table_late}/")),
    ]
    rows += [(f"my games, {n} games", count(user, "get", "/")) for n, user in fx.list_users.items()]
    rows.append(("home (anonymous)", count(None, "get", "/")))
    rows.append(("replay (anonymous)", count(None, "get", f"/games/{fx.table_late}/replay/")))
    client = Client(SERVER_NAME="127.0.0.1")
    client.force_login(fx.player)
    with CaptureQueriesContext(connection) as queries:
        response = client.post(f"/games/{fx.spare_move_game}/move/", {"move": fx.move_text, "version": "0"})
    assert response.status_code == 303, response.status_code
    rows.append(("move POST", len(queries)))
    return rows


# --- the run ------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=int, default=5, help="length of each measurement")
    parser.add_argument("--passes", type=int, default=5, help="alternating passes over every page and its baseline")
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--threads", type=int, default=2, help="wrk threads")
    parser.add_argument("--games", type=int, default=3000, help="games in play between other players")
    parser.add_argument(
        "--move-games", type=int, default=0, help="one per move POST (default: 600 per second measured)"
    )
    parser.add_argument("--quick", action="store_true", help="a first look: 2 s each, 3 passes, 1,000 games")
    parser.add_argument("--python-load", action="store_true", help="the Python load generator even if wrk is there")
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.passes, args.games = 2, 3, 1000
    args.use_wrk = bool(shutil.which("wrk")) and not args.python_load
    if not 1 <= args.seconds <= 120 or not 1 <= args.connections <= 64 or not 1 <= args.threads <= args.connections:
        sys.exit("--seconds 1..120, --connections 1..64, --threads 1..connections")
    if not 1 <= args.passes <= 20:
        sys.exit("--passes 1..20")
    move_games = args.move_games or 600 * args.seconds * args.passes

    url = os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL
    workdir = Path(tempfile.mkdtemp(prefix="sequence-bench-web-"))
    redis = redis_reachable()
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "SECRET_KEY": "bench-web-" + os.urandom(16).hex(),
        "DEBUG": "false",
        "ALLOWED_HOSTS": "127.0.0.1",
        "SITE_URL": "http://127.0.0.1:8000",
        "VAR_DIR": str(workdir),
        "BENCH_STATIC_ROOT": str(workdir / "static"),
        "CACHE_KEY_PREFIX": "sequence-bench-web",
        "LOG_LEVEL": "WARNING",
        "PYTHONPATH": str(ROOT),
    }
    if redis:
        env["REDIS_URL"] = "redis://127.0.0.1:6379/11"
    else:
        env.pop("REDIS_URL", None)
    os.environ.update(env)
    os.environ["DJANGO_SETTINGS_MODULE"] = "bench.web_settings"
    # Ctrl-C and a plain kill both unwind through the finally blocks below.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    database_create(url)
    try:
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connections

        call_command("migrate", verbosity=0)
        call_command("collectstatic", verbosity=0, interactive=False)
        fx = fill(args.games, move_games)
        queries = queries_per_request(fx)
        connections.close_all()
        print(
            f"load: {'wrk' if args.use_wrk else 'Python load generator'}; broker and cache: "
            f"{'Redis db 11' if redis else 'embedded (no Redis on 127.0.0.1:6379)'}; "
            f"{args.passes} passes, {args.seconds} s each, {args.connections} connections"
        )
        with (
            gunicorn("bare", "bench.bare.settings", env, workdir) as bare,
            gunicorn("site", "bench.web_settings", env, workdir) as site,
        ):
            passes = run_measurements(fx, bare, site, args, workdir)
        report(passes, queries, fx)
    finally:
        with contextlib.suppress(Exception):
            from django.db import connections

            connections.close_all()
        database_drop(url)
        if redis:
            with contextlib.suppress(Exception):
                import redis as redis_client

                redis_client.Redis.from_url("redis://127.0.0.1:6379/11").flushdb()
        shutil.rmtree(workdir, ignore_errors=True)


@dataclass
class Row:
    """One ratio: a page of the site and its bare baseline, measured one right after the other."""

    label: str
    site: Target
    base: Target
    target: float | None  # issue #15's ratio, or None when only its growth counts


def rows_to_measure(fx: Fixture, bare: int, site: int) -> list[Row]:
    player_cookie = fx.cookies[fx.player.username]
    token = f"&csrfmiddlewaretoken={fx.csrf}"
    move_body = f"move={urllib.parse.quote_plus(fx.move_text)}&version=0{token}"
    lists = {n: fx.cookies[user.username] for n, user in fx.list_users.items()}
    logged_in = Target("bare page (logged in)", bare, "/board/", player_cookie)
    anonymous = Target("bare page (anonymous)", bare, "/board/")
    lock = Target(
        "bare lock-and-update POST",
        bare,
        "/lock/1/",
        player_cookie,
        post_paths=[f"/lock/{i}/" for i in range(1, BARE_ROWS + 1)],
        post_body=move_body,
        expect=303,
    )
    move = Target(
        "move POST",
        site,
        f"/games/{fx.move_games[0]}/move/",
        player_cookie,
        post_paths=[],
        post_body=move_body,
        expect=303,
    )
    late = f"table page, move {fx.late_version}"
    replay = f"replay, move {fx.late_version} (anonymous)"
    return [
        Row(
            "table page, move 5",
            Target("table page, move 5", site, f"/games/{fx.table_early}/", player_cookie),
            logged_in,
            0.5,
        ),
        Row(late, Target(late, site, f"/games/{fx.table_late}/", player_cookie), logged_in, 0.5),
        Row("move POST", move, lock, 0.3),
        *(
            Row(
                f"my games, {n} games",
                Target(f"my games, {n} games", site, "/", cookie),
                logged_in,
                0.4 if n == 20 else None,
            )
            for n, cookie in lists.items()
        ),
        Row("home (anonymous)", Target("home (anonymous)", site, "/"), anonymous, 0.5),
        Row("open games (anonymous)", Target("open games (anonymous)", site, "/games/open/"), anonymous, 0.5),
        Row(replay, Target(replay, site, f"/games/{fx.table_late}/replay/"), anonymous, 0.5),
        Row(
            "profile (anonymous)",
            Target("profile (anonymous)", site, f"/players/{fx.player.username}/"),
            anonymous,
            0.5,
        ),
    ]


def run_measurements(fx: Fixture, bare: int, site: int, args, workdir: Path) -> list[dict]:
    """`args.passes` passes over every row; in each, the page and its baseline
    one right after the other (the baseline first in even passes, last in
    odd ones), so that a change in the machine's load hits both. Returns, per
    pass, the load average and label -> (page, baseline, target)."""
    from games.models import Game, Move

    rows = rows_to_measure(fx, bare, site)
    for target in {id(t): t for row in rows for t in (row.site, row.base)}.values():
        if target.post_paths is None:  # every page answers as expected, and every worker has imported its code
            for _ in range(4):
                check_once(target)
    fresh = list(fx.move_games)
    accepted = 0
    passes = []
    for number in range(args.passes):
        load = os.getloadavg()[0]
        print(f"pass {number + 1} of {args.passes} (load average {load:.1f})", flush=True)
        results = {}
        for row in rows:
            if row.site.label == "move POST":  # each POST a first move in a game nobody moved in yet
                row.site.post_paths = [f"/games/{pk}/move/" for pk in fresh]
            order = (row.base, row.site) if number % 2 == 0 else (row.site, row.base)
            got = {
                id(t): measure(t, args.seconds, args.connections, args.threads, workdir, args.use_wrk) for t in order
            }
            page, base = got[id(row.site)], got[id(row.base)]
            results[row.label] = (page, base, row.target)
            wrong = f"  !! {page.wrong} answers not {row.site.expect} {page.statuses}" if page.wrong else ""
            print(
                f"  {row.label:<34} {page.rps:>8.1f} req/s  baseline {base.rps:>8.1f}  "
                f"{page.rps / base.rps if base.rps else float('nan'):>5.2f}×{wrong}",
                flush=True,
            )
            if row.site.label == "move POST":
                accepted += page.requests - page.wrong
                time.sleep(1)  # the requests still in flight when the load stopped finish first
                fresh = list(Game.objects.filter(pk__in=fresh, version=0).order_by("pk").values_list("pk", flat=True))
        passes.append({"load": load, "results": results})
    recorded = Move.objects.filter(game_id__in=fx.move_games).count()
    print(
        f"  move POST: {accepted} answered 303, {recorded} moves recorded in the database "
        f"(up to {args.connections * args.passes} more: requests in flight when the load stopped)"
    )
    if not accepted <= recorded <= accepted + args.connections * args.passes:
        print("  !! the moves recorded do not match the 303s: raise --move-games if they ran out of fresh games")
    return passes


def report(passes: list[dict], queries: list, fx: Fixture) -> None:
    loads = ", ".join(f"{p['load']:.1f}" for p in passes)
    print()
    print(f"medians of {len(passes)} passes (load average at each pass: {loads}; CPUs: {os.cpu_count()})")
    print(f"{'what':<34} {'req/s':>8} {'baseline':>9} {'ratio':>6} {'range':>11} {'target':>7}  result")
    for label, (_, _, target) in passes[0]["results"].items():
        pages = [p["results"][label][0].rps for p in passes]
        bases = [p["results"][label][1].rps for p in passes]
        ratios = [page / base if base else float("nan") for page, base in zip(pages, bases, strict=True)]
        ratio = statistics.median(ratios)
        verdict = ("ok" if ratio >= target else "below") if target else "-"
        shown = f"≥{target:.1f}×" if target else "-"
        spread = f"{min(ratios):.2f}–{max(ratios):.2f}"
        print(
            f"{label:<34} {statistics.median(pages):>8.1f} {statistics.median(bases):>9.1f} {ratio:>5.2f}× "
            f"{spread:>11} {shown:>7}  {verdict}"
        )
    print()
    late = f"table page, move {fx.late_version}"

    def growth(a: str, b: str) -> float:
        return statistics.median(p["results"][a][0].rps / p["results"][b][0].rps for p in passes)

    growth_table = growth(late, "table page, move 5")
    growth_list = growth("my games, 4 games", "my games, 40 games")
    print(f"{'growth (median of the passes)':<34} {'value':>8} {'target':>9}  result")
    print(
        f"{'table: req/s move ' + str(fx.late_version) + ' / move 5':<34} {growth_table:>8.2f} {'≥0.90':>9}  "
        f"{'ok' if growth_table >= 0.9 else 'below'}"
    )
    print(
        f"{'my games: time 40 games / 4 games':<34} {growth_list:>8.2f} {'≤1.50':>9}  "
        f"{'ok' if growth_list <= 1.5 else 'above'}"
    )
    print()
    print(f"{'queries per request (test client)':<34} {'queries':>8}")
    for label, count in queries:
        print(f"{label:<34} {count:>8}")


if __name__ == "__main__":
    main()
