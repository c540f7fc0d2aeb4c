"""Joins and sits sent to two server processes at the same instant (PostgreSQL + Redis).

Each race runs on several tables, loaded at both processes first, so that the two
requests decide on the same seq and one append loses it: the loser must catch up and
decide again, and no seat may be left taken with nobody sitting there.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx
import pytest
import websockets

from tests.server.live import Conn, create, ws_url
from tests.server.services import pg_bin, postgres, redis, server_processes

pytestmark = [
    pytest.mark.services,
    pytest.mark.skipif(pg_bin() is None, reason="PostgreSQL is not installed"),
]
TABLES = 12


def test_joins_and_sits_through_two_processes_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # One test address makes many tables (those with open seats are seeks).
    for name in (
        "REGALIA_CREATE_BURST",
        "REGALIA_WRITE_BURST",
        "REGALIA_WAITING_TABLES_PER_CLIENT",
    ):
        monkeypatch.setenv(name, "1000")
    with (
        postgres() as database,
        redis() as fanout,
        server_processes(2, database, fanout) as (first, second),
    ):
        asyncio.run(races(first, second))


async def races(first: str, second: str) -> None:
    async with httpx.AsyncClient(timeout=30) as http:
        for race in (http_joins, hello_joins, sits_on_both_seats, sits_on_one_seat):
            tables = await asyncio.gather(*(race(http, first, second) for _ in range(TABLES)))
            for table in tables:
                await playing_at_both(http, table, first, second)


async def loaded_at_both(
    http: httpx.AsyncClient, first: str, second: str, seats: list[dict[str, Any]]
) -> dict[str, Any]:
    made = await asyncio.to_thread(create, first, "regulator", seats)
    for base in (first, second):
        assert (await http.get(f"{base}/api/tables/{made['table']['id']}")).status_code == 200
    return made


async def http_joins(http: httpx.AsyncClient, first: str, second: str) -> str:
    made = await loaded_at_both(http, first, second, [{"kind": "human"}] * 2)
    table = made["table"]["id"]
    replies = await asyncio.gather(
        *(
            http.post(
                f"{base}/api/tables/{table}/join",
                json={"name": name},
                headers={"X-Seat-Token": token["token"]},
            )
            for base, name, token in zip(
                (first, second), ("Ana", "Bo"), made["tokens"], strict=True
            )
        )
    )
    assert [r.status_code for r in replies] == [200, 200], [r.text for r in replies]
    return str(table)


async def hello_joins(http: httpx.AsyncClient, first: str, second: str) -> str:
    made = await loaded_at_both(http, first, second, [{"kind": "human"}] * 2)
    table = made["table"]["id"]
    conns = [Conn(await websockets.connect(ws_url(base, table))) for base in (first, second)]
    hellos = [{"type": "hello", "token": t["token"], "name": name}
              for t, name in zip(made["tokens"], ("Ana", "Bo"), strict=True)]  # fmt: skip
    await asyncio.gather(*(c.send(h) for c, h in zip(conns, hellos, strict=True)))
    for conn in conns:  # each hears the game start, and no error on the way
        view = await conn.until("view", timeout=20)
        while view["status"] != "playing":
            view = await conn.until("view", timeout=20)
        assert not [m for m in conn.log if m["type"] == "error"], conn.log
        await conn.ws.close()
    return str(table)


async def sits_on_both_seats(http: httpx.AsyncClient, first: str, second: str) -> str:
    made = await loaded_at_both(http, first, second, [{"kind": "open"}] * 2)
    table = made["table"]["id"]
    replies = await asyncio.gather(
        *(
            http.post(f"{base}/api/tables/{table}/sit", json={"seat": seat, "name": name})
            for base, seat, name in ((first, 0, "Ana"), (second, 1, "Bo"))
        )
    )
    assert [r.status_code for r in replies] == [200, 200], [r.text for r in replies]
    await playing_at_both(http, table, first, second)
    # Each token opens its seat at the process that did not give it out, too.
    for base, reply in zip((second, first), replies, strict=True):
        token = reply.json()["token"]
        seen = await http.get(f"{base}/api/tables/{table}/view", headers={"X-Seat-Token": token})
        assert seen.status_code == 200, seen.text
    return str(table)


async def sits_on_one_seat(http: httpx.AsyncClient, first: str, second: str) -> str:
    made = await loaded_at_both(http, first, second, [{"kind": "open"}] * 2)
    table = made["table"]["id"]
    replies = await asyncio.gather(
        *(
            http.post(f"{base}/api/tables/{table}/sit", json={"seat": 0, "name": name})
            for base, name in ((first, "Ana"), (second, "Bo"))
        )
    )
    codes = sorted(r.status_code for r in replies)
    assert codes == [200, 409], [r.text for r in replies]
    lost = next(r for r in replies if r.status_code == 409)
    assert lost.json()["error"]["code"] == "seat_taken"
    # The other seat was not lost with it: it can be taken at either process.
    sat = await http.post(f"{second}/api/tables/{table}/sit", json={"seat": 1, "name": "Cy"})
    assert sat.status_code == 200, sat.text
    return str(table)


async def playing_at_both(http: httpx.AsyncClient, table: str, first: str, second: str) -> None:
    deadline = time.monotonic() + 20
    for base in (first, second):
        summary = (await http.get(f"{base}/api/tables/{table}")).json()
        while summary["status"] != "playing":
            assert time.monotonic() < deadline, f"{table} never started at {base}: {summary}"
            await asyncio.sleep(0.1)
            summary = (await http.get(f"{base}/api/tables/{table}")).json()
        assert all(s["joined"] and s["kind"] == "human" for s in summary["seats"]), summary
