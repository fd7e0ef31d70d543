"""The whole site on a small network (tests/scale/network.py), hosts as the
README's "Production" section lays them out:

    db     10.231.0.2   PostgreSQL (its own cluster in a temporary folder), PgBouncer
                        in transaction mode in front of it (:6432), Redis
    web1   10.231.0.11  gunicorn            web2  10.231.0.12  gunicorn
    wk1    10.231.0.21  Celery worker       wk2   10.231.0.22  Celery worker
    beat   10.231.0.31  Celery beat
    load   10.231.0.50  the SMTP sink (tests/scale/sink.py) and the test's own requests

Every Django process reaches PostgreSQL through PgBouncer only (migrations
too, as a deploy would); the machine's own PostgreSQL and Redis are never
touched. `Site.close()` stops it all; logs are kept in the temporary folder
until then and shown by a failing test."""

import json
import os
import shutil
import socket
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path

from tests.scale.network import Network

REPO = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
POSTGRES_BIN = sorted(Path("/usr/lib/postgresql").glob("*/bin/postgres"))
DB, SMTP_PORT, WEB_PORT = "10.231.0.2", 2525, 8000
WEB_HOSTS, WORKER_HOSTS = ("web1", "web2"), ("wk1", "wk2")
QUEUES = "email,deadlines,bots,inbound,default"
SWEEP_SECONDS = 2  # the beat's sweeps, every minute in production
# An e-mail batch's claim, 5 minutes in production: short, so that a worker cut off for good is
# replaced within a test, yet longer than the link-cut test's cut and a batch through the slowed sink.
OUTBOX_LEASE_SECONDS = 30
CHAT_PER_MINUTE = 6


def _wait_for_port(network: Network, host: str, address: str, port: int, timeout: float = 60) -> None:
    def knock():
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with closing(socket.create_connection((address, port), timeout=2)):
                    return
            except OSError:
                time.sleep(0.2)
        raise TimeoutError(f"nothing answers on {address}:{port}")

    network.inside(host, knock)


