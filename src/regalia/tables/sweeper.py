"""The periodic sweep of the tables (lichess's Titivate): it only sends jobs into rounds.

Every few seconds: a bot that must move and has no task gets one (a safety net under the
rounds' own scheduling); who is connected here is reported again; tables whose human
seats nobody joined in time expire (a job on their round), and so do untimed tables with
bots nobody touched for `bot_table_idle_seconds`; tables nobody uses leave memory.
A failing sweep is logged in one line and the next one runs as usual.
"""

from __future__ import annotations

import logging

from regalia.protocol import EventKind, TableStatus
from regalia.tables.database import Database
from regalia.tables.errors import TableError
from regalia.tables.events import Draft, iso_time
from regalia.tables.limits import Limits
from regalia.tables.mine import UNFINISHED, idle_bot_tables
from regalia.tables.ports import Clock
from regalia.tables.rounds import Rounds
from regalia.tables.table import Table

log = logging.getLogger("regalia.tables")


class Sweeper:
    def __init__(self, rounds: Rounds, db: Database, clock: Clock, limits: Limits) -> None:
        self.rounds = rounds
        self.db = db
        self.clock = clock
        self.limits = limits

    async def run_once(self) -> None:
        for found in self.rounds:
            if found.table.status == TableStatus.PLAYING:
                found.started()
            found.publish_presence()
        await self._expire_waiting()
        await self._end_idle_bot_tables()
        self.rounds.unload_idle()

    async def _expire_waiting(self) -> None:
        limit = self.limits.waiting_expiry_seconds
        before = iso_time(self.clock.now() - limit)
        reason = f"nobody took every seat within {limit / 3600:g} hours"
        for table_id in await self.db.read(self.db.store.waiting_ids_before, before):

            def expire(table: Table) -> list[Draft]:
                if table.status != TableStatus.WAITING:
                    return []  # someone joined meanwhile
                return [Draft(EventKind.EXPIRED, None, {"reason": reason})]

            try:
                await self.rounds.store(table_id, expire)
            except TableError as exc:
                log.warning("table %s did not expire: %s", table_id, exc.message)

    async def _end_idle_bot_tables(self) -> None:
        """Untimed tables with a bot that nobody touched for a while end (expired): they
        would hold their creator's cap for ever."""
        limit = self.limits.bot_table_idle_seconds
        before = iso_time(self.clock.now() - limit)
        reason = f"nobody played at this table with bots for {limit / 3600:g} hours"
        for table_id in await self.db.read(idle_bot_tables, self.db.store, before):

            def expire(table: Table) -> list[Draft]:
                last = table.events[-1].at if table.events else 0.0
                if table.status not in UNFINISHED or last >= self.clock.now() - limit:
                    return []  # it ended, or someone played meanwhile
                return [Draft(EventKind.EXPIRED, None, {"reason": reason})]

            try:
                await self.rounds.store(table_id, expire)
            except TableError as exc:
                log.warning("table %s did not expire: %s", table_id, exc.message)
