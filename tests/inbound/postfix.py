"""A real Postfix for the tests: Debian's postfix (which .ci/run installs,
"No configuration", so no system instance runs), started as a throw-away
instance with its own config, queue and data folders in a temporary folder
and its own SMTP port on 127.0.0.1. Never the machine's default instance.

Its main.cf and master.cf are the shipped deploy/postfix/ lines (paths,
domain and user put in) on top of a minimal instance: mail for the players'
domain (example.org, the factories' addresses) lands in one Maildir, and
mail for any other domain is refused by the error transport, never relayed.
Queue timers are seconds, and flush() asks for a retry at once.

The pipe runs as `nobody`, from a site folder laid out as a checkout
(manage.py and deploy/postfix/receive-email are links to this one's) whose
.venv/bin/python is an interpreter that user may run with this checkout's
packages: the tests' own may live where `nobody` cannot go (/root/.pyenv)."""

import os
import pwd
import re
import shutil
import site
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from email import message_from_bytes
from pathlib import Path

POSTFIX = shutil.which("postfix") or "/usr/sbin/postfix"
REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy" / "postfix"
INBOUND_DOMAIN = "in.example.org"
PLAYERS_DOMAIN = "example.org"
PIPE_USER = "nobody"  # the shipped `sequence` user, which a test machine does not have

_MAIN = """
compatibility_level = 3.6
queue_directory = {root}/queue
data_directory = {root}/data
mail_owner = postfix
setgid_group = postdrop
maillog_file_prefixes = {root}
maillog_file = {root}/maillog
myhostname = mx.sequence-test.invalid
mydomain = sequence-test.invalid
mydestination =
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
alias_maps =
alias_database =
local_recipient_maps =
smtpd_banner = $myhostname ESMTP
biff = no
# Nothing leaves this instance.
default_transport = error:5.7.1 the test instance relays nothing
relay_transport = $default_transport
smtp_dns_support_level = disabled
# The players' mailboxes: one Maildir for the whole domain.
virtual_mailbox_domains = {players}
virtual_mailbox_base = {root}/mailboxes
virtual_mailbox_maps = static:players/
virtual_minimum_uid = 1
virtual_uid_maps = static:{uid}
virtual_gid_maps = static:{gid}
# Retries in seconds, not minutes.
queue_run_delay = 1s
minimal_backoff_time = 1s
maximal_backoff_time = 2s
"""

_MASTER = """
{port} inet n - n - - smtpd
pickup    unix  n       -       n       60      1       pickup
cleanup   unix  n       -       n       -       0       cleanup
qmgr      unix  n       -       n       300     1       qmgr
rewrite   unix  -       -       n       -       -       trivial-rewrite
bounce    unix  -       -       n       -       0       bounce
defer     unix  -       -       n       -       0       bounce
trace     unix  -       -       n       -       0       bounce
verify    unix  -       -       n       -       1       verify
flush     unix  n       -       n       1000?   0       flush
proxymap  unix  -       -       n       -       -       proxymap
showq     unix  n       -       n       -       -       showq
error     unix  -       -       n       -       -       error
retry     unix  -       -       n       -       -       error
discard   unix  -       -       n       -       -       discard
virtual   unix  -       n       n       -       -       virtual
lmtp      unix  -       -       n       -       -       lmtp
anvil     unix  -       -       n       -       1       anvil
scache    unix  -       -       n       -       1       scache
postlog   unix-dgram n  -       n       -       1       postlogd
"""


