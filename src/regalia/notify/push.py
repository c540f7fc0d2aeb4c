"""Web Push: VAPID keys (RFC 8292), payloads encrypted with `aes128gcm` (RFC 8291) by
pywebpush, and a POST to the subscription's endpoint (RFC 8030).

An endpoint is a URL the server POSTs to, so it is a way to make the server reach places:
only `https://` endpoints whose host resolves to public addresses are accepted (no
loopback, private, link-local, multicast or reserved targets), checked when a browser
subscribes and again on every connection (a resolver that refuses non-public answers, so
a name that later resolves to a private address reaches nothing); redirects are not
followed. Hosts in `REGALIA_PUSH_ALLOWED_HOSTS` (`host:port`) are exempt and may use
`http://` (tests, private deployments).
"""

from __future__ import annotations

import base64
import ipaddress
import json
import logging
import socket
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp
from aiohttp.abc import AbstractResolver, ResolveResult
from aiohttp.resolver import DefaultResolver
from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid
from pywebpush import WebPusher

from regalia.protocol import ErrorCode
from regalia.tables.errors import TableError

log = logging.getLogger("regalia.notify")
KEY_FILE = "vapid_private_key.pem"
MAX_ENDPOINT = 1000


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def load_vapid(data_dir: Path, given: str | None) -> Vapid:
    """The server's VAPID key: `given` (REGALIA_VAPID_PRIVATE_KEY), else the one in the
    data directory, made there at first start."""
    if given:
        return Vapid.from_string(given)
    path = data_dir / KEY_FILE
    if path.is_file():
        return Vapid.from_file(str(path))
    data_dir.mkdir(parents=True, exist_ok=True)
    vapid = Vapid()
    vapid.generate_keys()
    tmp = path.with_suffix(".tmp")
    vapid.save_key(str(tmp))
    tmp.chmod(0o600)
    tmp.replace(path)  # two processes starting together: one key wins, both read it
    return Vapid.from_file(str(path))


def public_key(vapid: Vapid) -> str:
    """The applicationServerKey a browser subscribes with (uncompressed P-256, base64url)."""
    raw = vapid.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return b64url(raw)


def _public(address: str) -> bool:
    ip = ipaddress.ip_address(address)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


def _host_port(url: str) -> tuple[str, str, int]:
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise TableError(ErrorCode.BAD_SUBSCRIPTION, "the endpoint's port is wrong") from None
    return parts.scheme, host, port


def check_endpoint(url: str, allowed: frozenset[str]) -> None:
    """Refuse an endpoint the server must not POST to (see the module's docstring). Names
    are checked again at each connection (`PublicResolver`)."""
    if len(url) > MAX_ENDPOINT:
        raise TableError(ErrorCode.BAD_SUBSCRIPTION, "the endpoint is too long")
    scheme, host, port = _host_port(url)
    if f"{host}:{port}" in allowed:
        if scheme not in ("http", "https"):
            raise TableError(ErrorCode.BAD_SUBSCRIPTION, "an endpoint is an http(s) URL")
        return
    if scheme != "https" or not host:
        raise TableError(ErrorCode.BAD_SUBSCRIPTION, "a push endpoint is an https:// URL")
    try:
        literal = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        literal = None
    if literal is not None and not _public(str(literal)):
        raise TableError(ErrorCode.BAD_SUBSCRIPTION, "a push endpoint is on a public address")
    if literal is None and (host == "localhost" or host.endswith((".localhost", ".local"))):
        raise TableError(ErrorCode.BAD_SUBSCRIPTION, "a push endpoint is on a public address")


class PublicResolver(AbstractResolver):
    """Resolves as usual, but only to public addresses (allow-listed host:ports aside)."""

    def __init__(self, allowed: frozenset[str]) -> None:
        self.allowed = allowed
        self.inner = DefaultResolver()

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        found = await self.inner.resolve(host, port, family)
        if f"{host.lower()}:{port}" in self.allowed:
            return found
        public = [r for r in found if _public(r["host"])]
        if not public:
            raise OSError(f"{host} resolves to no public address")
        return public

    async def close(self) -> None:
        await self.inner.close()


@dataclass(frozen=True, slots=True)
class Outcome:
    """A push service's answer: delivered, gone (404/410: drop the subscription), or
    failed (try again later)."""

    status: int
    gone: bool = False

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300


class Pusher:
    def __init__(self, vapid: Vapid, contact: str, allowed: frozenset[str]) -> None:
        self.vapid = vapid
        self.contact = contact
        self.allowed = allowed
        self._session: aiohttp.ClientSession | None = None

    def session(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            connector = aiohttp.TCPConnector(resolver=PublicResolver(self.allowed))
            self._session = aiohttp.ClientSession(
                connector=connector, timeout=aiohttp.ClientTimeout(total=15)
            )
        return self._session

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()

    def request(
        self,
        subscription: dict[str, Any],
        payload: dict[str, Any],
        ttl: int,
        urgency: str,
        topic: str | None = None,
    ) -> tuple[str, bytes, dict[str, str]]:
        """The endpoint, the encrypted body and the headers of one push."""
        endpoint = str(subscription["endpoint"])
        check_endpoint(endpoint, self.allowed)
        pusher = WebPusher(subscription)
        body = pusher.encode(json.dumps(payload).encode(), "aes128gcm")["body"]
        scheme, host, port = _host_port(endpoint)
        default = 443 if scheme == "https" else 80
        audience = f"{scheme}://{host}" + ("" if port == default else f":{port}")
        claims = {"aud": audience, "sub": self.contact, "exp": int(time.time()) + 12 * 3600}
        headers = dict(self.vapid.sign(claims))
        headers |= {
            "TTL": str(ttl),
            "Urgency": urgency,
            "Content-Encoding": "aes128gcm",
            "Content-Type": "application/octet-stream",
        }
        if topic:
            headers["Topic"] = topic
        return endpoint, body, headers

    async def send(
        self,
        subscription: dict[str, Any],
        payload: dict[str, Any],
        ttl: int,
        urgency: str,
        topic: str | None = None,
    ) -> Outcome:
        endpoint, body, headers = self.request(subscription, payload, ttl, urgency, topic)
        async with self.session().post(
            endpoint, data=body, headers=headers, allow_redirects=False
        ) as response:
            await response.read()
            status = response.status
        return Outcome(status, gone=status in (404, 410))
