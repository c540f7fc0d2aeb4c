"""Slow and idle HTTP connections are closed: uvicorn's protocol with deadlines added.

uvicorn closes an idle keep-alive connection, but a client that sends its headers a byte at a
time (slowloris), or never finishes a body, holds a socket and a file descriptor for as long
as it likes. Here each request's headers must arrive within `header_seconds` of its first
byte (of the connection, for the first request) and its body within `body_seconds` after
them; a late request gets `408` in the API's error shape and the connection is closed. One
address may hold at most `per_client` HTTP connections at once; more are closed at once.
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

log = logging.getLogger("regalia.server")
# An address over its `per_client` connections: refused like any other rate limit.
CONNECTIONS_REFUSED = RATE_LIMITED.labels("connections")


class GuardedHttpProtocol(HttpToolsProtocol):
    header_seconds = 10.0
    body_seconds = 30.0
    per_client = 64
    open_by_client: ClassVar[dict[str, int]] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._counted: str | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else ""
        if self.open_by_client.get(address, 0) >= self.per_client:
            CONNECTIONS_REFUSED.inc()
            transport.close()
            return
        self.open_by_client[address] = self.open_by_client.get(address, 0) + 1
        self._counted = address
        self._arm(self.header_seconds, "headers")

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
            left = self.open_by_client.get(self._counted, 1) - 1
            if left > 0:
                self.open_by_client[self._counted] = left
            else:
                self.open_by_client.pop(self._counted, None)
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
