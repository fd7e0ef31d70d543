"""A push service on loopback for the Web Push tests: it checks each
request's VAPID signature (RFC 8292) and decrypts its body with the
device's private key (RFC 8291, http_ece), as a browser's push service and
the browser would, and answers with the next of its statuses."""

import base64
import json
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, utils


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def vapid_pair() -> tuple[str, str]:
    """(public, private) as the settings hold them."""
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return b64url(public), b64url(key.private_numbers().private_value.to_bytes(32, "big"))


@dataclass
class Device:
    """A browser's side of a subscription: its keys, and what it was sent."""

    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: bytes(range(16)))

    @property
    def p256dh(self) -> str:
        public = self.key.public_key()
        return b64url(public.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))

    def subscription(self, endpoint: str) -> dict:
        return {"endpoint": endpoint, "keys": {"p256dh": self.p256dh, "auth": b64url(self.auth)}}

    def decrypt(self, body: bytes) -> dict:
        return json.loads(http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"))


def verified_claims(authorization: str, audience: str) -> dict:
    """The JWT's claims, once its ES256 signature checks against the key it names."""
    scheme, _, params = authorization.partition(" ")
    assert scheme == "vapid", authorization
    parts = dict(part.strip().split("=", 1) for part in params.split(","))
    token, public = parts["t"], unb64url(parts["k"])
    head, claims, signature = token.split(".")
    raw = unb64url(signature)
    der = utils.encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), public)
    key.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises when forged
    decoded = json.loads(unb64url(claims))
    assert json.loads(unb64url(head)) == {"typ": "JWT", "alg": "ES256"}
    assert decoded["aud"] == audience and decoded["exp"] > time.time()
    decoded["k"] = parts["k"]
    return decoded


@contextmanager
def push_service(*statuses: int):
    got: list[tuple[str, dict, bytes]] = []
    answers = list(statuses or (201,))

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            got.append((self.path, {k.lower(): v for k, v in self.headers.items()}, body))
            status = answers.pop(0) if len(answers) > 1 else answers[0]
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        server.origin = f"http://127.0.0.1:{server.server_address[1]}"
        server.got = got
        yield server
    finally:
        server.shutdown()
        server.server_close()
