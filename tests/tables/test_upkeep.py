"""Upkeep: tables nobody joined expire, unused ones leave memory, and a bot left without a
task gets one; the bot pool shares its workers fairly between tables."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from regalia.tables.bots import BotJob, BotPool, Usage, _FairQueue
from regalia.tables.limits import Limits
from regalia.tables.requests import SeatRequest, TableRequest
from regalia.tables.round import Round
from regalia.tables.service import TableService
from regalia.tables.store import Store, sqlite_url
from tests.tables.fakes import FakeClock


class FirstLegal:
    """A bot pool that answers at once with the toy game's first bid."""

    def __init__(self) -> None:
        self.jobs = 0

    async def choose(
        self, job: BotJob, owner: str = "", cost: float = 0.0
    ) -> tuple[str | None, str]:
        self.jobs += 1
        return "bid 1" if len(job.actions) < job.players else "pass", ""


def run(tmp_path: Path, limits: Limits, body: Callable[[TableService], Awaitable[Any]]) -> Any:
    async def scenario() -> Any:
        service = TableService(
            Store(sqlite_url(tmp_path)),
            FirstLegal(),  # type: ignore[arg-type]
            limits=limits,
            clock=FakeClock(),
        )
        await service.start()
        try:
            return await body(service)
        finally:
            await service.close()

    return asyncio.run(asyncio.wait_for(scenario(), 60))


QUIET = Limits(upkeep_seconds=3600)  # upkeep runs only when a test calls it


def clock(service: TableService) -> FakeClock:
    assert isinstance(service.clock, FakeClock)
    return service.clock


def test_a_table_nobody_joined_expires_and_leaves_the_lists(tmp_path: Path) -> None:
    async def body(service: TableService) -> None:
        table, _ = await service.create(TableRequest("toy", [SeatRequest("human")] * 2))
        await service.sweeper.run_once()
        assert table.status == "waiting"  # not yet: the expiry is a day
        await clock(service).advance(86_400)
        await service.sweeper.run_once()
        table = await service.table(table.id)  # it left memory meanwhile: nobody used it
        assert table.status == "waiting"  # a day to the second is not yet past it
        await clock(service).advance(1)
        await service.sweeper.run_once()
        table = await service.table(table.id)
        assert table.status == "expired"
        assert table.events[-1].kind == "expired"
        assert table.id not in [s["id"] for s in await service.list_summaries()]
        assert [s["id"] for s in await service.list_summaries("expired")] == [table.id]

    run(tmp_path, QUIET, body)


def test_finished_and_idle_tables_leave_memory_and_come_back_whole(tmp_path: Path) -> None:
    async def body(service: TableService) -> None:
        table, _ = await service.create(
            TableRequest("toy", [SeatRequest("bot", "random")] * 2, options={"rounds": 1})
        )
        for _ in range(200):
            if table.status == "finished":
                break
            await asyncio.sleep(0.01)
        people, _ = await service.create(TableRequest("toy", [SeatRequest("human")] * 2))
        await clock(service).advance(60)  # the finished table may go, the waiting one not
        await service.sweeper.run_once()
        assert service.rounds.loaded(table.id) is None
        assert service.rounds.loaded(people.id) is not None
        await clock(service).advance(540)
        await service.sweeper.run_once()
        assert service.rounds.loaded(table.id) is None and service.rounds.loaded(people.id) is None
        listed = {s["id"]: s for s in await service.list_summaries()}
        assert listed[table.id]["status"] == "finished"  # from the summary kept at unload
        assert service.rounds.loaded(table.id) is None
        again = await service.table(table.id)
        assert again is not table and [e.seq for e in again.events] == [e.seq for e in table.events]

    run(tmp_path, QUIET, body)


def test_a_bot_whose_task_was_lost_is_started_again_by_upkeep(tmp_path: Path) -> None:
    async def body(service: TableService) -> None:
        forget = Round._schedule_bots
        Round._schedule_bots = lambda self: None  # type: ignore[method-assign]
        table, _ = await service.create(
            TableRequest("toy", [SeatRequest("bot", "random")] * 2, options={"rounds": 1})
        )
        seq = table.seq
        await asyncio.sleep(0.1)
        assert table.seq == seq and table.bots_to_act()  # bots to act, and nobody moves
        Round._schedule_bots = forget  # type: ignore[method-assign]
        await service.sweeper.run_once()
        for _ in range(200):
            if table.status == "finished":
                break
            await asyncio.sleep(0.01)
        assert table.status == "finished"

    run(tmp_path, QUIET, body)


def test_the_next_free_worker_goes_to_the_table_that_used_least() -> None:
    async def scenario() -> list[str]:
        loop = asyncio.get_running_loop()
        queue = _FairQueue()
        tables = {"heavy": Usage(), "light": Usage()}  # each table's Round keeps its own
        queue.charge(tables["heavy"], 40.0, loop.time())  # forty seconds of strong bots lately
        order: dict[Any, str] = {}
        for owner in ("heavy", "heavy", "light", "heavy"):
            future: asyncio.Future[Any] = loop.create_future()
            order[future] = owner
            queue.push(tables[owner], future, loop.time())
        served = []
        while (future := queue.pop()) is not None:
            served.append(order[future])
            future.cancel()
        assert not queue._usage  # the pool keeps no table's time: the tables do
        return served

    assert asyncio.run(scenario()) == ["light", "heavy", "heavy", "heavy"]


def test_a_tables_bot_time_is_charged_to_its_round(tmp_path: Path) -> None:
    async def scenario() -> None:
        pool = BotPool(1)
        await pool.start()
        service = TableService(Store(sqlite_url(tmp_path)), pool, limits=QUIET)
        await service.start()
        try:
            table, _ = await service.create(
                TableRequest("toy", [SeatRequest("bot", "worker")] * 2, options={"rounds": 1})
            )
            found = service.rounds.loaded(table.id)
            assert found is not None
            for _ in range(500):
                if table.status == "finished":
                    break
                await asyncio.sleep(0.02)
            assert table.status == "finished"
            assert found.bot_usage.seconds > 0  # what the pool charged for its moves
            assert table.id not in pool._queue._usage  # the pool keeps no table's time
        finally:
            await service.close()
            await pool.close()

    asyncio.run(asyncio.wait_for(scenario(), 120))


def test_long_waiting_and_long_finished_tables_leave_the_lobby_list(tmp_path: Path) -> None:
    async def body(service: TableService) -> None:
        waiting, _ = await service.create(TableRequest("toy", [SeatRequest("human")] * 2))
        done, _ = await service.create(
            TableRequest("toy", [SeatRequest("bot", "random")] * 2, options={"rounds": 1})
        )
        for _ in range(200):
            if done.status == "finished":
                break
            await asyncio.sleep(0.01)
        listed = {s["id"] for s in await service.list_summaries()}
        assert {waiting.id, done.id} <= listed
        await clock(service).advance(86_401)  # past both: an hour waiting, a day finished
        assert not {waiting.id, done.id} & {s["id"] for s in await service.list_summaries()}
        assert waiting.id in {s["id"] for s in await service.list_summaries("waiting")}
        assert done.id in {s["id"] for s in await service.list_summaries("finished")}

    run(tmp_path, QUIET, body)
