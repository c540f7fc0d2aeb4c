"""A real uvicorn server on a free loopback port, in a thread, for WebSocket clients."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import uvicorn
import websockets

from regalia.server.app import create_app
from regalia.server.config import Settings


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def live_server(
    data_dir: Path, wrap: Callable[[Any], Any] | None = None, **settings: Any
) -> Iterator[str]:
    """Yields the base URL (http://127.0.0.1:PORT) while the server runs (`wrap`: an ASGI
    middleware around the app, e.g. one that records what a client was sent)."""
    port = free_port()
    app = create_app(Settings(data_dir=data_dir, **{"bot_workers": 1, **settings}))
    config = uvicorn.Config(
        wrap(app) if wrap is not None else app,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        ws_max_size=1 << 20,
        timeout_graceful_shutdown=2,  # a Bot API stream never ends by itself
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def create(base: str, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    response = httpx.post(f"{base}/api/tables", json={"game": game, "seats": seats, **extra})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def ws_url(base: str, table_id: str) -> str:
    return base.replace("http://", "ws://") + f"/ws/tables/{table_id}"


class Conn:
    """A WebSocket client that logs every message it receives."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.log: list[dict[str, Any]] = []
        self.waiting: list[dict[str, Any]] = []  # read in a frame, not yet handed out

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(message))

    async def recv(self, timeout: float = 30) -> dict[str, Any]:
        """The next message (a frame holds one, or a change's messages as an array)."""
        if not self.waiting:
            frame = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
            self.waiting.extend(frame if isinstance(frame, list) else [frame])
        message: dict[str, Any] = self.waiting.pop(0)
        self.log.append(message)
        return message

    async def until(self, kind: str, timeout: float = 30, **match: Any) -> dict[str, Any]:
        while True:
            message = await self.recv(timeout)
            if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
                return message


async def connect(base: str, table_id: str, token: str | None, name: str | None = None,
                  last_seq: int = 0) -> Conn:  # fmt: skip
    ws = await websockets.connect(ws_url(base, table_id), max_size=1 << 22)
    conn = Conn(ws)
    await conn.send({"type": "hello", "token": token, "name": name, "last_seq": last_seq})
    return conn
