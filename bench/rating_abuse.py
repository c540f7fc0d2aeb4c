"""Rating abuse, measured: what farming, walking away and a fast new guest do to ratings.

.venv/bin/python bench/rating_abuse.py

Runs a server in this process (SQLite in a temporary directory) and prints, for Regulator
Chess: a farmer's rating after 15 rated games against a second account from one address,
each ended by that account's resignation, with REGALIA_SAME_SOURCE_WEIGHT 0 (the default)
and 1; a rated player who never connected, whose strong stand-in won by the opponent's
resignation; one whose 2-second clock ran out before their first move (`on_timeout: bot`);
and a new guest after 15 straight wins against strangers (docs/server.md, "Players and
ratings").
"""

from __future__ import annotations

import itertools
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from regalia.server.app import create_app
from regalia.server.config import Settings
from regalia.tables.limits import Limits

HUMAN = {"kind": "human"}
ADDRESSES = (f"192.0.2.{n}" for n in itertools.count(1))


@contextmanager
def server(weight: float = 0.0) -> Iterator[TestClient]:
    with tempfile.TemporaryDirectory() as data:
        limits = Limits(same_source_weight=weight)
        settings = Settings(data_dir=Path(data), bot_workers=1, bot_seconds=0.5, tables=limits)
        with TestClient(create_app(settings)) as client:
            yield client


def elsewhere(client: TestClient) -> TestClient:
    """A client of the same server whose requests come from another address."""
    other = TestClient(client.app, client=(next(ADDRESSES), 50000))
    other.portal = client.portal
    return other


def guest(client: TestClient, name: str) -> dict[str, str]:
    body = client.post("/api/players", json={"name": name}).json()
    return {"X-Player-Key": body["player_key"]}


def rated(clients: list[TestClient], keys: list[dict[str, str]], **extra: Any) -> tuple[str, str]:
    """A rated table, seat n joined by keys[n] through clients[n]; (table, seat 1's token)."""
    body = {"game": "regulator", "seats": [HUMAN, HUMAN], "rated": True, **extra}
    made = elsewhere(clients[0]).post("/api/tables", json=body).json()
    table, tokens = made["table"]["id"], [t["token"] for t in made["tokens"]]
    for token, client, key in zip(tokens, clients, keys, strict=True):
        client.post(f"/api/tables/{table}/join", json={}, headers={"X-Seat-Token": token, **key})
    return table, tokens[1]


def resign(client: TestClient, table: str, token: str) -> str:
    client.post(f"/api/tables/{table}/commands", json={"type": "resign"},
                headers={"X-Seat-Token": token})  # fmt: skip
    changes = client.get(f"/api/tables/{table}/view").json()["ratings"]
    return ", ".join(f"{c['before']} → {c['after']}" for c in changes)


def stand_in_moves(client: TestClient, table: str) -> None:
    while not any(e["kind"] == "action" and e["seat"] == 0
                  for e in client.get(f"/api/tables/{table}/events").json()["events"]):  # fmt: skip
        time.sleep(0.05)


def main() -> None:
    for weight in (0.0, 1.0):
        with server(weight) as client:
            farmer, feeder = guest(client, "Farmer"), guest(client, "Feeder")
            for _ in range(15):
                resign(client, *rated([client, client], [farmer, feeder]))
            board = client.get("/api/leaderboard/regulator").json()
            rows = ", ".join(f"{r['name']} {r['rating']} ({r['games']} games)" for r in board)
            print(f"one address, weight {weight}: {rows or 'nobody rated'}")
    with server() as client:
        other = elsewhere(client)
        absent, present = guest(client, "Absent"), guest(other, "Present")
        absence = {"grace_s": 1, "then": "bot"}
        table, token = rated([client, other], [absent, present], absence=absence)
        stand_in_moves(client, table)
        print(f"never connected, the stand-in won (White, Black): {resign(other, table, token)}")
        idle, mover = guest(client, "Idle"), guest(other, "Mover")
        rules = {"clock": {"per_move_s": 2}, "on_timeout": "bot"}
        table, token = rated([client, other], [idle, mover], **rules)
        stand_in_moves(client, table)
        print(f"timed out before moving, then won (White, Black): {resign(other, table, token)}")
        fast = guest(client, "Fast")
        for n in range(15):
            stranger = elsewhere(client)
            resign(stranger, *rated([client, stranger], [fast, guest(stranger, f"Victim{n}")]))
        row = next(r for r in client.get("/api/leaderboard/regulator").json()
                   if r["name"] == "Fast")  # fmt: skip
        print(f"new guest, 15 wins: {row['rating']}, provisional {row['provisional']}")


if __name__ == "__main__":
    main()
