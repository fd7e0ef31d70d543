"""The capacity of the site on several hosts (#28), on the multi-host network of
tests/scale/ (run as root; never in CI):

    sudo .venv/bin/python bench/scale.py [--emails-games 100] [--seconds 10] [--games 100000] [--parts sweep]

1. e-mails per second with 1 and then 2 worker hosts: the workers are stopped,
   games are started (each owes its players four e-mails), then the workers of
   one or two hosts are started and the time until the outbox is empty is taken;
2. table pages per second with 1 and then 2 web hosts: wrk on the load host, a
   signed-in player's table page (one wrk per web host, at once, added up); each
   web host pinned to a core of its own (every process and thread in its
   namespace), so that two hosts measure two cores' worth where the machine has
   them, not whatever share the scheduler gives;
3. the deadline sweep over --games active games: that many games are copied in
   SQL (deadlines days ahead), the beat is stopped, 50 real games are made
   overdue, and one sweep is timed on a worker host;
4. the database's own work per move: pg_stat_statements and pg_stat_database
   around a whole game played over the API (queries, rows written, commits).

Each figure is printed with the load average beside it: the machine is shared.
The figures feed the capacity table in bench/RESULTS.md."""

import argparse
import itertools
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import requests  # noqa: E402

from examples import bot_client  # noqa: E402
from tests.scale.site import WEB_HOSTS, WEB_PORT, WORKER_HOSTS, Site  # noqa: E402

WEB = {
    host: f"http://{address}:{WEB_PORT}"
    for host, address in zip(WEB_HOSTS, ("10.231.0.11", "10.231.0.12"), strict=True)
}


def load() -> str:
    return f"load average {os.getloadavg()[0]:.1f}"


def outbox_waiting(site: Site) -> int:
    """E-mails due and not yet sent (a reminder due in two days is not waiting)."""
    query = "SELECT count(*) FROM games_notification WHERE status IN ('pending', 'sending') AND due_at <= now()"
    return site.sql(query + " AND NOT digest")[0][0]


def emails_per_second(site: Site, hosts: tuple[str, ...], games: int, tag: str) -> float:
    for host in WORKER_HOSTS:
        site.network.stop(site.workers[host])
    site.seed("games", tag, str(games))
    owed = outbox_waiting(site)
    started = time.monotonic()
    for host in hosts:
        site.start_worker(host)
    while outbox_waiting(site):
        time.sleep(0.2)
    rate = owed / (time.monotonic() - started)  # includes the workers' start, a second or two
    print(f"e-mails/s with {len(hosts)} worker host(s): {rate:.1f} ({owed} e-mails; {load()})", flush=True)
    return rate


def session_cookie(site: Site, player: dict) -> str:
    def log_in():
        browser = requests.Session()
        form = browser.get(f"{WEB['web1']}/accounts/login/", timeout=30)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.text).group(1)
        data = {"login": player["username"], "password": player["password"], "csrfmiddlewaretoken": token}
        browser.post(f"{WEB['web1']}/accounts/login/", data=data, timeout=30)
        return browser.cookies["sessionid"]

    return site.network.inside("load", log_in)


def pin_web_hosts(site: Site) -> str:
    """Each web host's processes, all their threads, on a core of their own; what was done, to print."""
    cores = sorted(os.sched_getaffinity(0))
    if len(cores) < len(WEB_HOSTS):
        return f"web hosts not pinned: {len(cores)} core(s) for {len(WEB_HOSTS)} hosts"
    pinned = list(zip(WEB_HOSTS, cores[: len(WEB_HOSTS)], strict=True))
    for host, core in pinned:
        namespace = site.network.hosts[host].namespace
        pids = subprocess.run(["ip", "netns", "pids", namespace], capture_output=True, text=True, check=True).stdout
        for pid in pids.split():
            subprocess.run(["taskset", "-a", "-p", "-c", str(core), pid], capture_output=True, check=True)
    return "web hosts pinned: " + ", ".join(f"{host} on core {core}" for host, core in pinned)


def pages_per_second(site: Site, hosts: tuple[str, ...], game: dict, cookie: str, seconds: int) -> float:
    processes = [
        site.network.start(
            "load",
            [
                "wrk",
                "-t1",
                "-c4",
                f"-d{seconds}s",
                "-H",
                f"Cookie: sessionid={cookie}",
                f"{WEB[host]}/games/{game['game']}/",
            ],
            env={"PATH": os.environ["PATH"]},
            log=site.logs / f"wrk-{host}-{len(hosts)}.log",
        )
        for host in hosts
    ]
    for process in processes:
        process.wait(timeout=seconds + 60)
    total = 0.0
    for host in hosts:
        text = (site.logs / f"wrk-{host}-{len(hosts)}.log").read_text()
        total += float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
        assert "Non-2xx" not in text, text
    print(f"table pages/s with {len(hosts)} web host(s): {total:.1f} ({load()})", flush=True)
    return total


