"""Which webhook addresses the site may POST to (SSRF): http or https only,
no user name or password in them, and a host whose every address is on the
public internet: never loopback, private, link-local (cloud metadata
services live there), multicast or reserved. WEBHOOK_ALLOW_LOOPBACK lets
loopback through, for development and the tests.

The address is checked when it is set and again at each delivery, which then
connects to exactly the addresses it checked (a name that resolves somewhere
else by then cannot reach inside)."""

import ipaddress
import socket
import urllib.parse
from dataclasses import dataclass

from django.conf import settings
from django.utils.translation import gettext_lazy as _


class UnsafeUrl(ValueError):
    """Why the site will not POST to an address; `str()` is the sentence for its owner."""


@dataclass(frozen=True)
class Target:
    scheme: str
    host: str  # as written, for the Host header and the certificate
    port: int
    path: str  # with its query
    addresses: tuple[str, ...]  # the checked addresses to connect to


# IPv6 prefixes that carry an IPv4 address in their last 32 bits, which a gateway on the way may reach: NAT64's
# well-known prefix and the old IPv4-compatible form. (6to4 and Teredo are read by the ipaddress module itself.)
_IPV4_INSIDE = (ipaddress.IPv6Network("64:ff9b::/96"), ipaddress.IPv6Network("::/96"))
_NAT64_LOCAL = ipaddress.IPv6Network("64:ff9b:1::/48")  # its IPv4 address may sit anywhere in it


def _ipv4_inside(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    if mapped := address.ipv4_mapped or address.sixtofour:
        return mapped
    if address.teredo:
        return address.teredo[1]  # the client's address; the server's is public by design
    if any(address in network for network in _IPV4_INSIDE) and int(address) > 0xFFFF:  # not :: or ::1
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    return None


def _allowed(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    if isinstance(address, ipaddress.IPv6Address):
        if address in _NAT64_LOCAL:
            return False
        address = _ipv4_inside(address) or address
    if address.is_loopback:
        return settings.WEBHOOK_ALLOW_LOOPBACK
    return address.is_global and not address.is_multicast


def _resolved(host: str, port: int) -> tuple[str, ...]:
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError, OSError) as exc:
        raise UnsafeUrl(_("The host of this address cannot be found.")) from exc
    return tuple(dict.fromkeys(info[4][0] for info in found))


def checked(url: str) -> Target:
    """Where a POST to `url` may go, or UnsafeUrl saying why not."""
    try:
        parts = urllib.parse.urlsplit(url.strip())
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError as exc:
        raise UnsafeUrl(_("This is not a web address.")) from exc
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise UnsafeUrl(_("The address must start with https:// (or http://) and name a host."))
    if parts.username is not None or parts.password is not None:
        raise UnsafeUrl(_("The address may not hold a user name or password: the signature proves the sender."))
    addresses = _resolved(parts.hostname, port)
    if not addresses or not all(_allowed(ipaddress.ip_address(a.split("%")[0])) for a in addresses):
        raise UnsafeUrl(_("The site sends events only to hosts on the public internet, not to a private network."))
    path = parts.path or "/"
    return Target(parts.scheme, parts.hostname, port, path + (f"?{parts.query}" if parts.query else ""), addresses)
