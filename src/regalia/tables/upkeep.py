"""Periodic upkeep of the tables in memory and in the database.

Every few seconds: bots that must move and have no task get one (a safety net under
`botmoves`); tables whose human seats nobody joined in time expire; tables nobody uses leave
memory. A failing round is logged in one line and the next one runs as usual.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from regalia.protocol import EventKind, TableStatus
from regalia.tables.errors import TableError
from regalia.tables.events import Draft
from regalia.tables.periodic import every

if TYPE_CHECKING:
    from regalia.tables.service import TableService

log = logging.getLogger("regalia.tables")


class Upkeep:
    def __init__(self, service: TableService) -> None:
        self.service = service
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = every(
            lambda: self.service.limits.upkeep_seconds, self.run_once, "table upkeep"
        )

    def tasks(self) -> list[asyncio.Task[Any]]:
        return [self._task] if self._task is not None else []

    async def run_once(self) -> None:
        service = self.service
        for table in list(service.tables.values()):
            if table.status == TableStatus.PLAYING and service.owns(table.id):
                service.started(table)
        service.publish_presence()
        await self._expire_waiting()
        self._unload_idle()

    async def _expire_waiting(self) -> None:
        service = self.service
        limit = service.limits.waiting_expiry_seconds
        before = (datetime.now(UTC) - timedelta(seconds=limit)).isoformat(timespec="milliseconds")
        hours = limit / 3600
        reason = f"nobody took every seat within {hours:g} hours"
        for table_id in await service.read(service.store.waiting_ids_before, before):
            drafts = [Draft(EventKind.EXPIRED, None, {"reason": reason})]

            async def expire(table: Any, drafts: list[Draft] = drafts) -> int:
                if table.status != TableStatus.WAITING:
                    return int(table.seq)
                return await service.commit(table, drafts)

            try:
                await service.run(table_id, expire)
            except TableError as exc:
                log.warning("table %s did not expire: %s", table_id, exc.message)

    def _unload_idle(self) -> None:
        service = self.service
        now = asyncio.get_running_loop().time()
        limits = service.limits
        for table_id, table in list(service.tables.items()):
            idle = now - service.last_active.get(table_id, now)
            ended = table.status in (TableStatus.FINISHED, TableStatus.EXPIRED)
            if table.status == TableStatus.PLAYING and (
                table.bots_to_act() or service.timers.armed(table_id)
            ):
                continue  # bots are at work or a deadline is due: it is not idle
            if idle >= (limits.finished_unload_seconds if ended else limits.idle_unload_seconds):
                service.unload(table_id)