def deadline_sweep(site: Site, games: int) -> dict:
    template = site.seed("games", "sweep", "50")
    columns = [
        name
        for (name,) in site.sql(
            "SELECT column_name FROM information_schema.columns WHERE table_name = 'games_game' AND column_name <> 'id'"
        )
    ]
    listed = ", ".join(f'"{name}"' for name in columns)
    chosen = ", ".join(
        "now() + (n %% 5 + 1) * interval '1 day'" if name in ("next_deadline", "turn_deadline") else f'"{name}"'
        for name in columns
    )
    site.sql(
        f"INSERT INTO games_game ({listed}) SELECT {chosen} FROM games_game, generate_series(1, %s) AS n WHERE id = %s",
        games,
        template[0]["game"],
    )
    site.sql("ANALYZE games_game")
    site.network.stop(site.beats["beat"])  # the timed sweep below is the only one
    site.seed("overdue", *(str(game["game"]) for game in template))
    script = (
        "import time, django; django.setup(); from games.tasks import enforce_deadlines, due_game_ids;"
        "t = time.perf_counter(); ids = due_game_ids(); q = time.perf_counter() - t;"
        "t = time.perf_counter(); n = enforce_deadlines(); s = time.perf_counter() - t;"
        "print(__import__('json').dumps({'due': len(ids), 'query_ms': q * 1000, 'sweep_s': s, 'enforced': n}))"
    )
    result = json.loads(site.django("wk1", "-c", script))
    active = site.sql("SELECT count(*) FROM games_game WHERE status = 'active'")[0][0]
    print(
        f"deadline sweep over {active} active games: finding the {result['due']} due ones "
        f"{result['query_ms']:.1f} ms, enforcing them {result['sweep_s']:.2f} s "
        f"({result['sweep_s'] / max(result['due'], 1) * 1000:.0f} ms a game; {load()})",
        flush=True,
    )
    return {**result, "active": active}


def database_per_move(site: Site) -> dict:
    (game,) = site.seed("games", "moves", "1")
    site.sql("SELECT pg_stat_statements_reset()")
    before = site.sql(
        "SELECT xact_commit, tup_inserted, tup_updated, tup_deleted FROM pg_stat_database WHERE datname = 'sequence'"
    )[0]
    turns = itertools.count()

    class Alternating(bot_client.Api):
        def call(self, method, path, body=None, **headers):
            self.base = list(WEB.values())[next(turns) % 2] + "/api/v1"
            return super().call(method, path, body, **headers)

    apis = [Alternating(WEB["web1"], player["token"]) for player in game["players"]]

    def play():
        rng = random.Random(3)
        while True:
            for api in apis:
                bot_client.play_turn(api, game["game"], rng)
            if apis[0].call("GET", f"/games/{game['game']}")[1]["status"] != "active":
                return

    site.network.inside("load", play)
    while outbox_waiting(site):
        time.sleep(0.2)
    time.sleep(2 * 2)  # the sweeps that follow the last move
    after = site.sql(
        "SELECT xact_commit, tup_inserted, tup_updated, tup_deleted FROM pg_stat_database WHERE datname = 'sequence'"
    )[0]
    moves = site.sql("SELECT count(*) FROM games_move WHERE game_id = %s", game["game"])[0][0]
    statements = site.sql(
        "SELECT coalesce(sum(calls), 0), coalesce(sum(rows) FILTER (WHERE query ~* '^(insert|update|delete)'), 0)"
        " FROM pg_stat_statements"
    )[0]
    per_move = {
        "moves": moves,
        "queries": float(statements[0]) / moves,
        "rows_written": float(statements[1]) / moves,
        "commits": (after[0] - before[0]) / moves,
        "tuples_written": sum(after[i] - before[i] for i in (1, 2, 3)) / moves,
    }
    print(
        f"database per move ({moves} moves, every request, task and sweep meanwhile counted): "
        f"{per_move['queries']:.0f} queries, {per_move['rows_written']:.0f} rows written by statements, "
        f"{per_move['tuples_written']:.0f} tuples written, {per_move['commits']:.0f} commits ({load()})",
        flush=True,
    )
    return per_move


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--emails-games", type=int, default=100, help="games started for each e-mail run")
    parser.add_argument("--seconds", type=int, default=10, help="each wrk run")
    parser.add_argument("--games", type=int, default=100_000, help="active games for the deadline sweep")
    parser.add_argument("--parts", default="emails,pages,moves,sweep", help="which of the four to measure")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # so that the network is torn down all the same
    site = Site()
    try:
        site.open()
        print(f"the network is up ({load()})", flush=True)
        results = {}
        if "emails" in args.parts:
            results["emails_1"] = emails_per_second(site, WORKER_HOSTS[:1], args.emails_games, "one")
            results["emails_2"] = emails_per_second(site, WORKER_HOSTS, args.emails_games, "two")
        if "pages" in args.parts:
            (game,) = site.seed("games", "page", "1")
            cookie = session_cookie(site, game["players"][0])
            print(pin_web_hosts(site), flush=True)
            results["pages_1"] = pages_per_second(site, WEB_HOSTS[:1], game, cookie, args.seconds)
            results["pages_2"] = pages_per_second(site, WEB_HOSTS, game, cookie, args.seconds)
        if "moves" in args.parts:
            results["per_move"] = database_per_move(site)
        if "sweep" in args.parts:
            results["sweep"] = deadline_sweep(site, args.games)
        print(json.dumps(results, indent=2))
    finally:
        site.close()


if __name__ == "__main__":
    main()
