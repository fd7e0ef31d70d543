"""A real IMAP server for the tests: Debian's Dovecot (dovecot-imapd, which
.ci/run installs), started as a subprocess with its own configuration in a
temporary folder, on a free port, with one user. No system service.
With tls=True it speaks imaps only, with a self-signed certificate for
127.0.0.1 made by openssl (Server.ca_file: what a client must trust). With
lmtp=True it also takes mail over LMTP (dovecot-lmtpd) on Server.lmtp_port,
every play+<token>@… into the INBOX of the user "play", as
deploy/dovecot/sequence.conf does."""

import grp
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

DOVECOT = shutil.which("dovecot") or "/usr/sbin/dovecot"
LMTP = "/usr/lib/dovecot/lmtp"  # dovecot-lmtpd
USER, PASSWORD = "play", "imap-test@pass/word%"  # which the URL percent-encodes


@dataclass
class Server:
    port: int
    url: str
    ca_file: str = ""
    lmtp_port: int = 0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _account() -> pwd.struct_passwd:
    """Who owns the mail: Dovecot never reads mail as root."""
    return pwd.getpwnam("nobody") if os.getuid() == 0 else pwd.getpwuid(os.getuid())


def _self_signed(root: Path) -> Path:
    """A certificate for 127.0.0.1 (its own CA) and its key, in root."""
    subject = ["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"]
    files = ["-keyout", str(root / "key.pem"), "-out", str(root / "cert.pem")]
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", *subject, *files],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return root / "cert.pem"


def _listeners(root: Path, port: int, tls: bool) -> str:
    if not tls:
        return f"""ssl = no
service imap-login {{
  chroot =
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    port = 0
  }}
}}"""
    return f"""ssl = required
ssl_cert = <{root}/cert.pem
ssl_key = <{root}/key.pem
service imap-login {{
  chroot =
  inet_listener imap {{
    port = 0
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {port}
    ssl = yes
  }}
}}"""


def _lmtp(port: int) -> str:
    """deploy/dovecot/sequence.conf's routing, on a TCP port instead of Postfix's socket."""
    if not port:
        return ""
    return f"""recipient_delimiter = +
lmtp_save_to_detail_mailbox = no
auth_username_format = %Ln
service lmtp {{
  inet_listener lmtp {{
    address = 127.0.0.1
    port = {port}
  }}
}}"""


def _config(root: Path, port: int, tls: bool, lmtp_port: int) -> str:
    owner = _account()
    internal = "dovenull" if os.getuid() == 0 else owner.pw_name
    return f"""
base_dir = {root}/run
state_dir = {root}/state
log_path = {root}/dovecot.log
protocols = imap{" lmtp" if lmtp_port else ""}
listen = 127.0.0.1
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = {internal}
default_internal_group = {grp.getgrgid(pwd.getpwnam(internal).pw_gid).gr_name}
default_login_user = {internal}
first_valid_uid = {owner.pw_uid}
mail_location = maildir:{root}/mail/%u
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {root}/users
}}
userdb {{
  driver = static
  args = uid={owner.pw_uid} gid={owner.pw_gid} home={root}/home/%u
}}
{_listeners(root, port, tls)}
{_lmtp(lmtp_port)}
service anvil {{
  chroot =
}}
"""


def start(*, tls: bool = False, lmtp: bool = False) -> tuple[Server, subprocess.Popen, Path]:
    root = Path(tempfile.mkdtemp(prefix="i12-dovecot-"))
    root.chmod(0o755)
    owner = _account()
    for sub in ("run", "state", "mail", "home"):
        (root / sub).mkdir()
    for sub in ("mail", "home"):
        os.chown(root / sub, owner.pw_uid, owner.pw_gid)
    (root / "users").write_text(f"{USER}:{{PLAIN}}{PASSWORD}\n")
    port = free_port()
    ca_file = str(_self_signed(root)) if tls else ""
    lmtp_port = free_port() if lmtp else 0
    (root / "dovecot.conf").write_text(_config(root, port, tls, lmtp_port))
    process = subprocess.Popen([DOVECOT, "-F", "-c", str(root / "dovecot.conf")], stderr=subprocess.PIPE)
    for _ in range(100):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                break
        except OSError:
            if process.poll() is not None:
                raise RuntimeError(f"Dovecot stopped: {process.stderr.read().decode()}") from None
            time.sleep(0.1)
    else:
        process.kill()
        raise RuntimeError("Dovecot did not answer")
    scheme = "imaps" if tls else "imap"
    url = f"{scheme}://{USER}:{quote(PASSWORD, safe='')}@127.0.0.1:{port}/INBOX"
    return Server(port=port, url=url, ca_file=ca_file, lmtp_port=lmtp_port), process, root


def stop(process: subprocess.Popen, root: Path) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    shutil.rmtree(root, ignore_errors=True)
