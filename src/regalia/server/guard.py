"""Slow and idle HTTP connections are closed: uvicorn's protocol with deadlines added.

uvicorn closes an idle keep-alive connection, but a client that sends its headers a byte at a
time (slowloris), or never finishes a body, holds a socket and a file descriptor for as long
as it likes. Here each request's headers must arrive within `header_seconds` of its first
byte (of the connection, for the first request) and its body within `body_seconds` after
them; a late request gets `408` in the API's error shape and the connection is closed. One
address (an IPv6 one by its /64 prefix) may hold at most `per_client` HTTP connections at
once; more are closed at once.

The process holds at most `total` HTTP connections; a WebSocket stops counting once
upgraded (it has its own caps). A connection that comes when all are taken evicts an idle
or a partial one (no request yet, between requests, or a body still arriving), the oldest
of the address that holds the most; only when every one is busy answering is it refused,
with 503 `unavailable`. The last `headroom` connections go only to addresses that hold
fewer than `HEADROOM_SHARE`, so a crowd of addresses cannot fill the server to the brim.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any, ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from regalia.metrics import RATE_LIMITED
from regalia.protocol import ErrorCode
from regalia.server.errors import error_body
from regalia.server.limits import client_key

log = logging.getLogger("regalia.server")
# An address over its `per_client` connections: refused like any other rate limit.
CONNECTIONS_REFUSED = RATE_LIMITED.labels("connections")
# A connection refused because the server is full (every connection busy, or the headroom
# kept for addresses that hold few), and one evicted to make room.
CONNECTIONS_FULL = RATE_LIMITED.labels("connections_full")
CONNECTIONS_EVICTED = RATE_LIMITED.labels("connections_evicted")
HEADROOM_SHARE = 8  # connections an address may hold and still open one in the headroom


class Connections:
    """The HTTP connections open in this process, by address, oldest first."""

    def __init__(self) -> None:
        self.by_client: dict[str, dict[GuardedHttpProtocol, None]] = {}
        self.total = 0

    def held(self, client: str) -> int:
        return len(self.by_client.get(client, ()))

    def add(self, client: str, connection: GuardedHttpProtocol) -> None:
        self.by_client.setdefault(client, {})[connection] = None
        self.total += 1

    def remove(self, client: str, connection: GuardedHttpProtocol) -> None:
        held = self.by_client.get(client)
        if held is not None and held.pop(connection, 0) is None:
            self.total -= 1
            if not held:
                del self.by_client[client]

    def evict_one(self) -> bool:
        """Close the oldest idle or partial connection of the address that holds the most
        (or the next such address); False when every connection is busy answering."""
        for client in sorted(self.by_client, key=lambda c: len(self.by_client[c]), reverse=True):
            for connection in self.by_client[client]:
                if connection.evictable():
                    connection.evict()
                    return True
        return False


class GuardedHttpProtocol(HttpToolsProtocol):
    header_seconds = 10.0
    body_seconds = 30.0
    per_client = 64
    total = 4096  # HTTP connections in all
    headroom = 256
    registry: ClassVar[Connections] = Connections()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._counted: str | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = client_key(self.client[0]) if self.client else ""
        registry = self.registry
        held = registry.held(address)
        if held >= self.per_client:
            CONNECTIONS_REFUSED.inc()
            transport.close()
            return
        if registry.total >= self.total - self.headroom and held >= HEADROOM_SHARE:
            CONNECTIONS_FULL.inc()  # the headroom is for addresses that hold few
            transport.close()
            return
        if registry.total >= self.total and not registry.evict_one():
            CONNECTIONS_FULL.inc()
            self._refuse_full()
            return
        registry.add(address, self)
        self._counted = address
        self._arm(self.header_seconds, "headers")

    def evictable(self) -> bool:
        """Idle (no request yet, or between requests) or partial (a body still arriving
        that the app has not begun to answer): nothing is lost by closing it."""
        if self.transport.is_closing():
            return False
        cycle = self.cycle
        if cycle is None or cycle.response_complete:
            return not self.pipeline
        return bool(cycle.more_body) and not cycle.response_started

    def evict(self) -> None:
        CONNECTIONS_EVICTED.inc()
        self._disarm()
        self._uncount()
        if self.cycle is not None and not self.cycle.response_complete:
            self.cycle.disconnected = True
        self.transport.close()

    def _refuse_full(self) -> None:
        message = "the server has no room for another connection; try again in a moment"
        body = json.dumps(error_body(ErrorCode.UNAVAILABLE, message)).encode()
        head = (
            b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n"
            b"retry-after: 1\r\ncontent-length: " + str(len(body)).encode()
            + b"\r\nconnection: close\r\n\r\n"
        )  # fmt: skip
        self.transport.write(head + body)
        self.transport.close()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._deadline is None:
            self._arm(self.header_seconds, "headers")

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()
        if self.parser is not None and not self.parser.should_upgrade():
            self._arm(self.body_seconds, "body")

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        self._disarm()  # the WebSocket has its own pings, hello deadline and socket cap
        self._uncount()
        super().handle_websocket_upgrade()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._uncount()
        super().connection_lost(exc)

    def _uncount(self) -> None:
        if self._counted is not None:
            self.registry.remove(self._counted, self)
            self._counted = None

    def _arm(self, seconds: float, what: str) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(seconds, self._too_slow, what)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self, what: str) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        if self.cycle is not None and self.cycle.response_started:
            return  # the app is answering: its own work is not the client's slowness
        # One whole sentence per part, so each translates as a whole.
        if what == "headers":
            message = "the request's headers did not arrive in time"
        else:
            message = "the request's body did not arrive in time"
        body = json.dumps(error_body(ErrorCode.TIMEOUT, message)).encode()
        head = (
            b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
            b"content-length: " + str(len(body)).encode() + b"\r\nconnection: close\r\n\r\n"
        )
        self.transport.write(head + body)
        self.transport.close()
        if self.cycle is not None:
            self.cycle.disconnected = True