class Site:
    def __init__(self):
        self.network = Network()
        self.root = Path(tempfile.mkdtemp(prefix="sequence-scale-"))
        self.root.chmod(0o755)  # PostgreSQL runs as its own user
        self.logs = self.root / "logs"
        self.logs.mkdir()
        self.mail = self.root / "sink"
        self.beats: dict[str, object] = {}
        self.workers: dict[str, object] = {}

    # --- the environment every Django process shares ---
    def env(self, host: str, **extra) -> dict:
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(self.root),
            "LANG": "C.UTF-8",
            "DJANGO_SETTINGS_MODULE": "sequence_site.settings",
            "SECRET_KEY": "scale-test-secret-key-" + "x" * 40,
            "DATABASE_URL": f"postgres://postgres@{DB}:6432/sequence",
            "DB_TRANSACTION_POOLING": "true",
            "REDIS_URL": f"redis://{DB}:6379/0",
            "CACHE_KEY_PREFIX": "scale",
            "ALLOWED_HOSTS": "*",
            "SITE_URL": f"http://10.231.0.11:{WEB_PORT}",
            "STATIC_ROOT": str(self.root / "static"),
            "VAR_DIR": str(self.root / f"var-{host}"),
            "EMAIL_HOST": "10.231.0.50",
            "EMAIL_PORT": str(SMTP_PORT),
            "TURN_EMAIL_GRACE_SECONDS": "0",
            "PRESENT_EMAIL_GRACE_SECONDS": "0",
            "BOT_MOVE_DELAY_SECONDS": "0",
            "API_REQUESTS_PER_MINUTE": "1000000",
            "CHAT_MESSAGES_PER_MINUTE": str(CHAT_PER_MINUTE),
            "SWEEP_SECONDS": str(SWEEP_SECONDS),
            "OUTBOX_LEASE_SECONDS": str(OUTBOX_LEASE_SECONDS),
            "SITE_ROLE": host,
            "LOG_FORMAT": "json",
            "PYTHONUNBUFFERED": "1",
        }
        return {**env, **extra}

    def django(self, host: str, *args: str, **extra) -> str:
        return self.network.run(host, [PYTHON, *args], env=self.env(host, **extra), cwd=REPO)

    def seed(self, *args: str, **extra) -> object:
        return json.loads(self.django("load", "-m", "tests.scale.seed", *args, **extra))

    # --- the hosts ---
    def open(self) -> "Site":
        network = self.network
        network.open()
        for name, number in [("db", 2), ("web1", 11), ("web2", 12), ("wk1", 21), ("wk2", 22), ("beat", 31)]:
            network.add_host(name, number)
        network.add_host("load", 50)
        self._database()
        network.start(
            "load",
            [PYTHON, "-m", "tests.scale.sink", "10.231.0.50", str(SMTP_PORT), str(self.mail)],
            env=self.env("load"),
            log=self.logs / "sink.log",
            cwd=REPO,
        )
        static = network.start(  # beside the migrations: the two take most of the set-up's time
            "load",
            [PYTHON, "manage.py", "collectstatic", "--noinput", "-v0"],
            env=self.env("load"),
            log=self.logs / "collectstatic.log",
            cwd=REPO,
        )
        self.django("load", "manage.py", "migrate", "--noinput", "-v0")
        assert static.wait(timeout=300) == 0, (self.logs / "collectstatic.log").read_text()
        for host in WEB_HOSTS:
            self.start_web(host)
        for host in WORKER_HOSTS:
            self.start_worker(host)
        self.start_beat("beat")
        for host in WEB_HOSTS:
            _wait_for_port(network, "load", network.hosts[host].address, WEB_PORT)
        _wait_for_port(network, "load", "10.231.0.50", SMTP_PORT)
        return self

    def _database(self) -> None:
        network, data = self.network, self.root / "pg"
        data.mkdir()
        shutil.chown(data, "postgres", "postgres")
        as_postgres = ["setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups"]
        bin_dir = POSTGRES_BIN[-1].parent
        network.run(
            "db",
            [*as_postgres, str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "--no-sync"],
            env={"PATH": os.environ["PATH"], "LANG": "C.UTF-8"},
        )
        with open(data / "pg_hba.conf", "a") as hba:
            hba.write("host all all 10.231.0.0/24 trust\n")  # only this network's hosts reach it
        network.start(
            "db",
            [
                *as_postgres,
                str(bin_dir / "postgres"),
                "-D",
                str(data),
                "-c",
                f"listen_addresses={DB}",
                "-c",
                f"unix_socket_directories={data}",
                "-c",
                "fsync=off",
                "-c",
                "synchronous_commit=off",
                "-c",
                "full_page_writes=off",
                "-c",
                "timezone=UTC",
                "-c",
                "max_connections=100",
                "-c",
                "shared_preload_libraries=pg_stat_statements",
            ],
            env={"PATH": os.environ["PATH"], "LANG": "C.UTF-8"},
            log=self.logs / "postgres.log",
        )
        _wait_for_port(network, "db", DB, 5432)
        createdb = [*as_postgres, str(bin_dir / "createdb"), "-h", DB, "-U", "postgres", "sequence"]
        network.run("db", createdb, env={"PATH": os.environ["PATH"]})
        network.run(
            "db",
            [
                *as_postgres,
                str(bin_dir / "psql"),
                "-h",
                DB,
                "-U",
                "postgres",
                "-d",
                "sequence",
                "-c",
                "CREATE EXTENSION pg_stat_statements",
            ],
            env={"PATH": os.environ["PATH"]},
        )
        bouncer = self.root / "pgbouncer"
        bouncer.mkdir()
        (bouncer / "userlist.txt").write_text('"postgres" ""\n')
        (bouncer / "pgbouncer.ini").write_text(
            f"""[databases]
sequence = host={DB} port=5432 dbname=sequence user=postgres
[pgbouncer]
listen_addr = {DB}
listen_port = 6432
unix_socket_dir =
auth_type = trust
auth_file = {bouncer}/userlist.txt
pool_mode = transaction
max_client_conn = 500
default_pool_size = 20
ignore_startup_parameters = extra_float_digits
"""
        )
        shutil.chown(bouncer, "postgres", "postgres")
        network.start(
            "db",
            ["pgbouncer", "-u", "postgres", str(bouncer / "pgbouncer.ini")],
            env={"PATH": os.environ["PATH"]},
            log=self.logs / "pgbouncer.log",
        )
        network.start(
            "db",
            [
                "redis-server",
                "--bind",
                DB,
                "--port",
                "6379",
                "--save",
                "",
                "--appendonly",
                "no",
                "--protected-mode",
                "no",
                "--dir",
                str(self.root),
            ],
            env={"PATH": os.environ["PATH"]},
            log=self.logs / "redis.log",
        )
        _wait_for_port(network, "db", DB, 6432)
        _wait_for_port(network, "db", DB, 6379)

    def start_web(self, host: str):
        address = self.network.hosts[host].address
        argv = [
            PYTHON,
            "-m",
            "gunicorn",
            "sequence_site.wsgi",
            "--bind",
            f"{address}:{WEB_PORT}",
            "--workers",
            "2",
            "--worker-class",
            "gthread",
            "--threads",
            "4",
            "--access-logfile",
            "-",
        ]
        return self.network.start(host, argv, env=self.env(host), log=self.logs / f"{host}.log", cwd=REPO)

    def start_worker(self, host: str):
        argv = [
            PYTHON,
            "-m",
            "celery",
            "-A",
            "sequence_site",
            "worker",
            "-Q",
            QUEUES,
            "--pool=threads",
            "--concurrency=2",
            "--loglevel=WARNING",
            "--without-mingle",
            "--without-gossip",
            "-n",
            f"worker@{host}",
        ]
        self.workers[host] = self.network.start(
            host, argv, env=self.env(host), log=self.logs / f"worker-{host}.log", cwd=REPO
        )
        return self.workers[host]

    def start_beat(self, host: str):
        schedule = self.root / f"beat-{host}-schedule"
        argv = [PYTHON, "-m", "celery", "-A", "sequence_site", "beat", "--loglevel=INFO", f"--schedule={schedule}"]
        self.beats[host] = self.network.start(
            host, argv, env=self.env(host), log=self.logs / f"beat-{host}.log", cwd=REPO
        )
        return self.beats[host]

    # --- what the tests read ---
    def sql(self, query: str, *params) -> list[tuple]:
        """A query on the database host, straight to PostgreSQL (not through PgBouncer)."""
        import psycopg

        def ask():
            with psycopg.connect(f"postgresql://postgres@{DB}:5432/sequence", autocommit=True) as conn:
                cursor = conn.execute(query, params)
                return cursor.fetchall() if cursor.description else []

        return self.network.inside("load", ask)

    def emails(self) -> list[tuple[str, bytes]]:
        """(the sending host's address, the message) for every message the sink kept."""
        kept = sorted(self.mail.glob("*.eml"), key=lambda path: path.stat().st_mtime_ns)  # in the order received
        return [(path.name.split("-")[0], path.read_bytes()) for path in kept]

    def log_tail(self, lines: int = 40) -> str:
        return "\n".join(
            f"--- {path.name}\n" + "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
            for path in sorted(self.logs.glob("*.log"))
        )

    def close(self) -> None:
        self.network.close()
        shutil.rmtree(self.root, ignore_errors=True)
