"""The table service without a network: bots that fail still move, and logs stay clean."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest

from regalia.tables.bots import BotJob
from regalia.tables.errors import TableError
from regalia.tables.limits import Limits
from regalia.tables.requests import SeatRequest, TableRequest
from regalia.tables.service import TableService
from regalia.tables.store import Store, sqlite_url


class BrokenBots:
    """A bot pool whose every bot fails, as an agent that raises or overruns would."""

    def __init__(self) -> None:
        self.jobs: list[BotJob] = []

    async def choose(
        self, job: BotJob, owner: str = "", cost: float = 0.0
    ) -> tuple[str | None, str]:
        self.jobs.append(job)
        return None, "RuntimeError: the agent crashed"


def test_failing_bots_fall_back_to_legal_moves(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> list[Any]:
        bots = BrokenBots()
        service = TableService(Store(sqlite_url(tmp_path)), bots)  # type: ignore[arg-type]
        await service.start()
        table, tokens = await service.create(
            TableRequest("toy", [SeatRequest("bot", "worker")] * 2, options={"rounds": 2})
        )
        assert tokens == []
        for _ in range(500):
            if table.status == "finished":
                break
            await asyncio.sleep(0.01)
        await service.close()
        assert table.status == "finished"
        assert bots.jobs and all(job.level == "worker" for job in bots.jobs)
        return list(table.events)

    with caplog.at_level(logging.WARNING, logger="regalia.tables"):
        events = asyncio.run(scenario())
    actions = [e for e in events if e.kind == "action"]
    assert len(actions) >= 2
    assert "playing a fallback" in caplog.text


class StubbornBots:
    """A bot pool whose thinking ignores one cancel, as Python 3.11's wait_for can."""

    def __init__(self) -> None:
        self.thinking = asyncio.Event()

    async def choose(
        self, job: BotJob, owner: str = "", cost: float = 0.0
    ) -> tuple[str | None, str]:
        self.thinking.set()
        try:
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            await asyncio.sleep(3600)  # swallowed: this task now outlives its cancel
        return None, "never"


def test_shutdown_is_bounded_when_a_task_ignores_its_cancel(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("regalia.tables.service.SHUTDOWN_SECONDS", 0.2)

    async def scenario() -> None:
        bots = StubbornBots()
        service = TableService(Store(sqlite_url(tmp_path)), bots)  # type: ignore[arg-type]
        await service.start()
        await service.create(TableRequest("toy", [SeatRequest("bot", "worker")] * 2))
        await asyncio.wait_for(bots.thinking.wait(), 10)
        await asyncio.wait_for(service.close(), 10)  # without the bound: hangs for an hour

    with caplog.at_level(logging.WARNING, logger="regalia.tables"):
        asyncio.run(asyncio.wait_for(scenario(), 30))
    assert "still running at shutdown" in caplog.text


def test_the_bot_table_cap_is_counted_from_the_database_across_restarts(
    tmp_path: Path,
) -> None:
    seats = [SeatRequest("human"), SeatRequest("bot", "random")]

    async def start() -> TableService:
        service = TableService(
            Store(sqlite_url(tmp_path)), BrokenBots(), limits=Limits(bot_tables_per_client=1)
        )  # type: ignore[arg-type]
        await service.start()
        return service

    async def scenario() -> list[str]:
        first = await start()
        await first.create(TableRequest("toy", seats, client="home"))
        await first.close()
        second = await start()  # a restart, or another process on the same database
        codes = []
        for client in ("home", "school"):
            try:
                await second.create(TableRequest("toy", seats, client=client))
                codes.append("ok")
            except TableError as exc:
                codes.append(exc.code)
        await second.close()
        return codes

    assert asyncio.run(asyncio.wait_for(scenario(), 30)) == ["too_many_tables", "ok"]
