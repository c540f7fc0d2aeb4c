"""The EventLog port over the database: the Store's calls on the right threads."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from regalia.tables.database import Database
from regalia.tables.errors import storage_errors
from regalia.tables.events import Event
from regalia.tables.models import TableRow
from regalia.tables.ratings import Ratings
from regalia.tables.store import Append, SeatSpec, Stored

log = logging.getLogger("regalia.tables")


class StoreLog:
    def __init__(self, db: Database, ratings: Ratings) -> None:
        self.db = db
        self.store = db.store
        self.ratings = ratings
        # Told of every batch this process stored, before the Round applies it (the
        # notifications of a finished game); a failing one is logged and changes nothing.
        self.on_appended: list[Callable[[Append], Awaitable[None]]] = []

    async def create(
        self, row: TableRow, seats: Sequence[SeatSpec], events: Sequence[Event]
    ) -> None:
        await self.db.write(lambda: self.store.create(row, seats, events), "create")

    async def append(self, append: Append) -> bool:
        with storage_errors(f"table {append.table_id}"):
            stored = await self.db.writer.append(append)
        if stored:
            for tell in self.on_appended:
                try:
                    await tell(append)
                except Exception:
                    log.exception("table %s: a listener of stored events failed", append.table_id)
        return stored

    async def load(self, table_id: str) -> Stored | None:
        return await self.db.read(self.store.load, table_id)

    async def events_after(self, table_id: str, seq: int) -> list[Event]:
        return await self.db.read(self.store.events_after, table_id, seq)

    async def seat_hashes(self, table_id: str) -> list[str | None]:
        return await self.db.read(self.store.seat_hashes, table_id)

    async def rating_changes(self, table_id: str) -> list[dict[str, Any]] | None:
        return await self.db.read(self.ratings.changes, table_id)
