"""A small network of hosts on one machine: one network namespace per host,
each with an eth0 (a veth pair) plugged into a bridge that lives in a switch
namespace of its own, so the machine's own namespace gets no address and no
link. Addresses are in 10.231.0.0/24, only inside these namespaces.

Processes run in a host with `ip netns exec`; code in this process reaches a
host through `Network.inside`, which runs a function in a thread that joined
the host's namespace (setns applies to the calling thread only, and a socket
stays in the namespace it was made in). `close()` kills every process started
here and deletes the namespaces, whatever state a failed test left."""

import ctypes
import os
import signal
import subprocess
import threading
from dataclasses import dataclass, field
from pathlib import Path

SUBNET = "10.231.0"
CLONE_NEWNET = 0x40000000
_libc = ctypes.CDLL(None, use_errno=True)


class NoNamespaces(Exception):
    """This machine (or this user) cannot make network namespaces."""


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=30)


@dataclass
class Host:
    name: str
    namespace: str
    address: str
    link: str  # its cable's end on the bridge


@dataclass
class Network:
    prefix: str = field(default_factory=lambda: f"sq{os.getpid() % 100000}")
    hosts: dict[str, Host] = field(default_factory=dict)
    processes: list[subprocess.Popen] = field(default_factory=list)

    @property
    def switch(self) -> str:
        return f"{self.prefix}-switch"

    def open(self) -> None:
        try:
            ip("netns", "add", self.switch)
        except (OSError, subprocess.CalledProcessError) as exc:
            raise NoNamespaces(getattr(exc, "stderr", b"") or str(exc)) from exc
        ip("-n", self.switch, "link", "add", "br0", "type", "bridge")
        ip("-n", self.switch, "link", "set", "br0", "up")

    def add_host(self, name: str, number: int) -> Host:
        host = Host(name, f"{self.prefix}-{name}", f"{SUBNET}.{number}", f"v{number}")
        ip("netns", "add", host.namespace)
        self.hosts[name] = host
        ip("-n", self.switch, "link", "add", host.link, "type", "veth", "peer", "name", "eth0", "netns", host.namespace)
        ip("-n", self.switch, "link", "set", host.link, "master", "br0", "up")
        ip("-n", host.namespace, "addr", "add", f"{host.address}/24", "dev", "eth0")
        ip("-n", host.namespace, "link", "set", "eth0", "up")
        ip("-n", host.namespace, "link", "set", "lo", "up")
        return host

    def cut(self, name: str) -> None:
        """Pull the host's cable out (at the switch): its packets go nowhere until `mend`."""
        ip("-n", self.switch, "link", "set", self.hosts[name].link, "down")

    def mend(self, name: str) -> None:
        ip("-n", self.switch, "link", "set", self.hosts[name].link, "up")

    def start(self, name: str, argv: list[str], *, env: dict, log: Path, cwd: Path | None = None) -> subprocess.Popen:
        """A process on the host, in a process group of its own (so all its children stop with it)."""
        with open(log, "ab") as out:
            process = subprocess.Popen(
                ["ip", "netns", "exec", self.hosts[name].namespace, *argv],
                env=env,
                cwd=cwd,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self.processes.append(process)
        return process

    def run(self, name: str, argv: list[str], *, env: dict, cwd: Path | None = None, timeout: float = 300) -> str:
        """A command on the host, to its end; its output, or an error with it."""
        done = subprocess.run(
            ["ip", "netns", "exec", self.hosts[name].namespace, *argv],
            env=env,
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if done.returncode:
            raise RuntimeError(f"{argv} on {name} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
        return done.stdout

    def inside(self, name: str, function, *args, **kwargs):
        """function(*args, **kwargs) run with the host's network (in a thread that joined it)."""
        outcome = {}

        def joined():
            try:
                with open(f"/run/netns/{self.hosts[name].namespace}") as handle:
                    if _libc.setns(handle.fileno(), CLONE_NEWNET) != 0:
                        raise OSError(ctypes.get_errno(), "setns failed")
                outcome["value"] = function(*args, **kwargs)
            except BaseException as exc:  # handed to the caller's thread
                outcome["error"] = exc

        thread = threading.Thread(target=joined, name=f"in-{name}")
        thread.start()
        thread.join()
        if "error" in outcome:
            raise outcome["error"]
        return outcome["value"]

    @staticmethod
    def stop(process: subprocess.Popen, timeout: float = 15) -> None:
        if process.poll() is not None:
            return
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=timeout)
        except ProcessLookupError:
            pass

    def close(self) -> None:
        for process in reversed(self.processes):
            self.stop(process)
        for namespace in [host.namespace for host in self.hosts.values()] + [self.switch]:
            subprocess.run(["ip", "netns", "del", namespace], capture_output=True, timeout=30)
        self.hosts.clear()
