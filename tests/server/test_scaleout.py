"""Two server processes share PostgreSQL and fan events out through Redis."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from tests.server.live import connect, create
from tests.server.services import pg_bin, postgres, redis, server_processes

pytestmark = [
    pytest.mark.services,
    pytest.mark.skipif(pg_bin() is None, reason="PostgreSQL is not installed"),
]


def test_two_processes_share_tables() -> None:
    # One test, so one set of servers however xdist spreads the tests.
    with (
        postgres() as database,
        redis() as fanout,
        server_processes(2, database, fanout) as (first, second),
    ):
        a_game_across_two_processes(first, second)
        bots_on_one_process_watched_from_the_other(first, second)


def a_game_across_two_processes(first: str, second: str) -> None:
    made = create(first, "regulator", [{"kind": "human"}, {"kind": "human"}], seed=3)
    table = made["table"]["id"]
    white, black = (t["token"] for t in made["tokens"])

    async def play() -> None:
        a = await connect(first, table, white, "Ann")
        b = await connect(second, table, black, "Bob")
        for _ in range(6):
            for mover, other in ((a, b), (b, a)):
                view = await mover.until("view", timeout=20)
                while not view["legal"]:
                    view = await mover.until("view", timeout=20)
                await mover.send({"type": "action", "action": view["legal"][0]["action"],
                                  "seq": view["seq"]})  # fmt: skip
                # The other process tells its own client about the move.
                seen = await other.until("event", timeout=20)
                while seen["event"]["seq"] != view["seq"] + 1:
                    seen = await other.until("event", timeout=20)
                assert seen["event"]["kind"] == "action"
        seq = (await a.until("view", timeout=20))["seq"]
        # The same move sent to both processes at once is applied once.
        legal = httpx.get(f"{first}/api/tables/{table}/view",
                          headers={"X-Seat-Token": white}).json()["legal"]  # fmt: skip
        move = {"type": "action", "action": legal[0]["action"], "seq": seq}
        replies = await asyncio.gather(
            *(
                asyncio.to_thread(
                    httpx.post,
                    f"{base}/api/tables/{table}/commands",
                    json=move,
                    headers={"X-Seat-Token": white},
                )
                for base in (first, second)
            )
        )
        assert sorted(r.status_code for r in replies) == [200, 409]
        await a.ws.close()
        await b.ws.close()

    asyncio.run(play())
    for base in (first, second):
        events = httpx.get(f"{base}/api/tables/{table}/events").json()["events"]
        assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
        assert sum(e["kind"] == "action" for e in events) == 13


def bots_on_one_process_watched_from_the_other(first: str, second: str) -> None:
    made = create(first, "regulator", [{"kind": "bot", "level": "random"}] * 2, seed=8)
    table = made["table"]["id"]

    async def watch() -> None:
        spectator = await connect(second, table, None)
        view = await spectator.until("view", timeout=20)
        while view["status"] != "finished":
            view = await spectator.until("view", timeout=30)
        await spectator.ws.close()

    asyncio.run(watch())
    assert httpx.get(f"{first}/api/tables/{table}").json()["status"] == "finished"
