"""Stand-ins for the Round's ports: a clock that moves only when a test says so, and an
event log in memory with the same compare-and-set as the database's."""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from regalia.protocol import SeatKind
from regalia.tables.events import Event
from regalia.tables.models import TableRow
from regalia.tables.store import Append, SeatSpec, Stored


@dataclass(order=True)
class _Call:
    due: float
    order: int
    callback: Callable[[], None] = field(compare=False)
    cancelled: bool = field(default=False, compare=False)

    def cancel(self) -> None:
        self.cancelled = True


class FakeClock:
    """Time stands still until `advance`; due callbacks then run in order of their time."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.t = start
        self._calls: list[_Call] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self.t

    def call_later(self, delay: float, callback: Callable[[], None]) -> _Call:
        call = _Call(self.t + max(0.0, delay), next(self._order), callback)
        heapq.heappush(self._calls, call)
        return call

    async def sleep(self, delay: float) -> None:
        done = asyncio.get_running_loop().create_future()
        self.call_later(delay, lambda: done.done() or done.set_result(None))
        await done

    def pending(self) -> list[float]:
        return sorted(c.due for c in self._calls if not c.cancelled)

    async def advance(self, seconds: float) -> None:
        """Move time on, running each callback due on the way at its own moment, and let
        the tasks they start run before the next one."""
        end = self.t + seconds
        while self._calls and self._calls[0].due <= end:
            call = heapq.heappop(self._calls)
            if call.cancelled:
                continue
            self.t = max(self.t, call.due)
            call.callback()
            await settle()
        self.t = end
        await settle()


async def settle(rounds: int = 50) -> None:
    """Let every ready task run (jobs, bots answering at once, stored events)."""
    for _ in range(rounds):
        await asyncio.sleep(0)


async def until(done: Callable[[], bool], seconds: float = 10.0) -> None:
    """Wait for work on other threads (a database write) to land; the fake clock does not
    move meanwhile, so this never stands in for a timer."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not done():
        if loop.time() > end:
            raise AssertionError("the condition never came true")
        await asyncio.sleep(0.002)


class MemoryLog:
    """The EventLog port in memory; `fail` makes the next appends fail as a locked store."""

    def __init__(self) -> None:
        self.tables: dict[str, Stored] = {}
        self.fail = 0

    async def create(
        self, row: TableRow, seats: Sequence[SeatSpec], events: Sequence[Event]
    ) -> None:
        self.tables[row.id] = Stored(
            row.id, row.game, row.players, {}, row.seed, row.created_at, list(seats), list(events)
        )

    async def append(self, append: Append) -> bool:
        from regalia.tables.errors import unavailable

        if self.fail:
            self.fail -= 1
            raise unavailable()
        stored = self.tables[append.table_id]
        if stored.events and stored.events[-1].seq >= append.events[0].seq:
            return False
        if any(stored.seats[seat].kind != SeatKind.OPEN for seat, _ in append.taken):
            return False
        for seat, digest in append.taken:
            stored.seats[seat] = replace(stored.seats[seat], kind=SeatKind.HUMAN, token_hash=digest)
        stored.events.extend(append.events)
        return True

    async def load(self, table_id: str) -> Stored | None:
        return self.tables.get(table_id)

    async def events_after(self, table_id: str, seq: int) -> list[Event]:
        return [e for e in self.tables[table_id].events if e.seq > seq]

    async def seat_hashes(self, table_id: str) -> list[str | None]:
        return [spec.token_hash for spec in self.tables[table_id].seats]

    async def rating_changes(self, table_id: str) -> list[dict[str, Any]] | None:
        return None
