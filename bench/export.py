"""How fast the open-data export streams: GET /api/export/games and `regalia export`.

Makes a fresh database with finished games (Regulator Chess games ended by a resignation
after a few moves, and whole Regicida games played by random legal actions), then times
the HTTP export and the command line (Zstandard) over all of them.

    .venv/bin/python bench/export.py [--chess 400] [--regicida 20]
"""

from __future__ import annotations

import argparse
import contextlib
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from regalia.cli import main
from regalia.server.app import create_app
from regalia.server.config import HttpLimits, Settings

UNLIMITED = HttpLimits(write_burst=10**9, create_burst=10**9)


def seated(client: TestClient, game: str, players: int) -> tuple[str, list[str]]:
    made = client.post("/api/tables", json={"game": game, "seats": [{"kind": "human"}] * players})
    body: dict[str, Any] = made.json()
    tokens = [t["token"] for t in body["tokens"]]
    for seat, token in enumerate(tokens):
        client.post(f"/api/tables/{body['table']['id']}/join", json={"name": f"P{seat}"},
                    headers={"X-Seat-Token": token})  # fmt: skip
    return body["table"]["id"], tokens


def play(client: TestClient, table: str, tokens: list[str], rng: random.Random, most: int) -> None:
    for _ in range(most):
        for token in tokens:
            view = client.get(f"/api/tables/{table}/view", headers={"X-Seat-Token": token}).json()
            if view["status"] == "finished":
                return
            if view["legal"]:
                client.post(f"/api/tables/{table}/commands", headers={"X-Seat-Token": token},
                            json={"type": "action", "seq": view["seq"],
                                  "action": rng.choice(view["legal"])["action"]})  # fmt: skip


def run(chess: int, regicida: int) -> None:
    rng = random.Random(1)
    data = Path(tempfile.mkdtemp(prefix="regalia-export-"))
    settings = Settings(data_dir=data, bot_workers=1, http=UNLIMITED)
    with TestClient(create_app(settings)) as client:
        start = time.perf_counter()
        for _ in range(chess):
            table, tokens = seated(client, "regulator", 2)
            play(client, table, tokens, rng, 3)
            client.post(f"/api/tables/{table}/commands", json={"type": "resign"},
                        headers={"X-Seat-Token": tokens[0]})  # fmt: skip
        for _ in range(regicida):
            table, tokens = seated(client, "regicida", 5)
            play(client, table, tokens, rng, 10_000)
        print(f"made {chess} + {regicida} finished games in {time.perf_counter() - start:.1f} s")
        start = time.perf_counter()
        reply = client.get("/api/export/games", params={"max": 10_000})
        took = time.perf_counter() - start
        lines = reply.text.count("\n")
        print(f"GET /api/export/games: {lines} games, {len(reply.content) / 1e6:.1f} MB in "
              f"{took:.2f} s ({lines / took:.0f} games/s)")  # fmt: skip
    out = data / "all.ndjson.zst"
    start = time.perf_counter()
    with contextlib.suppress(SystemExit):
        main(["export", "--out", str(out), "--data-dir", str(data)])
    took = time.perf_counter() - start
    print(f"regalia export: {out.stat().st_size / 1e6:.2f} MB compressed in {took:.2f} s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--chess", type=int, default=400)
    parser.add_argument("--regicida", type=int, default=20)
    args = parser.parse_args()
    run(args.chess, args.regicida)
