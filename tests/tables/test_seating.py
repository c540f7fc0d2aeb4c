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
from regalia.tables.limits import Limits
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
        seats = [await first.seat_of(played.id, t) for t in (ana, bo, cy)]
        return [played.status, seats, await second.seat_of(seen.id, ana)]

    assert two_processes(tmp_path, scenario) == ["playing", [0, 1, 2], 0]


def test_a_token_given_out_elsewhere_opens_its_seat_at_once(tmp_path: Path) -> None:
    async def scenario(first: TableService, second: TableService) -> list[Any]:
        table, _ = await first.create(TableRequest("toy", [SeatRequest("open")] * 2))
        await second.table(table.id)
        _, ana = await first.sit(table.id, 0, "Ana")
        # The sitter connects to the other process before it heard of the sit.
        seat = await second.seat_of(table.id, ana)
        try:
            await second.seat_of(table.id, "not-a-token")
        except TableError as exc:
            return [seat, exc.code]
        return [seat, "ok"]

    assert two_processes(tmp_path, scenario) == [0, "bad_token"]


def test_sixty_sits_on_one_seat_at_once_have_one_winner(tmp_path: Path) -> None:
    async def scenario(service: TableService) -> list[Any]:
        table, _ = await service.create(TableRequest("toy", [SeatRequest("open")] * 2))

        async def sit(n: int) -> str:
            try:
                await service.sit(table.id, 0, f"P{n}")
            except TableError as exc:
                return exc.code
            return "ok"

        codes = await asyncio.gather(*(sit(n) for n in range(60)))
        return sorted(set(codes)), codes.count("ok"), table.id

    codes, winners, table_id = one_process(tmp_path, scenario)
    assert (codes, winners) == (["ok", "seat_taken"], 1)
    assert stored_seats(tmp_path, table_id) == [("human", True), ("open", False)]


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


def one_process(
    tmp_path: Path, scenario: Callable[[TableService], Awaitable[Any]], **caps: Any
) -> Any:
    async def run() -> Any:
        service = TableService(
            Store(sqlite_url(tmp_path)),
            BrokenBots(),
            limits=Limits(**caps),  # type: ignore[arg-type]
        )
        await service.start()
        try:
            return await scenario(service)
        finally:
            await service.close()

    return asyncio.run(asyncio.wait_for(run(), 60))


def test_quick_plays_arriving_together_pair_up(tmp_path: Path) -> None:
    async def scenario(service: TableService) -> list[Any]:
        seated = await asyncio.gather(
            *(service.quick_play("toy", 2, None, f"P{n}", f"10.0.0.{n}") for n in range(20))
        )
        tables = {table.id: table for table, _, _ in seated}
        return [len(tables), sorted({t.status for t in tables.values()}),
                sorted(seat for _, seat, _ in seated)]  # fmt: skip

    tables, statuses, seats = one_process(tmp_path, scenario)
    assert (tables, statuses) == (10, ["playing"])
    assert seats == [0] * 10 + [1] * 10


def test_a_player_quick_playing_twice_never_gets_both_seats(tmp_path: Path) -> None:
    async def scenario(service: TableService) -> list[Any]:
        ana, _ = service.accounts.create_guest("Ana")
        first, _, _ = await service.quick_play("toy", 2, None, "", "home", ana)
        again, seat, _ = await service.quick_play("toy", 2, None, "", "school", ana)
        bo, _ = service.accounts.create_guest("Bo")
        other, _, _ = await service.quick_play("toy", 2, None, "", "café", bo)
        return [again.id != first.id, seat, other.id == first.id, first.status]

    assert one_process(tmp_path, scenario) == [True, 0, True, "playing"]


def test_waiting_tables_are_capped_per_address_and_per_player(tmp_path: Path) -> None:
    async def codes(make: Callable[[int], Awaitable[Any]], times: int) -> list[str]:
        out = []
        for n in range(times):
            try:
                await make(n)
                out.append("ok")
            except TableError as exc:
                out.append(exc.code)
        return out

    async def scenario(service: TableService) -> dict[str, list[str]]:
        def clock(n: int) -> dict[str, int]:  # each its own kind of table: none pair up
            return {"initial_s": 60 + n, "increment_s": 0}

        ana, _ = service.accounts.create_guest("Ana")
        open_seats = [SeatRequest("human"), SeatRequest("open")]
        return {
            "address": await codes(
                lambda n: service.quick_play("toy", 2, clock(n), "x", "flood"), 3
            ),
            "create": await codes(
                lambda n: service.create(TableRequest("toy", open_seats, client="flood")), 1
            ),
            "private": await codes(  # no open seat: not a seek, not in the cap
                lambda n: service.create(
                    TableRequest("toy", [SeatRequest("human")] * 2, client="flood")
                ),
                1,
            ),
            "player": await codes(
                lambda n: service.quick_play("toy", 2, clock(10 + n), "", f"a{n}", ana), 3
            ),
            "others": await codes(lambda n: service.quick_play("toy", 2, None, "y", "home"), 1),
        }

    assert one_process(tmp_path, scenario, waiting_tables_per_client=2) == {
        "address": ["ok", "ok", "too_many_tables"],
        "create": ["too_many_tables"],
        "private": ["ok"],
        "player": ["ok", "ok", "too_many_tables"],
        "others": ["ok"],
    }
