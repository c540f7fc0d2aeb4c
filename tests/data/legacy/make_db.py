"""Write a small database with the release of Regalia that is importable, for upgrade tests.

Run it with the previous release's code first on the path, e.g. from a worktree of it:

    git worktree add /tmp/release REV
    PYTHONPATH=/tmp/release/src .venv/bin/python tests/data/legacy/make_db.py OUT_DIR [timed]

(`timed`, for releases that have clocks: a timed game mid-way too.)

It plays through the HTTP API only, so it runs against any release: finished games of each
game (bots, a resignation), unfinished ones with human seats mid-game, a waiting table and
chat. OUT_DIR gets `regalia.sqlite3` and `tables.json` (ids, seat tokens, what to expect).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from regalia.server.app import create_app
from regalia.server.config import Settings


def create(client: TestClient, game: str, seats: list[dict[str, Any]], **extra: Any) -> Any:
    reply = client.post("/api/tables", json={"game": game, "seats": seats, **extra})
    assert reply.status_code == 201, reply.text
    return reply.json()


def wait(client: TestClient, table: str, done: Any) -> dict[str, Any]:
    for _ in range(600):
        view: dict[str, Any] = client.get(f"/api/tables/{table}/view").json()
        if done(view):
            return view
        time.sleep(0.05)
    raise TimeoutError(table)


def my_turn(client: TestClient, table: str, token: str) -> dict[str, Any]:
    headers = {"X-Seat-Token": token}
    for _ in range(600):
        view: dict[str, Any] = client.get(f"/api/tables/{table}/view", headers=headers).json()
        if view["legal"]:
            return view
        time.sleep(0.05)
    raise TimeoutError(table)


def act(client: TestClient, table: str, token: str, view: dict[str, Any]) -> None:
    move = view["legal"][0]["action"]
    reply = client.post(
        f"/api/tables/{table}/commands",
        json={"type": "action", "action": move, "seq": view["seq"]},
        headers={"X-Seat-Token": token},
    )
    assert reply.status_code == 200, reply.text


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "regalia.sqlite3").unlink(missing_ok=True)
    tables: dict[str, Any] = {}
    with TestClient(create_app(Settings(data_dir=out, bot_workers=1))) as client:
        bots = {"kind": "bot", "level": "random"}
        for game, count, seed in (("regulator", 2, 11), ("regicide", 4, 12), ("regicida", 3, 13)):
            made = create(client, game, [bots] * count, seed=seed)
            tid = made["table"]["id"]
            wait(client, tid, lambda v: v["status"] == "finished")
            tables[f"{game}_finished"] = {"id": tid}

        made = create(client, "regulator", [{"kind": "human"}, {"kind": "bot", "level": "greedy"}],
                      seed=21)  # fmt: skip
        tid, token = made["table"]["id"], made["tokens"][0]["token"]
        client.post(f"/api/tables/{tid}/join", json={"name": "Ana"},
                    headers={"X-Seat-Token": token})  # fmt: skip
        for _ in range(2):
            act(client, tid, token, my_turn(client, tid, token))
        client.post(f"/api/tables/{tid}/commands", json={"type": "chat", "text": "good luck"},
                    headers={"X-Seat-Token": token})  # fmt: skip
        my_turn(client, tid, token)
        tables["regulator_playing"] = {"id": tid, "tokens": {"0": token}}

        made = create(client, "regicida", [{"kind": "human"}, {"kind": "human"}, bots], seed=22)
        tid = made["table"]["id"]
        tokens = {str(t["seat"]): t["token"] for t in made["tokens"]}
        for seat, token in tokens.items():
            client.post(f"/api/tables/{tid}/join", json={"name": f"P{seat}"},
                        headers={"X-Seat-Token": token})  # fmt: skip
        for _ in range(3):
            view = client.get(f"/api/tables/{tid}/view").json()
            seat = str(view["to_act"][0])
            if seat in tokens:
                act(client, tid, tokens[seat], my_turn(client, tid, tokens[seat]))
            time.sleep(0.3)
        tables["regicida_playing"] = {"id": tid, "tokens": tokens}

        made = create(client, "regicide", [{"kind": "human"}] + [bots] * 3, seed=23)
        tid, token = made["table"]["id"], made["tokens"][0]["token"]
        client.post(f"/api/tables/{tid}/join", json={"name": "Bruno"},
                    headers={"X-Seat-Token": token})  # fmt: skip
        act(client, tid, token, my_turn(client, tid, token))
        client.post(f"/api/tables/{tid}/commands", json={"type": "resign"},
                    headers={"X-Seat-Token": token})  # fmt: skip
        wait(client, tid, lambda v: v["status"] == "finished")
        tables["regicide_resigned"] = {"id": tid}

        if "timed" in sys.argv[2:]:  # releases with clocks: a timed game mid-way
            seats = [{"kind": "human"}, {"kind": "bot", "level": "greedy"}]
            clock = {"initial_s": 600, "increment_s": 5}
            made = create(client, "regulator", seats, seed=25, clock=clock)
            tid, token = made["table"]["id"], made["tokens"][0]["token"]
            client.post(f"/api/tables/{tid}/join", json={"name": "Duda"},
                        headers={"X-Seat-Token": token})  # fmt: skip
            for _ in range(2):
                act(client, tid, token, my_turn(client, tid, token))
            my_turn(client, tid, token)
            tables["regulator_timed"] = {"id": tid, "tokens": {"0": token}}

        made = create(client, "regulator", [{"kind": "human"}, {"kind": "human"}], seed=24)
        tables["regulator_waiting"] = {
            "id": made["table"]["id"],
            "tokens": {str(t["seat"]): t["token"] for t in made["tokens"]},
        }

        for entry in tables.values():
            summary = client.get(f"/api/tables/{entry['id']}").json()
            entry["status"] = summary["status"]
            entry["seq"] = summary["seq"]
            entry["result"] = summary["result"]
            if summary["status"] == "finished":
                entry["record"] = client.get(f"/api/tables/{entry['id']}/replay").json()["record"]
            else:
                entry["view"] = client.get(f"/api/tables/{entry['id']}/view").json()["view"]
    (out / "tables.json").write_text(json.dumps(tables, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
