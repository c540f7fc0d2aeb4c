"""Taking seats when several processes share the tables, and quick play's matching.

Two TableServices on one SQLite file stand for two server processes: each keeps its own
rounds in memory and hears nothing of the other's events (no fan-out), so every join or
sit at the process that is behind loses its seq first and must decide again.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from regalia.protocol import CommandType
from regalia.tables.commands import Command
from regalia.tables.errors import TableError
from regalia.tables.requests import SeatRequest, TableRequest
from regalia.tables.service import TableService
from regalia.tables.store import Store, sqlite_url
from tests.tables.test_service import BrokenBots


def two_processes(
    tmp_path: Path, scenario: Callable[[TableService, TableService], Awaitable[Any]]
) -> Any:
    async def run() -> Any:
        first = TableService(Store(sqlite_url(tmp_path)), BrokenBots())  # type: ignore[arg-type]
        second = TableService(Store(sqlite_url(tmp_path)), BrokenBots())  # type: ignore[arg-type]
        await first.start()
        await second.start()
        try:
            return await scenario(first, second)
        finally:
            await first.close()
            await second.close()

    return asyncio.run(asyncio.wait_for(run(), 30))


def stored_seats(tmp_path: Path, table_id: str) -> list[tuple[str, bool]]:
    """Each seat's stored kind and whether its log says someone sat or joined there."""
    stored = Store(sqlite_url(tmp_path)).load(table_id)
    assert stored is not None
    joined = {e.seat for e in stored.events if e.kind == "joined"}
    return [(spec.kind, n in joined) for n, spec in enumerate(stored.seats)]


def test_a_sit_behind_another_process_decides_again_and_leaves_no_orphan(
    tmp_path: Path,
) -> None:
    async def scenario(first: TableService, second: TableService) -> list[Any]:
        table, _ = await first.create(TableRequest("toy", [SeatRequest("open")] * 3, 3))
        await second.table(table.id)  # loaded there too, at the same seq
        _, ana = await first.sit(table.id, 0, "Ana")
        seen, bo = await second.sit(table.id, 1, "Bo")  # its append loses seq 2 to Ana's
        assert [s.joined for s in seen.seats] == [True, True, False]
        played, cy = await first.sit(table.id, 2, "Cy")  # first is behind Bo's sit now
        # Each process opens every seat's token, those given out by the other too.
        seats = [first.seat_for(played, t) for t in (ana, bo, cy)]
        return [played.status, seats, second.seat_for(seen, ana)]

    assert two_processes(tmp_path, scenario) == ["playing", [0, 1, 2], 0]


def test_a_seat_lost_to_another_process_is_refused_and_stays_consistent(
    tmp_path: Path,
) -> None:
    async def scenario(first: TableService, second: TableService) -> tuple[str, list[str]]:
        table, _ = await first.create(TableRequest("toy", [SeatRequest("open")] * 2))
        await second.table(table.id)
        await first.sit(table.id, 0, "Ana")
        codes = []
        for _ in range(2):  # the same seat, taken elsewhere: refused each time
            try:
                await second.sit(table.id, 0, "Bo")
                codes.append("ok")
            except TableError as exc:
                codes.append(exc.code)
        await second.sit(table.id, 1, "Bo")  # the other seat is still open
        return table.id, codes

    table_id, codes = two_processes(tmp_path, scenario)
    assert codes == ["seat_taken", "seat_taken"]
    assert stored_seats(tmp_path, table_id) == [("human", True), ("human", True)]


def test_joins_through_two_processes_at_once_both_count(tmp_path: Path) -> None:
    async def scenario(first: TableService, second: TableService) -> list[Any]:
        table, _ = await first.create(TableRequest("toy", [SeatRequest("human")] * 2))
        await second.table(table.id)
        await first.submit(table.id, 0, Command(CommandType.JOIN, name="Ana"))
        await second.submit(table.id, 1, Command(CommandType.JOIN, name="Bo"))
        there = await second.table(table.id)
        return [there.status, [s.name for s in there.seats]]

    assert two_processes(tmp_path, scenario) == ["playing", ["Ana", "Bo"]]
