"""Which server process runs each table's clocks, absence timers and bots (Ownership).

Every unfinished table has one owner holding a lease in the database. The owner renews its
leases every few seconds; when a process dies its leases lapse and another takes them over
(compare-and-set, so only one wins) and tells the map of rounds, which loads the table and
runs it on. The time no process ran a timed table (from the lapsed lease's last renewal) is
not charged to its clocks. A lone server (no Redis: nobody to share with) takes every lease
when it starts.
"""

from __future__ import annotations

import contextlib
import logging
import uuid
from collections.abc import Awaitable, Callable
from functools import partial

from regalia.metrics import LEASE_TAKEOVERS
from regalia.tables.database import Database
from regalia.tables.errors import TableError
from regalia.tables.ports import Clock

log = logging.getLogger("regalia.tables")
LEASE_SECONDS = 10.0
RENEW_SECONDS = 3.0  # renew and look for lapsed leases this often
# Told when this process gains a table (with when it stopped running, if known) or loses it.
Gained = Callable[[str, float | None], Awaitable[None]]
Lost = Callable[[str], None]


class Leases:
    def __init__(self, db: Database, clock: Clock, shared: bool) -> None:
        self.db = db
        self.clock = clock
        self.shared = shared
        self.me = uuid.uuid4().hex[:16]
        self.held: set[str] = set()
        self.on_gained: Gained | None = None
        self.on_lost: Lost | None = None
        self.ended: Callable[[str], bool] = lambda _: False

    def until(self) -> float:
        return self.clock.now() + LEASE_SECONDS

    def owns(self, table_id: str) -> bool:
        # A lone server runs every table; its leases only record when it last ran them.
        return not self.shared or table_id in self.held

    def take(self, table_id: str) -> None:
        self.held.add(table_id)

    async def release(self) -> None:
        with contextlib.suppress(TableError):  # if not released, they lapse by themselves
            await self.db.read(self.db.store.release, self.me, self.clock.now())

    async def round(self) -> None:
        """One renewal, then a look for lapsed leases (every RENEW_SECONDS)."""
        await self.renew()
        await self.take_lapsed()

    async def renew(self) -> None:
        self.held -= {t for t in self.held if self.ended(t)}
        # Only what was asked for can be lost: a table created during the call is held
        # though the answer does not name it.
        asked = set(self.held)
        # On the writer's thread, like every write: SQLite's lock is never contended by two
        # threads of this process (a move's commit would wait out the busy handler's sleeps).
        renew = partial(self.db.store.renew, self.me, sorted(asked), self.until())
        kept = await self.db.write(renew, "lease renewal")
        for lost in asked - set(kept):
            log.warning("table %s: another process holds its lease now", lost)
            self.held.discard(lost)
            if self.on_lost is not None:
                self.on_lost(lost)

    async def take_lapsed(self, everyone: bool = False) -> None:
        store = self.db.store
        for table_id, was, owner in await self.db.read(store.lapsed, self.clock.now(), everyone):
            if table_id in self.held:
                continue
            take = partial(store.take_lease, table_id, self.me, was, self.until())
            if not await self.db.write(take, "lease takeover"):
                continue  # another process was first
            self.held.add(table_id)
            if owner is not None and owner != self.me:
                LEASE_TAKEOVERS.inc()
            # A lease released at shutdown ends when the table stopped; a lapsed one was
            # last renewed a lease's length before its end.
            stopped = None if was is None else was if owner is None else was - LEASE_SECONDS
            if self.on_gained is None:
                continue
            try:
                await self.on_gained(table_id, stopped)
            except TableError as exc:
                log.warning("table %s taken over but not resumed: %s", table_id, exc.message)
