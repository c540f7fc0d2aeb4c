"""The table service without a network: bots that fail still move, and logs stay clean."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest

from regalia.tables.bots import BotJob
from regalia.tables.service import SeatRequest, TableRequest, TableService
from regalia.tables.store import Store, sqlite_url


class BrokenBots:
    """A bot pool whose every bot fails, as an agent that raises or overruns would."""

    def __init__(self) -> None:
        self.jobs: list[BotJob] = []

    async def choose(self, job: BotJob) -> tuple[str | None, str]:
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
            TableRequest("toy", [SeatRequest("bot", "random")] * 2, options={"rounds": 2})
        )
        assert tokens == []
        for _ in range(500):
            if table.status == "finished":
                break
            await asyncio.sleep(0.01)
        await service.close()
        assert table.status == "finished"
        assert bots.jobs and all(job.level == "random" for job in bots.jobs)
        return list(table.events)

    with caplog.at_level(logging.WARNING, logger="regalia.tables"):
        events = asyncio.run(scenario())
    actions = [e for e in events if e.kind == "action"]
    assert len(actions) >= 2
    assert "playing a fallback" in caplog.text
