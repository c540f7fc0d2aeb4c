"""Abandoned and excess analyses (issue 24, item 4): a client that hangs up stops its
analysis (dropped from the queue, or its worker killed and replaced), the queue of all
addresses is bounded (503 `busy`), a waiting analysis keeps its record and not the game's
states, and the next free slot goes to the address that has used the least.

The HTTP tests drive the ASGI app directly with a pool that holds every analysis until told,
so a hang-up is an exact `http.disconnect` and nothing depends on timing; the pool tests use
real worker processes."""

from __future__ import annotations

import asyncio
import gc
import json
import random
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

from regalia.core.game import State
from regalia.core.registry import game_ref, get_game
from regalia.server.app import create_app
from regalia.server.config import Settings
from regalia.tables.bots import AnalysisJob, BotPool

ANSWER = {"to_act": [0], "over": False, "result": None, "evaluation": {"cp": 0, "mate": None},
          "score": 0, "best_line": [], "depth": 1, "nodes": 1, "seconds": 0.0}  # fmt: skip


class HeldPool:
    """Stands in for the bot pool: every analysis waits until `release` is set."""

    def __init__(self) -> None:
        self.release = asyncio.Event()
        self.waiting = 0
        self.cancelled = 0

    async def analyse(
        self, job: AnalysisJob, owner: str = "", cost: float = 0.0
    ) -> tuple[dict[str, Any], str]:
        self.waiting += 1
        try:
            await self.release.wait()
        except asyncio.CancelledError:
            self.cancelled += 1
            raise
        finally:
            self.waiting -= 1
        return {**ANSWER, "ply": job.ply}, ""


def _app(tmp_path: Path) -> tuple[FastAPI, HeldPool]:
    app = create_app(Settings(data_dir=tmp_path, bot_workers=1, bot_seconds=0.5))
    pool = HeldPool()
    app.state.bots, app.state.bot_seconds = pool, 0.5  # the routes need nothing else
    return app, pool


async def call(
    app: FastAPI, path: str, body: dict[str, Any], address: str, hang_up: asyncio.Event
) -> tuple[int, dict[str, str], bytes]:
    """One request from `address`; its client disconnects when `hang_up` is set."""
    scope = {
        "type": "http", "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1", "method": "POST", "scheme": "http", "path": path,
        "raw_path": path.encode(), "query_string": b"", "root_path": "",
        "headers": [(b"host", b"test"), (b"content-type", b"application/json")],
        "client": (address, 40000), "server": ("test", 80), "state": {},
    }  # fmt: skip
    requested = False

    async def receive() -> dict[str, Any]:
        nonlocal requested
        if not requested:
            requested = True
            return {"type": "http.request", "body": json.dumps(body).encode()}
        await hang_up.wait()
        return {"type": "http.disconnect"}

    status, headers, chunks = 0, {}, []

    async def send(message: dict[str, Any]) -> None:
        nonlocal status, headers
        if message["type"] == "http.response.start":
            status = message["status"]
            headers = {k.decode(): v.decode() for k, v in message["headers"]}
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    await app(scope, receive, send)  # type: ignore[arg-type]
    return status, headers, b"".join(chunks)


async def until(test: Any, seconds: float = 5.0) -> None:
    async with asyncio.timeout(seconds):
        while not test():
            await asyncio.sleep(0.01)


def regulator_record(plies: int) -> str:
    state = get_game("regulator").new(0)
    chooser = random.Random(1)  # a game that lasts 150 plies and more
    for _ in range(plies):
        seat = sorted(state.to_act())[0]
        state = state.apply(seat, chooser.choice(state.legal_actions(seat)))
    return state.to_record()


POSITION = {"game": "regulator", "seconds": 0.2}


@pytest.mark.parametrize("path", ["/api/analysis", "/api/analysis/game"])
def test_a_client_that_hangs_up_stops_its_analysis_and_frees_its_address(
    tmp_path: Path, path: str
) -> None:
    app, pool = _app(tmp_path)
    body = {**POSITION, "record": regulator_record(6)}

    async def run() -> None:
        hang_up = asyncio.Event()
        asked = asyncio.ensure_future(call(app, path, body, "10.0.0.1", hang_up))
        await until(lambda: pool.waiting == 1)
        hang_up.set()
        async with asyncio.timeout(5):  # it ends at once, without waiting for the engine
            await asked
        assert pool.cancelled == 1 and pool.waiting == 0
        state = app.state.analysis
        assert state.running == {} and state.admitted == 0
        # The address may ask again at once (it is not refused for its abandoned analysis).
        again = asyncio.ensure_future(call(app, path, body, "10.0.0.1", asyncio.Event()))
        await until(lambda: pool.waiting == 1)
        pool.release.set()
        status, _, _ = await again
        assert status == 200

    asyncio.run(run())


