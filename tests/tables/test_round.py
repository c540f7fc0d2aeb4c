"""A Round on a fake clock: deadlines, absence, presence reports and failed stores happen
when the clock says, with no sleeping; an in-memory log stands in for the database."""

from __future__ import annotations

import asyncio
import gc
import warnings
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from regalia.core.registry import game_ref
from regalia.core.seeds import derive
from regalia.protocol import CommandType, EventKind, SeatKind
from regalia.tables.bots import BotJob, think
from regalia.tables.commands import Command
from regalia.tables.errors import TableError
from regalia.tables.events import Draft
from regalia.tables.limits import Limits
from regalia.tables.requests import SeatRequest, TableRequest
from regalia.tables.round import PRESENCE_SECONDS, Ports, Round
from regalia.tables.rounds import Rounds, rebuild
from regalia.tables.service import TableService
from regalia.tables.store import SeatSpec, Store, Stored, sqlite_url
from regalia.tables.tasks import Tasks
from tests.tables.fakes import FakeClock, MemoryLog, until
from tests.tables.test_service import BrokenBots


class FallbackBots:
    """A brain with no answer: every bot move is the seeded legal fallback."""

    async def choose(
        self, job: BotJob, owner: str = "", cost: float = 0.0
    ) -> tuple[str | None, str]:
        return None, "no brain"


def on_service(tmp_path: Path, body: Callable[[TableService, FakeClock], Awaitable[Any]]) -> Any:
    async def scenario() -> Any:
        clock = FakeClock()
        service = TableService(
            Store(sqlite_url(tmp_path)), FallbackBots(),  # type: ignore[arg-type]
            limits=Limits(upkeep_seconds=3600), clock=clock,
        )  # fmt: skip
        await service.start()
        try:
            return await body(service, clock)
        finally:
            await service.close()

    return asyncio.run(asyncio.wait_for(scenario(), 60))


async def two_people(service: TableService, **extra: Any) -> Round:
    request = TableRequest("regulator", [SeatRequest(SeatKind.HUMAN)] * 2, **extra)
    table, _ = await service.create(request)
    for seat in (0, 1):
        await service.submit(table.id, seat, Command(CommandType.JOIN, name=f"P{seat}"))
    return await service.round(table.id)


def test_a_clock_runs_out_exactly_at_its_deadline(tmp_path: Path) -> None:
    async def body(service: TableService, clock: FakeClock) -> None:
        found = await two_people(service, clock={"initial_s": 60, "increment_s": 0})
        assert found.table.status == "playing"
        await clock.advance(59.9)
        assert found.table.status == "playing"
        await clock.advance(0.2)
        await until(lambda: found.table.status == "finished")
        kinds = [e.kind for e in found.table.events[-2:]]
        assert kinds == [EventKind.TIMEOUT, EventKind.FINISHED]
        assert found.table.events[-2].at == pytest.approx(found.table.events[2].at + 60, abs=0.05)
        assert found.table.result is not None and found.table.result.reason == (
            "White ran out of time"
        )

    on_service(tmp_path, body)


def test_an_absent_player_is_replaced_by_a_bot_when_the_grace_runs_out(tmp_path: Path) -> None:
    async def body(service: TableService, clock: FakeClock) -> None:
        found = await two_people(service, absence={"grace_s": 30, "then": "bot"})
        assert found.absent.keys() == {0, 1}  # nobody has a connection
        await clock.advance(29)
        assert not any(e.kind == EventKind.TAKEOVER for e in found.table.events)
        await clock.advance(1.1)
        await until(lambda: any(e.kind == EventKind.ACTION for e in found.table.events))
        takeover = next(e for e in found.table.events if e.kind == EventKind.TAKEOVER)
        assert takeover.seat == 0 and takeover.data["for_good"] is False
        moves = [e for e in found.table.events if e.kind == EventKind.ACTION]
        assert moves and moves[0].seat == 0  # the stand-in moved for White at once

    on_service(tmp_path, body)


