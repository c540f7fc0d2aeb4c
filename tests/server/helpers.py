"""Small helpers for driving the server in tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from regalia.server.config import HttpLimits, Settings


def create(
    client: TestClient, game: str, seats: list[dict[str, Any]], **extra: Any
) -> dict[str, Any]:
    response = client.post("/api/tables", json={"game": game, "seats": seats, **extra})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def played_fast(data_dir: Path) -> Settings:
    """A server whose seats, all from one address, write faster than people would."""
    return Settings(data_dir=data_dir, bot_workers=1, bot_workers_on_demand=True,
                    http=HttpLimits(write_burst=10_000))  # fmt: skip


def seated(client: TestClient, game: str, count: int) -> tuple[str, list[str]]:
    """A table of `game` with `count` human seats, each joined as P0, P1…: (id, seat tokens)."""
    made = create(client, game, [{"kind": "human"}] * count)
    tokens = [t["token"] for t in made["tokens"]]
    for seat, token in enumerate(tokens):
        joined = client.post(f"/api/tables/{made['table']['id']}/join",
                             json={"name": f"P{seat}"},
                             headers={"X-Seat-Token": token})  # fmt: skip
        assert joined.status_code == 200, joined.text
    return made["table"]["id"], tokens


def receive(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next message: a frame holds one, or a change's messages as an array (the rest
    wait on the session for the next call)."""
    waiting: list[dict[str, Any]] = ws.__dict__.setdefault("_regalia_waiting", [])
    if not waiting:
        frame = ws.receive_json()
        waiting.extend(frame if isinstance(frame, list) else [frame])
    return waiting.pop(0)


def receive_until(ws: WebSocketTestSession, kind: str, **match: Any) -> dict[str, Any]:
    """Read messages until one of type `kind` whose fields equal `match`."""
    for _ in range(10_000):
        message = receive(ws)
        if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
            return message
    raise AssertionError(f"no {kind} message")


def hello(
    ws: WebSocketTestSession, token: str | None, name: str | None = None, last: int = 0
) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token, "name": name, "last_seq": last})
    return receive_until(ws, "welcome")


def from_address(client: TestClient, host: str) -> TestClient:
    """A client of the same running server (`client` entered) whose requests come from
    address `host`, as a second machine's would."""
    other = TestClient(client.app, client=(host, 50000))
    other.portal = client.portal  # the server's own event loop
    return other
