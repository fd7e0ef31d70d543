"""The web pages as players load them, and the move POST, against bare Django floors, with wrk.

    nice python bench/web.py [--quick] [--seconds 5] [--passes 5] [--cold-games N] [--port-base 8300]

Creates a PostgreSQL database (DATABASE_URL, by default
postgres://postgres@127.0.0.1:5432/bench_web; its name must contain "bench":
it is dropped and created again), migrates it, fills it with games in play,
starts three apps under gunicorn (2 sync workers each, DEBUG off, on
loopback): the site (bench/web_settings.py), the bare signed-in floor
(bench/bare/settings.py: Django's session, security, locale, CSRF, auth and
messages middleware, as the site has them, and a 10×10 board template) and
the minimal floor (bench/bare/minimal_settings.py: the same template, no
middleware). Then measures, with wrk only (it refuses to run without it):

- the table page **cold**: many games, each already moved in and never
  viewed, each requested once by its player to move (a Lua script walks the
  list, each address with its own player's session cookie): what a player
  loads after the other side's move, a cache miss;
- the table page **warm**: a reload of 20 of the games just viewed;
- the move POST: each prepared game once, 303 checked, every move counted in
  the database; against a bare lock-and-update of one row of many;
- my games (4, 20, 40 games), and the public pages as a visitor;

in alternating passes (the floors measured at the start and the end of each
pass, the pages in the opposite order in every other pass), and prints the
median ratios and their ranges against issue #31's targets, the growth ratios,
each app's memory (each worker's RSS and USS, and the app's PSS per worker, which
the target is on; every app run as the site is deployed, sequence_site/gunicorn_config.py:
loaded in the master, shared by the workers) and the queries per request.
`--profile N --profile-of cold|warm|move|list` profiles N requests in process
instead, with their queries, cache round trips and Python calls. Prints the load
average beside every pass: the ratios mean something only within one run.
Stops its servers, drops its database, empties its Redis database and removes
its files at the end, also on Ctrl-C. Never run by CI."""

import argparse
import contextlib
import http.client
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
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/bench_web"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/11"
LOOPBACK = {"127.0.0.1", "localhost", "::1"}
PASSWORD = "bench-web-passphrase"
BARE_ROWS = 20000
COLD_AT = 20  # the cold games' position: moves played
WARM_GAMES = 20  # the games a warm pass reloads, in turn


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
    if not re.fullmatch(r"\w*bench\w*", name):
        sys.exit(f"The database {name!r} would be dropped and created again: its name must contain 'bench'")
    return name


def database_create(url: str) -> None:
    name = database_name(url)
    with admin_connect(url) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def database_drop(url: str) -> None:
    with admin_connect(url) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{database_name(url)}" WITH (FORCE)')


def redis_reachable(url: str) -> bool:
    parts = urllib.parse.urlsplit(url)
    if parts.hostname not in LOOPBACK:
        sys.exit("bench/web.py only talks to loopback: the Redis URL must point at 127.0.0.1")
    try:
        with socket.create_connection((parts.hostname, parts.port or 6379), timeout=0.5) as sock:
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
    bare_cookie: str = ""  # the player's, for the bare floor: signed in by Django's own backend
    csrf: str = ""
    table_early: int = 0  # game ids
    table_late: int = 0
    late_version: int = 0
    move_games: list = field(default_factory=list)  # (game id, cookie of its player to move)
    move_text: str = ""
    spare_move_game: int = 0
    list_users: dict = field(default_factory=dict)  # games -> user
    cold: list = field(default_factory=list)  # (path, cookie of the player to move): each viewed once
    cold_spare: tuple = ()  # (path, player to move) of one more, viewed only by the query count


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