def test_another_process_presence_report_lapses_unless_renewed(tmp_path: Path) -> None:
    async def body(service: TableService, clock: FakeClock) -> None:
        found = await two_people(service)
        found.on_remote_presence("other", {1: 2})
        assert found.connected() == {1: 2} and 1 not in found.absent
        await clock.advance(PRESENCE_SECONDS - 1)
        found.on_remote_presence("other", {1: 1})  # renewed
        await clock.advance(PRESENCE_SECONDS - 1)
        assert found.connected() == {1: 1}
        await clock.advance(2)
        assert found.connected() == {} and found.remote == {}

    on_service(tmp_path, body)


def test_a_rematch_table_exists_only_once_its_event_is_stored(tmp_path: Path) -> None:
    async def body(service: TableService, clock: FakeClock) -> None:
        found = await two_people(service)
        await service.submit(found.id, 0, Command(CommandType.RESIGN))
        await service.submit(found.id, 0, Command(CommandType.REMATCH))
        await service.submit(found.id, 1, Command(CommandType.REMATCH))
        event = found.table.events[-1]
        assert event.kind == EventKind.REMATCH
        new_id = str(event.data["table_id"])
        await until(lambda: service.rounds.loaded(new_id) is not None)
        again = await service.table(new_id)
        assert again.seed == event.data["seed"]
        assert [s.name for s in again.seats] == ["P1", "P0"]  # seats rotate by one
        # Run again (a restart finds the event): the table is not made twice.
        await service._rematch(found)
        assert (await service.table(again.id)) is again

    on_service(tmp_path, body)


def test_a_rematch_table_exists_before_anyone_hears_its_name(tmp_path: Path) -> None:
    """The last player asking gets an answer, and every listener the `rematch` event, only
    once the new table is made: a client opening it at once must find it."""

    async def body(service: TableService, clock: FakeClock) -> None:
        found = await two_people(service)
        heard: list[bool] = []

        class Watcher:
            seat = None

            def send(self, messages: Any) -> None:
                for message in messages:
                    if message.get("type") == "event" and message["event"]["kind"] == "rematch":
                        new_id = message["event"]["table_id"]
                        heard.append(service.rounds.loaded(new_id) is not None)

            def close(self) -> None: ...

        found.subscribe(Watcher())
        await service.submit(found.id, 0, Command(CommandType.RESIGN))
        await service.submit(found.id, 0, Command(CommandType.REMATCH))
        await service.submit(found.id, 1, Command(CommandType.REMATCH))
        new_id = str(found.table.events[-1].data["table_id"])
        assert service.rounds.loaded(new_id) is not None  # no wait: made before the answer
        assert heard == [True]

    on_service(tmp_path, body)


class AllMine:
    me = "here"

    def owns(self, table_id: str) -> bool:
        return True

    def take(self, table_id: str) -> None:
        pass

    def until(self) -> float:
        return 0.0


async def lone_round(log: MemoryLog, clock: FakeClock) -> tuple[Tasks, Round]:
    """A two-seat table's Round on the in-memory log, with no database behind it."""
    tasks = Tasks()
    await tasks.start()

    async def no_rematch(_: Round) -> None:
        return None

    ports = Ports(log, AllMine(), None, FallbackBots(), clock, tasks.spawn, Limits())
    rounds = Rounds(ports, None, no_rematch)  # type: ignore[arg-type]
    seats = [SeatSpec(SeatKind.HUMAN, None, None)] * 2
    stored = Stored("t1", "regulator", 2, {}, 1, "now", seats, [])
    log.tables["t1"] = stored
    return tasks, rounds.adopt(rebuild(stored), [None, None])


def test_a_failed_store_changes_nothing_and_tells_nobody() -> None:
    async def scenario() -> None:
        log, clock = MemoryLog(), FakeClock()
        tasks, found = await lone_round(log, clock)
        table = found.table
        heard: list[Any] = []

        class Ear:
            seat = None

            def send(self, messages: Any) -> None:
                heard.extend(messages)

        found.subscribe(Ear())
        heard.clear()
        log.fail = 1
        with pytest.raises(TableError) as info:
            await found.store(lambda t: [Draft(EventKind.CREATED, None, {})])
        assert info.value.code == "unavailable"
        assert table.seq == 0 and heard == [] and log.tables["t1"].events == []
        await found.store(lambda t: [Draft(EventKind.CREATED, None, {})])  # the retry stands
        assert table.seq == 1 and [m["type"] for m in heard] == ["event", "view"]
        await tasks.close(1.0)

    asyncio.run(asyncio.wait_for(scenario(), 30))