def test_the_queue_of_all_addresses_is_bounded(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("REGALIA_ANALYSIS_QUEUE", "3")
    app, pool = _app(tmp_path)

    async def run() -> None:
        done = asyncio.Event()
        held = [
            asyncio.ensure_future(call(app, "/api/analysis", POSITION, f"10.0.0.{n}", done))
            for n in range(1, 4)
        ]
        await until(lambda: pool.waiting == 3)
        # A fourth address, on its first analysis: refused at once, not queued.
        async with asyncio.timeout(5):
            status, headers, body = await call(
                app, "/api/analysis", POSITION, "10.0.0.9", asyncio.Event()
            )
        assert status == 503 and json.loads(body)["error"]["code"] == "busy"
        assert float(headers["retry-after"]) > 0
        pool.release.set()
        assert [(await answer)[0] for answer in held] == [200, 200, 200]
        status, _, _ = await call(app, "/api/analysis", POSITION, "10.0.0.9", done)
        assert status == 200  # room again

    asyncio.run(run())


def _states_alive() -> int:
    gc.collect()
    return sum(isinstance(thing, State) for thing in gc.get_objects())


def test_a_waiting_analysis_keeps_its_record_not_the_games_states(
    tmp_path: Path, monkeypatch: Any
) -> None:
    monkeypatch.setenv("REGALIA_ANALYSIS_RUNNING", "10")
    app, pool = _app(tmp_path)
    plies = 150
    record = regulator_record(plies)

    async def run() -> int:
        done = asyncio.Event()
        before = _states_alive()
        asked: list[Awaitable[Any]] = []
        for path in ["/api/analysis", "/api/analysis/game"] * 2:
            body = {"game": "regulator", "record": record, "seconds": 0.1}
            asked.append(asyncio.ensure_future(call(app, path, body, "10.0.0.1", done)))
        await until(lambda: pool.waiting == 4)
        waiting = _states_alive() - before
        pool.release.set()
        await asyncio.gather(*asked)
        return waiting

    # Holding each game's states would be 4 × 151 of them.
    assert asyncio.run(run()) < plies // 2


REGULATOR_START = get_game("regulator").new(0)


def test_a_cancelled_analysis_kills_its_worker_and_a_fresh_one_takes_over() -> None:
    ref = game_ref(get_game("regulator"))

    async def run() -> None:
        pool = BotPool(1)
        await pool.start()
        try:
            (worker,) = pool._all
            long = AnalysisJob(ref, None, None, (), None, 20.0)
            thinking = asyncio.ensure_future(pool.analyse(long, "analysis:a", 20.0))
            await asyncio.sleep(0.5)
            thinking.cancel()
            await asyncio.gather(thinking, return_exceptions=True)
            await until(lambda: not worker.process.is_alive(), 2.0)  # its work stopped
            quick = AnalysisJob(ref, None, None, (), None, 0.2)
            async with asyncio.timeout(30):  # the replacement worker answers
                answer, why = await pool.analyse(quick, "analysis:b", 0.2)
            assert answer is not None and answer["depth"] >= 1, why
            assert worker not in pool._all and len(pool._all) == 1
        finally:
            await pool.close()

    asyncio.run(run())


def test_the_next_analysis_goes_to_the_address_that_used_least() -> None:
    """Two workers: one analysis at a time. An address with three queued does not make a
    newcomer wait for all three."""
    ref = game_ref(get_game("regulator"))

    async def run() -> list[str]:
        pool = BotPool(2)
        await pool.start()
        finished: list[str] = []

        async def analyse(owner: str, seconds: float) -> None:
            job = AnalysisJob(ref, None, None, (), None, seconds)
            answer, why = await pool.analyse(job, owner, seconds)
            assert answer is not None, why
            finished.append(owner)

        try:
            heavy = [asyncio.ensure_future(analyse("analysis:a", 0.4)) for _ in range(3)]
            await asyncio.sleep(0.1)  # the first of them runs, two wait
            await asyncio.gather(analyse("analysis:b", 0.1), *heavy)
        finally:
            await pool.close()
        return finished

    finished = asyncio.run(run())
    assert finished.index("analysis:b") == 1  # right after the one running when it came


@pytest.mark.slow
def test_a_real_server_stops_the_analysis_of_a_client_that_hangs_up(tmp_path: Path) -> None:
    """Through uvicorn: the hang-up reaches the analysis, its worker is replaced, and the
    address may ask again at once."""
    import socket
    import time

    import httpx

    from tests.server.process import serve

    env = {"REGALIA_BOT_SECONDS": "20", "REGALIA_ANALYSIS_RUNNING": "1"}
    with serve(tmp_path, tmp_path / "server.log", **env) as server:
        workers = set(server.children())
        port = int(server.base.rsplit(":", 1)[1])
        body = json.dumps({"game": "regulator", "seconds": 20}).encode()
        with socket.create_connection(("127.0.0.1", port)) as sock:
            sock.sendall(
                b"POST /api/analysis HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
                + f"content-length: {len(body)}\r\n\r\n".encode()
                + body
            )
            time.sleep(1.5)  # thinking on the one worker
        started = time.monotonic()
        again = httpx.post(
            f"{server.base}/api/analysis", json={"game": "regulator", "seconds": 0.2}, timeout=30
        )
        assert again.status_code == 200, again.text  # not 429: the address is free
        assert time.monotonic() - started < 15  # not after the abandoned 20 s search
        assert workers - set(server.children())  # the searching worker was killed
