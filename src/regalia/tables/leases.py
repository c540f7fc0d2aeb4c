"""Which server process runs each table's clocks, absence timers and bots.

Every unfinished table has one owner holding a lease in the database. The owner renews its
leases every few seconds; when a process dies its leases lapse and another takes them over
(compare-and-set, so only one wins), loads the tables and runs them on. The time no process
ran a timed table (from the lapsed lease's last renewal) is not charged to its clocks: the
new owner stores a `resumed` event saying so. A lone server (no Redis: nobody to share
with) takes every lease when it starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from regalia.protocol import EventKind, TableStatus
from regalia.tables.errors import TableError
from regalia.tables.events import Draft
from regalia.tables.periodic import every

if TYPE_CHECKING:
    from regalia.tables.service import TableService

log = logging.getLogger("regalia.tables")
LEASE_SECONDS = 10.0
RENEW_SECONDS = 3.0  # renew and look for lapsed leases this often


class Leases:
    def __init__(self, service: TableService, shared: bool) -> None:
        self.service = service
        self.shared = shared
        self.me = uuid.uuid4().hex[:16]
        self.held: set[str] = set()
        self._task: asyncio.Task[None] | None = None

    def tasks(self) -> list[asyncio.Task[Any]]:
        return [self._task] if self._task is not None else []

    def until(self) -> float:
        return time.time() + LEASE_SECONDS

    def owns(self, table_id: str) -> bool:
        # A lone server runs every table; its leases only record when it last ran them.
        return not self.shared or table_id in self.held

    async def start(self) -> None:
        await self.take_lapsed(everyone=not self.shared)
        self._task = every(lambda: RENEW_SECONDS, self._round, "table leases")

    async def close(self) -> None:
        with contextlib.suppress(TableError):  # if not released, they lapse by themselves
            await self.service.read(self.service.store.release, self.me, time.time())

    async def _round(self) -> None:
        await self.renew()
        await self.take_lapsed()

    async def renew(self) -> None:
        store = self.service.store
        finished = {t for t in self.held if self._ended(t)}
        self.held -= finished
        kept = await self.service.read(store.renew, self.me, sorted(self.held), self.until())
        for lost in self.held - set(kept):
            log.warning("table %s: another process holds its lease now", lost)
            self.held.discard(lost)
            self.service.lost(lost)

    def _ended(self, table_id: str) -> bool:
        table = self.service.tables.get(table_id)
        return table is not None and table.status in (TableStatus.FINISHED, TableStatus.EXPIRED)

    async def take_lapsed(self, everyone: bool = False) -> None:
        store = self.service.store
        now = time.time()
        for table_id, was, owner in await self.service.read(store.lapsed, now, everyone):
            if table_id in self.held:
                continue
            if not await self.service.read(store.take_lease, table_id, self.me, was, self.until()):
                continue  # another process was first
            self.held.add(table_id)
            # A lease released at shutdown ends when the table stopped; a lapsed one was
            # last renewed a lease's length before its end.
            stopped = None if was is None else was if owner is None else was - LEASE_SECONDS
            try:
                await self._run_on(table_id, stopped)
            except TableError as exc:
                log.warning("table %s taken over but not resumed: %s", table_id, exc.message)

    async def _run_on(self, table_id: str, stopped: float | None) -> None:
        """Catch up a table just taken over, note the pause of its clocks, run its timers."""
        service = self.service
        if table_id in service.tables:
            await service.run(table_id, service.sync)
        table = await service.table(table_id)
        if table.status == TableStatus.PLAYING and table.timing.clocks is not None:
            paused = stopped if stopped is not None else table.timing.last_at
            since = datetime.fromtimestamp(max(paused, table.timing.last_at), UTC)
            drafts = [Draft(EventKind.RESUMED, None, {"paused_from": since.isoformat()})]

            async def resume(t: Any) -> int:
                return await service.commit(t, drafts)

            await service.run(table_id, resume)
        service.started(table)