class SlowReads(MemoryLog):
    """Reads what is stored when asked, then answers only once `gate` opens."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = asyncio.Event()
        self.reading = asyncio.Event()

    async def events_after(self, table_id: str, seq: int) -> list[Any]:
        found = [e for e in self.tables[table_id].events if e.seq > seq]
        self.reading.set()
        await self.gate.wait()
        return found


def test_a_notice_during_a_catch_up_is_not_lost() -> None:
    async def scenario() -> int:
        log, clock = SlowReads(), FakeClock()
        tasks, found = await lone_round(log, clock)
        stored = log.tables["t1"]
        elsewhere = [Draft(EventKind.CREATED, None, {}), Draft(EventKind.CHAT, 0,
                     {"name": "A", "text": "hi"})]  # fmt: skip
        stored.events.append(elsewhere[0].numbered(1, clock.now()))  # another process stores 1
        found.on_remote(1)
        await log.reading.wait()  # the catch-up has read the store: it saw seq 1 only
        stored.events.append(elsewhere[1].numbered(2, clock.now()))
        found.on_remote(2)  # arrives while that read is under way
        log.gate.set()
        await until(lambda: found.table.seq == 2, 5)
        await tasks.close(1.0)
        return found.table.seq

    assert asyncio.run(asyncio.wait_for(scenario(), 30)) == 2


def test_a_task_cancelled_before_it_ran_leaves_no_unawaited_work() -> None:
    """At shutdown bot and timer tasks are cancelled, some before their first step: their
    work is closed, not left for Python to warn about (`coroutine … was never awaited`)."""

    async def scenario() -> None:
        tasks = Tasks()
        await tasks.start()
        tasks.spawn(asyncio.sleep(10), "never-ran").cancel()
        await asyncio.sleep(0)
        await tasks.close(1)
        with pytest.raises(RuntimeError):  # closed: refused, and its work closed too
            tasks.spawn(asyncio.sleep(10), "too-late")

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        asyncio.run(scenario())
        gc.collect()
    assert not [str(w.message) for w in caught if "never awaited" in str(w.message)]


def test_an_inline_level_chooses_in_the_server_what_a_worker_would(tmp_path: Path) -> None:
    """Random is an inline level: its moves never reach the brain (the worker pool), and
    each is the move a worker's `think` gives for the same job, seed and all."""
    brain = BrokenBots()  # records every job it is asked

    async def scenario() -> None:
        clock = FakeClock()
        service = TableService(
            Store(sqlite_url(tmp_path)), brain,  # type: ignore[arg-type]
            limits=Limits(upkeep_seconds=3600), clock=clock,
        )  # fmt: skip
        await service.start()
        try:
            seats = [SeatRequest(SeatKind.HUMAN), SeatRequest(SeatKind.BOT, "random")]
            table, _ = await service.create(TableRequest("regulator", seats, seed=7))
            await service.submit(table.id, 0, Command(CommandType.JOIN, name="P0"))
            found = await service.round(table.id)
            for _ in range(6):
                await until(lambda: 0 in found.table.state.to_act() or found.table.result)
                if found.table.result:
                    break
                state = found.table.state
                move = state.encode(sorted(state.legal_actions(0))[0])
                seq = found.table.seq
                await service.submit(table.id, 0, Command(CommandType.ACTION, action=move,
                                                          seq=seq))  # fmt: skip
                await until(lambda s=seq: found.table.seq > s + 1 or found.table.result)
            played = found.table
        finally:
            await service.close()
        assert brain.jobs == []
        actions = [e for e in played.events if e.kind == EventKind.ACTION]
        bot_moves = [e for e in actions if e.seat == 1]
        assert len(bot_moves) >= 5
        for event in bot_moves:
            before = tuple((e.seat, str(e.data["action"])) for e in actions if e.seq < event.seq)
            job = BotJob(
                game_ref(played.game), played.seed, 2, (), before, 1, "random",
                derive(played.seed, f"bot:1:{event.seq - 1}"), 5.0,
            )  # fmt: skip
            assert think(job) == event.data["action"]

    asyncio.run(asyncio.wait_for(scenario(), 60))
