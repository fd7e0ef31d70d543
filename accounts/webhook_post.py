"""One POST to a checked webhook address (accounts/webhook_urls.py): to the
addresses that were checked and no other, with short timeouts, never
following a redirect (a 3xx is a failure), reading at most a little of the
answer. TLS is verified against the host as written."""

import http.client
import socket
import ssl

from accounts.webhook_urls import Target

ANSWER_READ = 1024  # bytes of the receiver's answer read, then the connection is closed


class _Pinned:
    """Connect to one of the checked addresses, whatever the host resolves to now."""

    def connect(self):
        error: OSError | None = None
        for address in self.pinned:
            try:
                self.sock = socket.create_connection((address, self.port), self.timeout)
                break
            except OSError as exc:
                error = exc
        else:
            raise error or OSError("no address")
        if isinstance(self, http.client.HTTPSConnection):
            self.sock = self._context.wrap_socket(self.sock, server_hostname=self.host)


class _PinnedHTTP(_Pinned, http.client.HTTPConnection):
    pass


class _PinnedHTTPS(_Pinned, http.client.HTTPSConnection):
    pass


def post(target: Target, body: bytes, headers: dict, timeout: float) -> int:
    """The receiver's status; an OSError (refused, timed out, TLS) when there is none."""
    if target.scheme == "https":
        connection = _PinnedHTTPS(target.host, target.port, timeout=timeout, context=ssl.create_default_context())
    else:
        connection = _PinnedHTTP(target.host, target.port, timeout=timeout)
    connection.pinned = target.addresses
    try:
        connection.request("POST", target.path, body=body, headers={"Content-Type": "application/json", **headers})
        response = connection.getresponse()
        response.read(ANSWER_READ)
        return response.status
    except http.client.HTTPException as exc:  # a garbled answer
        raise OSError(f"bad answer: {type(exc).__name__}") from exc
    finally:
        connection.close()
