"""A push service on loopback for the Web Push tests: it checks each
request's VAPID signature (RFC 8292) and decrypts its body with the
device's private key (RFC 8291, http_ece), as a browser's push service and
the browser would, and answers with the next of its statuses."""

import base64
import json
import time
from dataclasses import dataclass, field

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, utils

from tests.receiver import receiver


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


def push_service(*statuses: int):
    """A push service: the receiver, answering 201 unless told otherwise."""
    return receiver(*(statuses or (201,)))
