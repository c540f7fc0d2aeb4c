"""Limits at the HTTP front: oversized bodies and too many writes are refused before any
work, in the API's own error shape."""

from __future__ import annotations

import functools
import ipaddress

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from regalia.protocol import ErrorCode
from regalia.server.config import HttpLimits
from regalia.server.errors import error_response, language
from regalia.tables.ratelimit import RateLimiter
from regalia.tables.sharedlimits import SharedHolder

WRITES = {"POST", "PUT", "PATCH", "DELETE"}
IPV6_PREFIX = 64  # IPv6 addresses count per network of this prefix


class BodyLimit:
    """Declared bodies over `limit` bytes get 413 `too_large`; FastAPI's own limit stays
    the backstop for bodies sent without a length."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            for key, value in scope["headers"]:
                if key == b"content-length" and value.isdigit() and int(value) > self.limit:
                    message = f"a request body may be at most {self.limit} bytes"
                    lang = language(Headers(scope=scope))
                    response = error_response(ErrorCode.TOO_LARGE, message, None, lang)
                    await response(scope, receive, send)
                    return
        await self.app(scope, receive, send)


class WriteRateLimit:
    """Per client address: table creation and other writes are token-bucket limited (for
    the whole site when it has Redis: `shared`).

    Over the limit a request gets 429 `rate_limited` with `Retry-After`, before any work."""

    def __init__(
        self, app: ASGIApp, limits: HttpLimits, shared: SharedHolder | None = None
    ) -> None:
        self.app = app
        rate = limits.create_per_minute / 60
        self.create = RateLimiter(limits.create_burst, rate, what="create", shared=shared)
        self.write = RateLimiter(
            limits.write_burst, limits.write_per_second, what="write", shared=shared
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in WRITES:
            path = scope["path"]
            if path.startswith("/api/"):
                creates = path.rstrip("/") in ("/api/tables", "/api/quickplay", "/api/players")
                bucket = self.create if creates else self.write
                wait = await bucket.acquire(client_of(scope))
                if wait:
                    if bucket is self.create:
                        message = (
                            f"too many tables created from your address; try again in {wait:.0f} s"
                        )
                    else:
                        message = f"too many requests from your address; try again in {wait:.0f} s"
                    lang = language(Headers(scope=scope))
                    reply = error_response(ErrorCode.RATE_LIMITED, message, wait, lang)
                    await reply(scope, receive, send)
                    return
        await self.app(scope, receive, send)


def client_of(scope: Scope) -> str:
    """The client's address as every per-address limit counts it (`client_key`); behind a
    proxy, uvicorn's --forwarded-allow-ips decides the address."""
    client = scope.get("client")
    return client_key(str(client[0])) if client else ""


@functools.lru_cache(maxsize=65_536)
def client_key(address: str) -> str:
    """An IPv4 address as it is; an IPv6 one as its /64 network (one subscriber's usual
    share: holding a whole /64 costs nothing), IPv4-mapped ones as their IPv4 address."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/{IPV6_PREFIX}", strict=False))
    return str(ip)