def session_cookie(user, csrf: str, backend: str = "") -> str:
    """A signed-in session of `user`, by the site's first backend unless
    `backend` (the bare floor's is Django's own)."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.cached_db import SessionStore

    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = backend or settings.AUTHENTICATION_BACKENDS[0]
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}; {settings.CSRF_COOKIE_NAME}={csrf}"


def clone_played(template, pairs) -> list:
    """Games in the template's position with its move log, one per tuple of
    users (by seat), bulk-created: each as if its last move had just been
    played, and nobody had viewed it since."""
    from games.models import Game, Hand, Move, Seat

    def copied(row, *skip) -> dict:
        return {f.attname: getattr(row, f.attname) for f in type(row)._meta.concrete_fields if f.name not in skip}

    game_values = copied(template, "id", "created_by")
    seats = {seat.position: seat for seat in template.seats.select_related("hand")}
    moves = [copied(move, "id", "game", "entered_by") for move in template.moves.order_by("seq")]
    pairs = list(pairs)
    games = Game.objects.bulk_create(Game(created_by=users[0], **game_values) for users in pairs)
    new_seats = Seat.objects.bulk_create(
        Seat(game=game, user=user, name=user.username, **copied(seats[p], "id", "game", "user", "name", "last_seen_at"))
        for game, users in zip(games, pairs, strict=True)
        for p, user in enumerate(users)
    )
    Hand.objects.bulk_create(Hand(seat=seat, cards=seats[seat.position].hand.cards) for seat in new_seats)
    Move.objects.bulk_create(
        (
            Move(game=game, entered_by=users[move["seat"]] if move["seat"] is not None else None, **move)
            for game, users in zip(games, pairs, strict=True)
            for move in moves
        ),
        batch_size=5000,
    )
    return games


def session_cookies(users, csrf: str) -> dict:
    return {user.pk: session_cookie(user, csrf) for user in users}


def fill(filler_games: int, move_games: int, cold_games: int) -> Fixture:
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

    # The tables reloaded (warm) for the growth: real games through the services, tabletop draws.
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

    # The cold tables: one game played to move COLD_AT through the services, cloned with its
    # log, between pairs of the 400 fillers; each is viewed once, by its player to move.
    for seed in range(40, 60):
        mid, users = started_game(fillers[0], fillers[1], seed=seed)
        try:
            mid = play_until(mid, users, COLD_AT, rng)
            break
        except RuntimeError:
            continue
    mid.refresh_from_db()
    turn = mid.turn_position
    pairs = [(fillers[i % 400], fillers[(i + 1 + i // 400) % 400]) for i in range(cold_games + 1)]
    cold = clone_played(mid, pairs)
    cookies = session_cookies(fillers, fx.csrf)
    fx.cold = [(f"/games/{game.pk}/", cookies[users[turn].pk]) for game, users in zip(cold, pairs, strict=True)]
    fx.cold_spare = (fx.cold.pop()[0], pairs[-1][turn])  # for the queries of a first view

    # The template of the other bulk-created games: started, automatic draws, no move yet.
    template, users = started_game(player, rival, seed=1)
    turn = template.turn_position
    state = engine.state_from_json(template.state)
    fx.move_text = next(m for m in engine.legal_moves(state, turn) if " " in m and not m.startswith("pass"))

    def pair(me, other, my_turn=True):
        return (me, other) if (turn == 0) == my_turn else (other, me)

    # Move POST: one fresh game per request, its player to move one of the fillers (a player with
    # thousands of games in play would make the header's count of their turns the measure).
    movers = clone_games(template, (pair(fillers[i % 400], fillers[(i + 7) % 400]) for i in range(move_games)))
    fx.move_games = [(g.pk, cookies[fillers[i % 400].pk]) for i, g in enumerate(movers)]
    fx.spare_move_game = clone_games(template, [pair(player, rival)])[0].pk

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
    fx.bare_cookie = session_cookie(player, fx.csrf, backend="django.contrib.auth.backends.ModelBackend")

    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE bench_bare_row (id serial PRIMARY KEY, counter integer NOT NULL, note text)")
        cursor.execute(
            "INSERT INTO bench_bare_row (counter, note) SELECT 0, '' FROM generate_series(1, %s)", [BARE_ROWS]
        )
        cursor.execute("ANALYZE")
    print(
        f"filled in {time.perf_counter() - started:.1f} s: {Game.objects.filter(status='active').count()} games "
        f"in play; {cold_games} cold tables at move {COLD_AT} (each viewed at most once); warm tables at move 5 "
        f"and {fx.late_version}; {move_games} games for the move POST"
    )
    return fx


# --- the servers ----------------------------------------------------------------


@contextlib.contextmanager
def gunicorn(name: str, settings_module: str, env: dict, workdir: Path, port: int):
    with open(workdir / f"{name}.log", "w") as log:
        yield from _gunicorn(name, settings_module, env, workdir, port or free_port(), log)


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
            # As the site is deployed, for every app alike: loaded in the master, shared by the workers.
            "--config=python:sequence_site.gunicorn_config",
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
        yield Server(name, port, process.pid)
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
class Server:
    name: str
    port: int
    pid: int  # gunicorn's master


@dataclass
class Target:
    """One thing to measure: GETs of one path; or a walk through a list of
    (path, cookie), each requested once (a GET each, or a POST each)."""

    label: str
    server: Server
    path: str = "/"
    cookie: str = ""
    walk: list | None = None  # (path, cookie) pairs, each requested at most once; wrk stops at the end
    post_body: str = ""
    expect: int = 200

    @property
    def method(self) -> str:
        return "POST" if self.post_body else "GET"


@dataclass
class Result:
    rps: float
    requests: int
    wrong: int  # answers other than the expected status
    walked_out: bool = False  # a walk ran out of paths before the time was up


def lua_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# Each wrk thread walks its own share of the list (thread k: entries k, k + T, …)
# and stops when it has sent its last one, so no entry is requested twice.
WRK_SCRIPT = """
local walk = {%(walk)s}
local body = %(body)s
local expect = %(expect)d
local method = %(method)s
local cookie = %(cookie)s
local threads = {}
function setup(thread)
  thread:set("first", #threads)
  table.insert(threads, thread)
end
function init(args)
  step = tonumber(args[1])
  i = first
  good = 0
  wrong = 0
  out = 0
end
function request()
  local headers = {}
  headers["Content-Type"] = "application/x-www-form-urlencoded"
  if #walk == 0 then
    if cookie then headers["Cookie"] = cookie end
    return wrk.format(method, nil, headers, body)
  end
  local entry = walk[(i %% #walk) + 1]
  if i >= #walk then out = 1; wrk.thread:stop() end
  i = i + step
  headers["Cookie"] = entry[2]
  return wrk.format(method, entry[1], headers, body)
end
function response(status, headers, _)
  if status == expect then good = good + 1 else wrong = wrong + 1 end
end
function done(summary, latency, requests)
  local g, w, o = 0, 0, 0
  for _, t in ipairs(threads) do g = g + t:get("good"); w = w + t:get("wrong"); o = o + t:get("out") end
  io.write(string.format("BENCH-STATUS %%d %%d %%d\\n", g, w, o))
end
"""


def measure(target: Target, seconds: int, connections: int, threads: int, workdir: Path) -> Result:
    script = workdir / "bench.lua"
    walk = target.walk or []
    script.write_text(
        WRK_SCRIPT
        % {
            "walk": ",".join(f"{{{lua_string(path)},{lua_string(cookie)}}}" for path, cookie in walk),
            "body": lua_string(target.post_body) if target.post_body else "nil",
            "expect": target.expect,
            "method": lua_string(target.method),
            "cookie": lua_string(target.cookie) if target.cookie else "nil",
        }
    )
    url = f"http://127.0.0.1:{target.server.port}{target.path}"
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--timeout=10s", f"-s{script}", url]
    out = subprocess.run(
        [*command, "--", str(threads)], capture_output=True, text=True, timeout=seconds + 60, check=True
    ).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    good, wrong, out_of_paths = map(int, re.search(r"BENCH-STATUS (\d+) (\d+) (\d+)", out).groups())
    return Result(rps, good + wrong, wrong, bool(out_of_paths))


def check_once(target: Target) -> None:
    """One request before measuring, so that a wrong page is not measured for seconds."""
    conn = http.client.HTTPConnection("127.0.0.1", target.server.port, timeout=30)
    headers = {"Cookie": target.cookie} if target.cookie else {}
    conn.request("GET", target.path, headers=headers)
    response = conn.getresponse()
    body = response.read()
    conn.close()
    if response.status != target.expect:
        raise RuntimeError(f"{target.label}: GET {target.path} answered {response.status}: {body[:500]!r}")


@dataclass
class Memory:
    """An app's memory after the run, in MB: each worker's RSS (what `ps` shows:
    every page it maps, shared or not), USS (its own pages only) and PSS (its
    own, plus its share of each page shared by n processes, 1/n of it), and the
    master's PSS."""

    rss: list[float]
    uss: list[float]
    pss: list[float]
    master_pss: float

    @property
    def per_worker(self) -> float:
        """The app's whole PSS (master and workers) per worker: what each worker
        costs the host, shared pages counted once and none left out."""
        return (self.master_pss + sum(self.pss)) / len(self.pss)


def rollup(pid: int) -> dict[str, float]:
    """A process's /proc/PID/smaps_rollup, in MB."""
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value = line.split(":", 1)
        fields[name] = int(value.split()[0]) / 1024
    return fields


def app_memory(server: Server) -> Memory:
    """The memory of a gunicorn's master and of each of its workers (the master's children)."""
    workers = []
    for status in Path("/proc").glob("[0-9]*/status"):
        with contextlib.suppress(OSError):
            fields = dict(line.split(":", 1) for line in status.read_text().splitlines() if ":" in line)
            if int(fields["PPid"]) == server.pid:
                workers.append(rollup(int(status.parent.name)))
    return Memory(
        rss=[w["Rss"] for w in workers],
        uss=[w["Private_Clean"] + w["Private_Dirty"] for w in workers],
        pss=[w["Pss"] for w in workers],
        master_pss=rollup(server.pid)["Pss"],
    )


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

    client = Client(SERVER_NAME="127.0.0.1")
    client.force_login(fx.cold_spare[1])
    with CaptureQueriesContext(connection) as queries:
        assert client.get(fx.cold_spare[0]).status_code == 200
    rows = [
        ("table page, cold (first view)", len(queries)),
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


# --- where a cold page's time goes ------------------------------------------------------------

# (what, file, function): cumulative time of each, so a part includes what it calls
# (the view-model is built lazily, inside the template's rendering).
PROFILED = [
    ("the whole request (test client)", "django/test/client.py", "request"),
    ("session and user (middleware)", "django/contrib/auth/__init__.py", "get_user"),
    ("session load", "django/contrib/sessions/backends/cached_db.py", "load"),
    ("loading the game (game_for_viewer)", "games/selectors.py", "game_for_viewer"),
    ("the viewer's mutes (muted_by)", "games/selectors.py", "muted_by"),
    ("the header's count (my_move_count)", "games/selectors.py", "my_move_count"),
    ("the seat's presence (seat_seen)", "games/services/seating.py", "seat_seen"),
    ("the view (_game_page)", "games/web/views.py", "_game_page"),
    ("the move (move_submit)", "games/services/moves.py", "move_submit"),
    ("my games (selectors.my_games)", "games/selectors.py", "my_games"),
    ("templates (render_to_string, all of it)", "django/template/loader.py", "render_to_string"),
    ("view-model (table_for, in the templates)", "games/viewmodels/table.py", "table_for"),
    ("  engine: state_from_json", "games/engine/state.py", "state_from_json"),
    ("  engine: player_view", "games/engine/view.py", "player_view"),
    ("  engine: legal_actions", "games/engine/rules.py", "legal_actions"),
    ("chat (chat_for)", "games/viewmodels/chat.py", "chat_for"),
    ("cache reads", "django/core/cache/backends/redis.py", ("get", "get_many")),
    ("cache writes", "django/core/cache/backends/redis.py", ("set", "set_many")),
]


def profile_views(fx: Fixture, views: int, kind: str) -> None:
    """`views` requests of one kind in process under cProfile, after a warm-up,
    as a worker answers them (one WSGI handler): cold first views (each game
    viewed once by its player to move), warm reloads (20 of those, viewed once
    first), move POSTs (each prepared game once) or my games (20 games).
    Prints the parts' cumulative times, the queries and cache trips per request."""
    import cProfile
    import pstats

    from django.db import connection
    from django.test import Client

    client = Client(SERVER_NAME="127.0.0.1")  # one handler: its middleware is loaded once, as in a worker

    def get(path: str, cookie: str) -> None:
        client.cookies.clear()
        client.cookies.load(cookie)
        assert client.get(path).status_code == 200, path

    def post(path: str, cookie: str) -> None:
        client.cookies.clear()
        client.cookies.load(cookie)
        data = {"move": fx.move_text, "version": "0", "csrfmiddlewaretoken": fx.csrf}
        assert client.post(path, data).status_code == 303, path

    if kind == "cold":
        walk, answer = fx.cold[: views + 2], get
    elif kind == "warm":
        for path, cookie in fx.cold[:WARM_GAMES]:
            get(path, cookie)
        walk, answer = (fx.cold[:WARM_GAMES] * (views // WARM_GAMES + 2))[: views + 2], get
    elif kind == "move":
        walk, answer = [(f"/games/{pk}/move/", cookie) for pk, cookie in fx.move_games[: views + 2]], post
    else:
        walk, answer = [("/", fx.cookies[fx.list_users[20].username])] * (views + 2), get
    if len(walk) < views + 2:
        sys.exit(f"--profile {views}: only {len(walk) - 2} {kind} requests prepared")
    answer(*walk[0])  # imports, compiled templates
    queries = []
    logged = lambda run, sql, *rest: queries.append(sql) or run(sql, *rest)  # noqa: E731
    with connection.execute_wrapper(logged), cache_trips() as trips:
        answer(*walk[1])
    rest = walk[2:]
    profiler = cProfile.Profile()
    started = time.perf_counter()
    profiler.enable()
    for path, cookie in rest:
        answer(path, cookie)
    profiler.disable()
    elapsed = (time.perf_counter() - started) / len(rest)
    stats = pstats.Stats(profiler)
    calls = sum(entry[1] for entry in stats.stats.values())
    print(
        f"\n{len(rest)} {kind} requests in process: {elapsed * 1000:.1f} ms each (load {os.getloadavg()[0]:.2f}); "
        f"{len(queries)} queries, {len(trips)} cache trips ({', '.join(trips)}), "
        f"{calls / len(rest):,.0f} Python function calls per request"
    )
    for sql in queries:
        print(f"    {sql[:150]}")
    total = None
    for label, filename, function in PROFILED:
        cumulative = sum(
            entry[3]
            for (file, _, name), entry in stats.stats.items()
            if file.endswith(filename) and name in (function if isinstance(function, tuple) else (function,))
        )
        total = total or cumulative
        print(f"  {label:<44} {cumulative / len(rest) * 1000:>7.2f} ms  {cumulative / total:>5.0%}")
    stats.sort_stats("cumulative").print_stats(60)
    stats.sort_stats("tottime").print_stats(30)


@contextlib.contextmanager
def cache_trips():
    """The names of the cache client's calls (each a round trip to Redis) made inside."""
    from django.core.cache.backends.redis import RedisCacheClient

    made, originals = [], {}
    for name in ("get", "get_many", "set", "set_many", "add", "delete", "delete_many", "incr", "touch"):
        originals[name] = getattr(RedisCacheClient, name)

        def counted(self, *args, _name=name, **kwargs):
            made.append(_name)
            return originals[_name](self, *args, **kwargs)

        setattr(RedisCacheClient, name, counted)
    try:
        yield made
    finally:
        for name, original in originals.items():
            setattr(RedisCacheClient, name, original)


# --- the run ------------------------------------------------------------------------------


@dataclass
class Row:
    """A page of the site, the floor it is read against, and its target ratio (None: shown, no target)."""

    label: str
    site: Target
    floor: str  # a key of floors()
    target: float | None = None


def floors(fx: Fixture, bare: Server, minimal: Server, move_body: str) -> dict[str, Target]:
    """The bare pages every row is read against, measured at both ends of each pass."""
    player = fx.bare_cookie
    return {
        "signed-in": Target("bare page, signed in", bare, "/board/", player),
        "minimal": Target("minimal page", minimal, "/board/"),
        "visitor": Target("bare page, visitor", bare, "/board/"),
        "lock": Target(
            "bare lock-and-update POST",
            bare,
            walk=[(f"/lock/{i}/", player) for i in range(1, BARE_ROWS + 1)],
            post_body=move_body,
            expect=303,
        ),
    }


def rows_to_measure(fx: Fixture, site: Server, move_body: str) -> list[Row]:
    player = fx.cookies[fx.player.username]
    lists = {n: fx.cookies[user.username] for n, user in fx.list_users.items()}
    move = Target("move POST", site, walk=[], post_body=move_body, expect=303)
    late = f"table page, warm, move {fx.late_version}"
    cold = Target("table page, cold", site, walk=[])
    return [
        Row("table page, cold", cold, "signed-in", 0.3),
        Row("table page, cold (vs minimal)", cold, "minimal", 0.15),
        Row("table page, warm", Target("table page, warm", site, walk=[]), "signed-in", 1.0),
        Row(
            "table page, warm, move 5",
            Target("table page, warm, move 5", site, f"/games/{fx.table_early}/", player),
            "signed-in",
        ),
        Row(late, Target(late, site, f"/games/{fx.table_late}/", player), "signed-in"),
        Row("move POST", move, "lock", 0.5),
        *(
            Row(
                f"my games, {n} games",
                Target(f"my games, {n} games", site, "/", cookie),
                "signed-in",
                0.5 if n == 20 else None,
            )
            for n, cookie in lists.items()
        ),
        Row("home (visitor)", Target("home (visitor)", site, "/"), "visitor", 0.5),
        Row("open games (visitor)", Target("open games (visitor)", site, "/games/open/"), "visitor", 0.5),
        Row(
            f"replay, move {fx.late_version} (visitor)",
            Target("replay (visitor)", site, f"/games/{fx.table_late}/replay/"),
            "visitor",
            0.5,
        ),
        Row("profile (visitor)", Target("profile (visitor)", site, f"/players/{fx.player.username}/"), "visitor", 0.5),
    ]


def run_measurements(fx: Fixture, site: Server, bare: Server, minimal: Server, args, workdir: Path) -> list[dict]:
    """`args.passes` passes: the floors, every page, the floors again (the
    pages in reverse order in every other pass), so that a change in the
    machine's load hits a page and its floor alike. The cold table walks the
    next share of the never-viewed games; the warm one reloads 20 of those
    it just viewed. Returns, per pass, its load average and label -> (page
    req/s, floor req/s, target)."""
    from games.models import Game, Move

    move_body = f"move={urllib.parse.quote_plus(fx.move_text)}&version=0&csrfmiddlewaretoken={fx.csrf}"
    bases = floors(fx, bare, minimal, move_body)
    rows = rows_to_measure(fx, site, move_body)
    for target in [*bases.values(), *(row.site for row in rows)]:
        if target.walk is None:  # every page answers as expected, and every worker has imported its code
            for _ in range(4):
                check_once(target)
    share = len(fx.cold) // args.passes
    fresh = list(fx.move_games)
    cookie_of = dict(fx.move_games)
    accepted, passes = 0, []
    measure_with = lambda target: measure(target, args.seconds, args.connections, args.threads, workdir)  # noqa: E731
    for number in range(args.passes):
        load = os.getloadavg()
        print(
            f"pass {number + 1} of {args.passes} (load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f})", flush=True
        )
        cold_walk = fx.cold[number * share : (number + 1) * share]
        floor_rps = {name: [measure_with(target).rps] for name, target in bases.items()}
        measured: dict[str, Result] = {}
        for row in rows if number % 2 == 0 else rows[::-1]:
            if row.site.label in measured:  # one measurement, two floors (the cold page)
                continue
            if row.site.label == "table page, cold":
                row.site.walk = cold_walk
            elif row.site.label == "table page, warm":  # reloads: each viewed once first, if the cold walk did not
                for path, cookie in cold_walk[:WARM_GAMES]:
                    check_once(Target("table page, warm", site, path, cookie))
                row.site.walk = cold_walk[:WARM_GAMES] * 1000
            elif row.site.label == "move POST":  # each POST a first move in a game nobody moved in yet
                row.site.walk = [(f"/games/{pk}/move/", cookie) for pk, cookie in fresh]
            result = measured[row.site.label] = measure_with(row.site)
            notes = f"  !! {result.wrong} answers not {row.site.expect}" if result.wrong else ""
            if result.walked_out and row.site.label != "table page, warm":
                notes += f"  !! ran out of {'games' if 'cold' in row.site.label else 'paths'} before {args.seconds} s"
            print(f"  {row.site.label:<36} {result.rps:>8.1f} req/s  ({result.requests} requests){notes}", flush=True)
            if row.site.label == "move POST":
                accepted += result.requests - result.wrong
                settled, recorded = -1, 0  # the requests still in flight when the load stopped finish first
                while recorded != settled:
                    time.sleep(1)
                    settled, recorded = recorded, Move.objects.filter(game_id__in=cookie_of).count()
                unmoved = Game.objects.filter(pk__in=cookie_of, version=0).order_by("pk").values_list("pk", flat=True)
                fresh = [(pk, cookie_of[pk]) for pk in unmoved]
        for name, target in reversed(bases.items()):
            floor_rps[name].append(measure_with(target).rps)
        for name, (first, last) in floor_rps.items():
            print(f"  {bases[name].label:<36} {first:>8.1f} / {last:.1f} req/s (start / end of the pass)", flush=True)
        results = {
            row.label: (measured[row.site.label].rps, statistics.mean(floor_rps[row.floor]), row.target, row.floor)
            for row in rows
        }
        passes.append({"load": load, "results": results})
    recorded = Move.objects.filter(game_id__in=cookie_of).count()
    print(
        f"  move POST: {accepted} answered 303, {recorded} moves recorded in the database "
        f"(up to {args.connections * args.passes} more: requests in flight when the load stopped)"
    )
    if not accepted <= recorded <= accepted + args.connections * args.passes:
        print("  !! the moves recorded do not match the 303s: raise --move-games if they ran out of fresh games")
    return passes


def report(passes: list[dict], queries: list, memory: dict, fx: Fixture) -> None:
    loads = ", ".join(f"{p['load'][0]:.2f}" for p in passes)
    print()
    print(f"medians of {len(passes)} passes (load average at each pass: {loads}; CPUs: {os.cpu_count()})")
    print(f"{'what':<36} {'req/s':>8} {'floor':>10} {'req/s':>8} {'ratio':>6} {'range':>11} {'target':>7}  result")
    for label, (_, _, target, floor) in passes[0]["results"].items():
        pages = [p["results"][label][0] for p in passes]
        bases = [p["results"][label][1] for p in passes]
        ratios = [page / base if base else float("nan") for page, base in zip(pages, bases, strict=True)]
        ratio = statistics.median(ratios)
        verdict = ("ok" if ratio >= target else "below") if target else "-"
        shown = f"≥{target:.2f}×" if target else "-"
        spread = f"{min(ratios):.2f}–{max(ratios):.2f}"
        print(
            f"{label:<36} {statistics.median(pages):>8.1f} {floor:>10} {statistics.median(bases):>8.1f} "
            f"{ratio:>5.2f}× {spread:>11} {shown:>7}  {verdict}"
        )
    print()

    def growth(a: str, b: str) -> float:
        return statistics.median(p["results"][a][0] / p["results"][b][0] for p in passes)

    growth_table = growth(f"table page, warm, move {fx.late_version}", "table page, warm, move 5")
    growth_list = growth("my games, 4 games", "my games, 40 games")
    print(f"{'growth (median of the passes)':<36} {'value':>8} {'target':>9}  result")
    print(
        f"{'table: req/s move ' + str(fx.late_version) + ' / move 5':<36} {growth_table:>8.2f} {'≥0.90':>9}  "
        f"{'ok' if growth_table >= 0.9 else 'below'}"
    )
    print(
        f"{'my games: time 40 games / 4 games':<36} {growth_list:>8.2f} {'≤1.50':>9}  "
        f"{'ok' if growth_list <= 1.5 else 'above'}"
    )
    print()
    print(
        "worker memory after the run, MB: RSS and USS of each worker; PSS of the app (master and workers) "
        "per worker, the figure the target is on (shared pages counted once, none left out)"
    )
    print(f"{'':<24} {'RSS':>11} {'USS':>11} {'PSS/worker':>10} {'site ÷ it: RSS USS PSS':>24} {'target':>7}  result")
    site = memory["site"]
    for name, app in memory.items():
        ratios = [
            statistics.mean(site.rss) / statistics.mean(app.rss),
            statistics.mean(site.uss) / statistics.mean(app.uss),
            site.per_worker / app.per_worker,
        ]
        target = 1.3 if name == "bare (signed-in floor)" else None
        verdict = ("ok" if ratios[2] <= target else "above") if target else "-"
        print(
            f"{name:<24} {' / '.join(f'{s:.0f}' for s in app.rss):>11} {' / '.join(f'{s:.0f}' for s in app.uss):>11} "
            f"{app.per_worker:>10.0f} {' '.join(f'{r:.2f}×' for r in ratios):>24} "
            f"{f'≤{target:.1f}×' if target else '-':>7}  {verdict}"
        )
    print()
    print(f"{'queries per request (test client)':<36} {'queries':>8}")
    for label, count in queries:
        print(f"{label:<36} {count:>8}")


def site_env(name: str, database_url: str, workdir: Path, **extra: str) -> dict[str, str]:
    """The environment a benched site runs in: DEBUG off, its own database, folder and cache prefix."""
    return {
        **os.environ,
        "DATABASE_URL": database_url,
        "SECRET_KEY": f"bench-{name}-" + os.urandom(16).hex(),
        "DEBUG": "false",
        "ALLOWED_HOSTS": "127.0.0.1",
        "SITE_URL": "http://127.0.0.1:8000",
        "VAR_DIR": str(workdir),
        "BENCH_STATIC_ROOT": str(workdir / "static"),
        "CACHE_KEY_PREFIX": f"sequence-bench-{name}",
        "LOG_LEVEL": "WARNING",
        "PYTHONPATH": str(ROOT),
        **extra,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=int, default=5, help="length of each measurement")
    parser.add_argument("--passes", type=int, default=5, help="alternating passes over every page and the floors")
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--threads", type=int, default=2, help="wrk threads")
    parser.add_argument("--games", type=int, default=3000, help="games in play between other players")
    parser.add_argument(
        "--cold-games",
        type=int,
        default=0,
        help="games viewed once each, a share per pass (default: 600 per second measured, so that none runs out)",
    )
    parser.add_argument(
        "--move-games", type=int, default=0, help="one per move POST (default: 600 per second measured)"
    )
    parser.add_argument(
        "--port-base",
        type=int,
        default=0,
        help="the site, bare and minimal apps on this port and the next two (default: free ports)",
    )
    parser.add_argument("--profile", type=int, default=0, help="only profile this many requests in process (cProfile)")
    parser.add_argument(
        "--profile-of",
        choices=("cold", "warm", "move", "list"),
        default="cold",
        help="what --profile requests: cold first views, warm reloads, move POSTs, my games (20 games)",
    )
    parser.add_argument("--quick", action="store_true", help="a first look: 2 s each, 3 passes, 1,000 games")
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.passes, args.games = 2, 3, 1000
    if not shutil.which("wrk"):
        sys.exit("bench/web.py measures with wrk only (apt-get install wrk): no ratio without it")
    if not 1 <= args.seconds <= 120 or not 1 <= args.connections <= 64 or not 1 <= args.threads <= args.connections:
        sys.exit("--seconds 1..120, --connections 1..64, --threads 1..connections")
    # wrk divides by the whole measured time, even when a walk ran out early:
    # enough games that none does (the floors serve at most ~700 a second here).
    cold_games = args.cold_games or 600 * args.seconds * args.passes
    if not 1 <= args.passes <= 20 or cold_games < WARM_GAMES * args.passes:
        sys.exit(f"--passes 1..20, and --cold-games at least {WARM_GAMES} a pass")
    move_games = args.move_games or 600 * args.seconds * args.passes

    url = os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL
    redis_url = os.environ.get("BENCH_REDIS_URL") or DEFAULT_REDIS_URL
    database_name(url)
    workdir = Path(tempfile.mkdtemp(prefix="sequence-bench-web-"))
    redis = redis_reachable(redis_url)
    env = site_env("web", url, workdir)
    if redis:
        env["REDIS_URL"] = redis_url
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
        fx = fill(args.games, move_games, cold_games)
        if args.profile:
            return profile_views(fx, args.profile, args.profile_of)
        queries = queries_per_request(fx)
        connections.close_all()
        print(
            f"load: wrk -t{args.threads} -c{args.connections}; broker and cache: "
            f"{redis_url if redis else 'embedded (no Redis at ' + redis_url + ')'}; "
            f"{args.passes} passes, {args.seconds} s each; {len(fx.cold) // args.passes} cold games a pass"
        )
        ports = [args.port_base + i if args.port_base else 0 for i in range(3)]
        with (
            gunicorn("site", "bench.web_settings", env, workdir, ports[0]) as site,
            gunicorn("bare", "bench.bare.settings", env, workdir, ports[1]) as bare,
            gunicorn("minimal", "bench.bare.minimal_settings", env, workdir, ports[2]) as minimal,
        ):
            passes = run_measurements(fx, site, bare, minimal, args, workdir)
            memory = {
                "site": app_memory(site),
                "bare (signed-in floor)": app_memory(bare),
                "minimal": app_memory(minimal),
            }
        report(passes, queries, memory, fx)
    finally:
        with contextlib.suppress(Exception):
            from django.db import connections

            connections.close_all()
        database_drop(url)
        if redis:
            with contextlib.suppress(Exception):
                import redis as redis_client

                redis_client.Redis.from_url(redis_url).flushdb()
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
