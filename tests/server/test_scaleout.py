"""Two server processes share PostgreSQL and fan events out through Redis."""

from __future__ import annotations

import asyncio
import signal
import time

import httpx
import pytest

from tests.server.live import connect, create
from tests.server.services import (
    pg_bin,
    postgres,
    postgres_cluster,
    redis,
    redis_server,
    server_handles,
    server_processes,
)

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
        a_player_connected_elsewhere_is_not_absent(first, second)


def test_a_table_goes_on_when_its_owner_process_is_killed() -> None:
    with (
        postgres() as database,
        redis() as fanout,
        server_handles(2, database, fanout) as ((first, owner), (second, _)),
    ):
        # Bots on every seat (the human's too once absent), a clock running: all of it is
        # the owner's work, and the owner is the process that created the table.
        made = create(first, "regicide", [{"kind": "human"}] + [{"kind": "bot", "level": "random"}]
                      * 3, clock={"initial_s": 600, "increment_s": 5},
                      absence={"grace_s": 1, "then": "bot"})  # fmt: skip
        table = made["table"]["id"]
        token = made["tokens"][0]["token"]
        httpx.post(f"{first}/api/tables/{table}/join", json={"name": "Ana"},
                   headers={"X-Seat-Token": token})  # fmt: skip
        deadline = time.monotonic() + 30
        while httpx.get(f"{second}/api/tables/{table}").json()["seq"] < 20:
            assert time.monotonic() < deadline, "the bots did not start"
            time.sleep(0.2)
        owner.send_signal(signal.SIGKILL)
        owner.wait()
        before = httpx.get(f"{second}/api/tables/{table}/events").json()["events"]
        killed_at = time.monotonic()
        events = before
        while not any(e["kind"] == "resumed" for e in events):
            assert time.monotonic() - killed_at < 15, "nobody took the table over in 15 s"
            time.sleep(0.2)
            events = httpx.get(f"{second}/api/tables/{table}/events").json()["events"]
        while len(events) < len(before) + 8:  # and its bots and clock go on there
            assert time.monotonic() - killed_at < 45, "the table stopped after the takeover"
            time.sleep(0.2)
            events = httpx.get(f"{second}/api/tables/{table}/events").json()["events"]
        assert events[: len(before)] == before  # nothing acknowledged was lost
        assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
        view = httpx.get(f"{second}/api/tables/{table}/view").json()
        assert view["clocks"]["running"] == view["to_act"] or view["status"] == "finished"


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


def a_player_connected_elsewhere_is_not_absent(first: str, second: str) -> None:
    """The owner (first) hears over Redis who is connected to the other process."""
    made = create(first, "regicide", [{"kind": "human"}] + [{"kind": "bot", "level": "random"}]
                  * 3, absence={"grace_s": 1, "then": "bot"})  # fmt: skip
    table, token = made["table"]["id"], made["tokens"][0]["token"]

    def takeovers() -> int:
        events = httpx.get(f"{first}/api/tables/{table}/events").json()["events"]
        return sum(e["kind"] == "takeover" for e in events)

    async def play() -> None:
        player = await connect(second, table, token, "Ana")
        await asyncio.sleep(3.0)  # past the grace: yet the owner knows Ana is here
        assert takeovers() == 0
        await player.ws.close()
        for _ in range(100):
            if takeovers():
                return
            await asyncio.sleep(0.1)
        raise AssertionError("the absent seat was never taken over")

    asyncio.run(play())


