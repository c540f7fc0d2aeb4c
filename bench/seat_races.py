"""Seats raced for through two server processes on PostgreSQL + Redis, and quick plays at once.

On `--tables` tables loaded at both processes, the two seats are joined (`/join`, one
through each process) or taken (`/sit`) at the same instant; it counts the requests
refused and the tables that started. Then 20 quick plays of one kind at once, half through
each process, and 20 through one process: how many tables they made (10 is every player
paired).

    .venv/bin/python bench/seat_races.py --tables 12

It starts its own PostgreSQL, Redis and two `regalia serve` (tests/server/services.py),
with the per-address limits lifted: every request comes from one address.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.services import postgres, redis, server_processes

LIFTED = ("REGALIA_CREATE_BURST", "REGALIA_WRITE_BURST", "REGALIA_WAITING_TABLES_PER_CLIENT")


async def race(http: httpx.AsyncClient, bases: tuple[str, str], kind: str) -> tuple[str, int]:
    """One table, its two seats raced for; (table id, requests refused)."""
    seats = [{"kind": "human" if kind == "join" else "open"}] * 2
    made = await http.post(f"{bases[0]}/api/tables", json={"game": "regulator", "seats": seats})
    body = made.json()
    table = body["table"]["id"]
    for base in bases:  # loaded at both, at the same seq
        await http.get(f"{base}/api/tables/{table}")
    if kind == "join":
        sent = [
            http.post(f"{base}/api/tables/{table}/join", json={"name": name},
                      headers={"X-Seat-Token": token["token"]})
            for base, name, token in zip(bases, ("Ana", "Bo"), body["tokens"], strict=True)
        ]  # fmt: skip
    else:
        sent = [
            http.post(f"{base}/api/tables/{table}/sit", json={"seat": seat, "name": name})
            for base, seat, name in zip(bases, (0, 1), ("Ana", "Bo"), strict=True)
        ]
    replies = await asyncio.gather(*sent)
    return table, sum(r.status_code != 200 for r in replies)


async def quick_plays(http: httpx.AsyncClient, bases: list[str], clock: int) -> dict[str, int]:
    body = {"game": "regulator", "clock": {"per_move_s": clock}, "name": "Q"}
    replies = await asyncio.gather(
        *(http.post(f"{bases[n % len(bases)]}/api/quickplay", json=body) for n in range(20))
    )
    seated = [r.json()["table"]["id"] for r in replies if r.status_code == 200]
    return {"seated": len(seated), "tables": len(set(seated))}


async def measure(first: str, second: str, tables: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    async with httpx.AsyncClient(timeout=60) as http:
        for kind in ("join", "sit"):
            raced = await asyncio.gather(
                *(race(http, (first, second), kind) for _ in range(tables))
            )
            await asyncio.sleep(1)  # the other process hears of every event meanwhile
            started = 0
            for table, _ in raced:
                summary = (await http.get(f"{second}/api/tables/{table}")).json()
                started += summary["status"] == "playing"
            refused = sum(n for _, n in raced)
            out[kind] = f"{refused} refused, {started} of {tables} tables started"
        out["quick play, two processes"] = await quick_plays(http, [first, second], 77)
        out["quick play, one process"] = await quick_plays(http, [first], 78)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=12)
    args = parser.parse_args()
    for name in LIFTED:
        os.environ[name] = "1000"
    with (
        postgres() as database,
        redis() as fanout,
        server_processes(2, database, fanout) as (first, second),
    ):
        for what, figure in asyncio.run(measure(first, second, args.tables)).items():
            print(f"{what:28} {figure}")


if __name__ == "__main__":
    main()