@dataclass
class Instance:
    root: Path
    port: int
    env_file: Path  # what deploy/postfix/receive-email loads
    env: dict[str, str]  # what it holds, unless a test changes it (write_env)

    @property
    def config(self) -> Path:
        return self.root / "etc"

    def postfix(self, *args: str) -> str:
        done = subprocess.run(
            [POSTFIX, "-c", str(self.config), *args], capture_output=True, text=True, timeout=60, check=False
        )
        if done.returncode:
            raise RuntimeError(f"postfix {' '.join(args)}: {done.stdout}{done.stderr}")
        return done.stdout

    def flush(self) -> None:
        """Retry the deferred mail now (postqueue -f)."""
        subprocess.run(["postqueue", "-c", str(self.config), "-f"], check=True, capture_output=True, timeout=30)

    def log(self) -> str:
        path = self.root / "maillog"
        return path.read_text(errors="replace") if path.exists() else ""

    def deliveries(self, relay: str = "sequence") -> list[tuple[str, str, str]]:
        """(recipient, status, the status's text) of each delivery attempt through `relay`."""
        pattern = re.compile(rf"to=<([^>]*)>.*relay={relay},.*status=(\w+) \((.*)\)$", re.MULTILINE)
        return pattern.findall(self.log())

    def mailbox(self) -> list:
        """The messages delivered to the players' Maildir, oldest first."""
        folder = self.root / "mailboxes" / "players" / "new"
        if not folder.exists():
            return []
        files = sorted(folder.iterdir(), key=lambda path: path.stat().st_mtime_ns)
        return [message_from_bytes(path.read_bytes()) for path in files]

    def queue_is_empty(self) -> bool:
        return not any(
            files for sub in ("incoming", "active", "deferred") for _, _, files in os.walk(self.root / "queue" / sub)
        )

    def wait(self, condition, what: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError(f"Postfix: {what} did not happen in {timeout}s\n{self.log()[-3000:]}")
            time.sleep(0.1)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def shipped(name: str, root: Path) -> str:
    """A file of deploy/postfix/ as a self-hoster adapts it: their paths, their user."""
    text = (DEPLOY / name).read_text()
    text = text.replace("/etc/postfix/", f"{root}/etc/").replace("/etc/sequence/env", f"{root}/env")
    text = text.replace("/srv/sequence/", f"{root}/site/").replace("user=sequence", f"user={PIPE_USER}")
    return text


def _interpreter() -> str:
    """This Python if the pipe's user may run it, else the system's (the same 3.11)."""
    for candidate in (os.path.realpath(sys.executable), "/usr/bin/python3"):
        probe = ["runuser", "-u", PIPE_USER, "--", candidate, "-c", "import sys"]
        if subprocess.run(probe, capture_output=True, timeout=30, check=False).returncode == 0:
            return candidate
    raise RuntimeError(f"no Python that {PIPE_USER} may run")


def _site(root: Path) -> None:
    """root/site: what the `sequence` user's checkout would be."""
    (root / "site" / "deploy" / "postfix").mkdir(parents=True)
    (root / "site" / ".venv" / "bin").mkdir(parents=True)
    (root / "site" / "manage.py").symlink_to(REPO / "manage.py")  # Python resolves it: the code is this one
    (root / "site" / "deploy" / "postfix" / "receive-email").symlink_to(DEPLOY / "receive-email")
    python = root / "site" / ".venv" / "bin" / "python"
    packages = os.pathsep.join(site.getsitepackages())
    python.write_text(f'#!/bin/sh\nPYTHONPATH={packages} exec {_interpreter()} "$@"\n')
    python.chmod(0o755)


def start(env: dict[str, str], *, transport: str = "sequence:") -> Instance:
    """A running instance whose `sequence` pipe runs with `env` in its environment file;
    another `transport` (lmtp:…) hands the reply addresses to a mailbox instead."""
    root = Path(tempfile.mkdtemp(prefix="i32-postfix-"))
    root.chmod(0o755)
    nobody = pwd.getpwnam(PIPE_USER)
    config = root / "etc"
    for sub in ("etc", "queue", "data", "mailboxes"):
        (root / sub).mkdir()
    owner = pwd.getpwnam("postfix")
    os.chown(root / "data", owner.pw_uid, owner.pw_gid)
    os.chown(root / "mailboxes", nobody.pw_uid, nobody.pw_gid)
    _site(root)
    var = root / "var"  # the pipe's VAR_DIR: its cache, broker folders and mail
    var.mkdir()
    os.chown(var, nobody.pw_uid, nobody.pw_gid)
    port = free_port()
    # The site's answers go out through this instance, to the players' Maildir.
    env = {"VAR_DIR": str(var), "EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(port), **env}
    instance = Instance(root=root, port=port, env_file=root / "env", env=env)
    write_env(instance)
    main = _MAIN.format(root=root, players=PLAYERS_DOMAIN, uid=nobody.pw_uid, gid=nobody.pw_gid)
    (config / "main.cf").write_text(main + shipped("main.cf", root))
    (config / "master.cf").write_text(_MASTER.format(port=f"127.0.0.1:{port}") + shipped("master.cf", root))
    (config / "transport").write_text(shipped("transport", root).replace("sequence:", transport))
    (config / "sequence-recipients").write_text(shipped("sequence-recipients", root))
    subprocess.run(["postmap", "-c", str(config), f"hash:{config}/transport"], check=True, timeout=30)
    instance.postfix("start")  # which checks the configuration first
    instance.wait(lambda: _answers(port), "the SMTP port opening")
    return instance


def write_env(instance: Instance, **changes: str) -> None:
    """The environment file, with `changes` over the instance's own settings."""
    env = {**instance.env, **changes}
    instance.env_file.write_text("".join(f"{name}='{value}'\n" for name, value in env.items()))
    instance.env_file.chmod(0o644)


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


def stop(instance: Instance) -> None:
    try:
        instance.postfix("stop")
    finally:
        shutil.rmtree(instance.root, ignore_errors=True)
