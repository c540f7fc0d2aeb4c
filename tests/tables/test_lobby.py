"""The lobby list under a flood of seeks: bounded per address, paged, real seeks first."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from regalia.tables.errors import TableError
from regalia.tables.limits import Limits
from regalia.tables.service import TableService
from regalia.tables.store import Store, sqlite_url
from tests.tables.test_service import BrokenBots


class Watcher:
    """A connection of one seat that ignores what it is sent."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def send(self, messages: Any) -> None:
        pass

    def close(self) -> None:
        pass


def lobby(tmp_path: Path, flood: int, cap: int) -> dict[str, Any]:
    """A real seek (its player connected), then `flood` quick plays from 20 addresses, each
    with a clock of its own so that none pair up."""

    async def scenario() -> dict[str, Any]:
        limits = Limits(waiting_tables_per_client=cap)
        service = TableService(Store(sqlite_url(tmp_path)), BrokenBots(), limits=limits)  # type: ignore[arg-type]
        await service.start()
        real, _, _ = await service.quick_play("toy", 2, None, "Ana", "home")
        (await service.round(real.id)).subscribe(Watcher(0))
        refused = 0
        for n in range(flood):
            clock = {"initial_s": 60 + n, "increment_s": 0}
            try:
                await service.quick_play("toy", 2, clock, "x", f"10.0.0.{n % 20}")
            except TableError as exc:
                assert exc.code == "too_many_tables"
                refused += 1
        whole = [s["id"] for s in await service.list_summaries()]
        pages = []
        for offset in range(0, 260, 30):
            pages += [s["id"] for s in await service.list_summaries(None, 30, offset)]
        waiting = [s["id"] for s in await service.list_summaries("waiting", 5)]
        await service.close()
        return {"real": real.id, "whole": whole, "pages": pages, "waiting": waiting,
                "refused": refused}  # fmt: skip

    return asyncio.run(asyncio.wait_for(scenario(), 120))


def test_a_flood_of_seeks_does_not_hide_a_real_one(tmp_path: Path) -> None:
    seen = lobby(tmp_path, 210, cap=100)  # more tables than one page holds
    assert seen["refused"] == 0
    assert len(seen["whole"]) == 200
    assert seen["whole"][0] == seen["real"]  # the oldest, but its player is there
    assert seen["waiting"][0] == seen["real"]
    # Pages follow one another: every row once, in the order of the whole list.
    assert seen["pages"][:200] == seen["whole"]
    assert len(seen["pages"]) == len(set(seen["pages"])) == 211


def test_seeks_are_bounded_per_address(tmp_path: Path) -> None:
    seen = lobby(tmp_path, 200, cap=Limits().waiting_tables_per_client)
    assert seen["refused"] == 200 - 20 * Limits().waiting_tables_per_client
    assert seen["real"] in seen["whole"]