def test_games_go_on_through_a_redis_outage_and_a_postgresql_restart() -> None:
    with (
        postgres_cluster() as database,
        redis_server() as fanout,
        server_processes(2, database.url, fanout.url) as (first, second),
    ):
        made = create(first, "regulator", [{"kind": "human"}, {"kind": "human"}], seed=5)
        table = made["table"]["id"]
        white, black = (t["token"] for t in made["tokens"])
        for token, name in ((white, "Ana"), (black, "Bruno")):
            httpx.post(f"{first}/api/tables/{table}/join", json={"name": name},
                       headers={"X-Seat-Token": token})  # fmt: skip

        def move(base: str, token: str) -> int:
            deadline = time.monotonic() + 30
            while True:  # until this process has heard of the last move: our turn
                view = httpx.get(f"{base}/api/tables/{table}/view",
                                 headers={"X-Seat-Token": token}).json()  # fmt: skip
                if view.get("legal"):
                    break
                assert time.monotonic() < deadline, f"never our turn: {view}"
                time.sleep(0.2)
            body = {"type": "action", "action": view["legal"][0]["action"], "seq": view["seq"]}
            reply = httpx.post(f"{base}/api/tables/{table}/commands", json=body,
                               headers={"X-Seat-Token": token}, timeout=30)  # fmt: skip
            assert reply.status_code == 200, reply.text
            return int(reply.json()["seq"])

        fanout.stop()  # Redis is gone: moves are still stored and acknowledged
        seq = move(first, white)
        fanout.start()
        deadline = time.monotonic() + 30  # the other process reconnects and catches up
        while httpx.get(f"{second}/api/tables/{table}").json()["seq"] < seq:
            assert time.monotonic() < deadline, "the other process never caught up"
            time.sleep(0.2)
        seq = move(second, black)

        database.stop()
        down = httpx.get(f"{first}/api/tables", timeout=30)
        assert down.status_code in (500, 503) and "error" in down.json()
        database.start()
        deadline = time.monotonic() + 30
        while True:  # dead pooled connections are replaced: service resumes
            try:
                seq = move(first, white)
                break
            except AssertionError:
                assert time.monotonic() < deadline, "the server did not recover"
                time.sleep(0.5)
        deadline = time.monotonic() + 30
        while httpx.get(f"{second}/api/tables/{table}").json()["seq"] < seq:
            assert time.monotonic() < deadline, "the other process never caught up"
            time.sleep(0.2)
        events = httpx.get(f"{second}/api/tables/{table}/events").json()["events"]
        assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
        assert sum(e["kind"] == "action" for e in events) == 3


def test_play_goes_on_across_processes_while_redis_is_down() -> None:
    """Issue 24 item 2: with Redis down, the player on the process that does not own the
    table saw none of the opponent's moves, had no legal move and lost on time unseen.

    Now each process polls the database while it cannot reach Redis: moves made on either
    process reach the other's players within a few seconds, by WebSocket and HTTP alike,
    while the clock runs; after Redis is back the game goes on as before."""
    with (
        postgres() as database,
        redis_server() as fanout,
        server_processes(2, database, fanout.url) as (first, second),
    ):
        # The first process creates the table, so it owns it and runs its clock.
        made = create(first, "regulator", [{"kind": "human"}, {"kind": "human"}], seed=11,
                      clock={"initial_s": 60})  # fmt: skip
        table = made["table"]["id"]
        white, black = (t["token"] for t in made["tokens"])

        async def play() -> None:
            a = await connect(first, table, white, "Ann")
            b = await connect(second, table, black, "Bob")
            view = await a.until("view", timeout=20)
            while not view["legal"]:
                view = await a.until("view", timeout=20)
            fanout.stop()
            await asyncio.sleep(1.0)  # both processes notice that Redis is gone
            for _ in range(3):
                for mover, other, base, token in ((a, b, second, black), (b, a, first, white)):
                    await mover.send({"type": "action", "action": view["legal"][0]["action"],
                                      "seq": view["seq"]})  # fmt: skip
                    # The other process hears of the move from the database, not Redis.
                    seen = await other.until("event", timeout=8)
                    while seen["event"]["seq"] != view["seq"] + 1:
                        seen = await other.until("event", timeout=8)
                    assert seen["event"]["kind"] == "action"
                    view = await other.until("view", timeout=8)
                    assert view["legal"] and view["clocks"]["running"] == view["to_act"]
                    by_http = httpx.get(f"{base}/api/tables/{table}/view",
                                        headers={"X-Seat-Token": token}).json()  # fmt: skip
                    assert by_http["seq"] == view["seq"] and by_http["legal"]
            fanout.start()
            await a.send({"type": "action", "action": view["legal"][0]["action"],
                          "seq": view["seq"]})  # fmt: skip
            seen = await b.until("event", timeout=20)
            while seen["event"]["seq"] != view["seq"] + 1:
                seen = await b.until("event", timeout=20)
            await a.ws.close()
            await b.ws.close()

        asyncio.run(play())
        for base in (first, second):
            events = httpx.get(f"{base}/api/tables/{table}/events").json()["events"]
            assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
            assert sum(e["kind"] == "action" for e in events) == 7
            assert not any(e["kind"] == "timeout" for e in events)
