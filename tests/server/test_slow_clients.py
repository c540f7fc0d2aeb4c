"""Slow and idle HTTP clients are cut off (issue 12: 260 half-sent requests locked everyone
out), on a real server process with short deadlines."""

from __future__ import annotations

import json
import select
import socket
import time
from pathlib import Path

import httpx
import pytest

from tests.server.process import serve

FAST = {
    "REGALIA_HEADER_SECONDS": "2",
    "REGALIA_BODY_SECONDS": "1",
    "REGALIA_KEEP_ALIVE_SECONDS": "1",
    "REGALIA_CONNECTIONS_PER_CLIENT": "20",
}


def _connect(base: str) -> socket.socket:
    host, port = base.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=10)
    return sock


def _answer(sock: socket.socket, sent: float) -> tuple[float, bytes]:
    """Everything the server sends until it closes, and how long after `sent` that was."""
    data = b""
    while chunk := sock.recv(4096):
        data += chunk
    return time.monotonic() - sent, data


def _closed(sock: socket.socket) -> bool:
    """Whether the server has closed it (after a last answer, perhaps)."""
    sock.settimeout(0.5)
    try:
        while sock.recv(4096):
            pass
        return True
    except TimeoutError:
        return False
    except OSError:
        return True


@pytest.mark.slow
def test_slow_headers_bodies_and_idle_connections_are_closed(tmp_path: Path) -> None:
    with serve(tmp_path, tmp_path / "server.log", **FAST) as server:
        # The half-sent request, the half-sent body and the idle connection at once: each
        # deadline runs on its own connection.
        half = _connect(server.base)
        half.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")  # never finished
        half_sent = time.monotonic()
        slow_body = _connect(server.base)
        slow_body.sendall(b"POST /api/replays HTTP/1.1\r\nHost: x\r\ncontent-type: "
                          b"application/json\r\ncontent-length: 50\r\n\r\n{\"rec")  # fmt: skip
        body_sent = time.monotonic()
        idle = _connect(server.base)
        idle.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
        idle_sent = time.monotonic()

        waited, answer = _answer(half, half_sent)
        assert waited < 5 and answer.startswith(b"HTTP/1.1 408")
        body = json.loads(answer.split(b"\r\n\r\n", 1)[1])
        assert body["error"]["code"] == "timeout"

        waited, answer = _answer(slow_body, body_sent)
        assert waited < 5 and answer.startswith(b"HTTP/1.1 408")

        time.sleep(max(0.0, idle_sent + 2.5 - time.monotonic()))  # past the keep-alive time
        assert idle.recv(4096).startswith(b"HTTP/1.1 200")
        assert _closed(idle)

        crowd = [_connect(server.base) for _ in range(30)]
        opened = time.monotonic()
        shut: set[socket.socket] = set()
        deadline = opened + 1.2  # well before the header deadline
        while len(shut) < 10 and time.monotonic() < deadline:
            readable, _, _ = select.select(list(set(crowd) - shut), [], [], 0.1)
            shut |= {sock for sock in readable if sock.recv(1) == b""}
        assert len(shut) == 10  # beyond 20 open connections per address
        # The others never sent a byte: each is closed once their header deadline (2 s)
        # passed, within 4 s of opening.
        open_ = set(crowd) - shut
        while open_ and time.monotonic() < opened + 4.0:
            readable, _, _ = select.select(list(open_), [], [], 0.1)
            open_ -= {sock for sock in readable if _closed(sock)}
        assert all(_closed(sock) for sock in crowd)
        assert httpx.get(f"{server.base}/api/health", timeout=10).json() == {"ok": True}
