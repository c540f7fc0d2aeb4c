"""Deadlines of the tables this process runs: clocks running out and absent seats.

Each owned table in play has at most one timer, for its next deadline. When it fires, the
table's actor checks again at that moment (a move may just have come in) and stores what
is due: a `timeout` (and then a loss or a bot for good), a `takeover` by a bot for a seat
whose player has been away too long, or, where opponents may claim the win, a fresh view
that says so. Every stored event re-arms the table's timer.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from regalia.protocol import TableStatus
from regalia.tables.errors import TableError
from regalia.tables.events import Draft
from regalia.tables.table import Table

if TYPE_CHECKING:
    from regalia.tables.service import TableService

log = logging.getLogger("regalia.tables")
# A timer fires a little after its deadline, so the check at that moment finds it due.
SLACK = 0.01
RETRY = 1.0


class Timers:
    def __init__(self, service: TableService) -> None:
        self.service = service
        self._handles: dict[str, asyncio.TimerHandle] = {}
        self._firing: set[asyncio.Task[Any]] = set()

    def tasks(self) -> list[asyncio.Task[Any]]:
        return list(self._firing)

    def armed(self, table_id: str) -> bool:
        return table_id in self._handles

    def cancel(self, table_id: str) -> None:
        handle = self._handles.pop(table_id, None)
        if handle is not None:
            handle.cancel()

    def refresh(self, table: Table) -> None:
        """Arm the table's timer for its next deadline (or none)."""
        self.cancel(table.id)
        if table.status != TableStatus.PLAYING or not self.service.owns(table.id):
            return
        due = next_deadline(table, time.time())
        if due is None:
            return
        delay = max(0.0, due - time.time()) + SLACK
        loop = asyncio.get_running_loop()
        self._handles[table.id] = loop.call_later(delay, self._fire, table.id)

    def _fire(self, table_id: str) -> None:
        self._handles.pop(table_id, None)
        task = asyncio.create_task(self._due(table_id))
        self._firing.add(task)
        task.add_done_callback(self._firing.discard)

    async def _due(self, table_id: str) -> None:
        try:
            await self.service.run(table_id, self._act)
        except TableError as exc:  # the store is busy: try again shortly
            log.warning("table %s: a deadline could not be stored (%s); retrying", table_id,
                        exc.code)  # fmt: skip
            await asyncio.sleep(RETRY)
            table = self.service.tables.get(table_id)
            if table is not None:
                self.refresh(table)

    async def _act(self, table: Table) -> None:
        """On the table's actor: store whatever is due now, then re-arm."""
        now = time.time()
        drafts = due_drafts(table, now)
        if drafts:
            await self.service.commit(table, drafts)  # re-arms through the commit
            return
        if any(due <= now for _, due in table.absent_to_act(now)):
            self.service.tell(table, [])  # a fresh view: opponents may claim the win now
        self.refresh(table)


def next_deadline(table: Table, now: float) -> float | None:
    times = []
    clocks = table.timing.clocks
    if clocks is not None:
        expiry = clocks.expiry()
        if expiry is not None:
            times.append(expiry[1])
    if table.timing.rules.absence.then != "wait":
        # A deadline already past only matters if it still leads somewhere: a takeover.
        times += [due for _, due in table.absent_to_act(now) if due > now - 1]
    return min(times) if times else None


def due_drafts(table: Table, now: float) -> list[Draft]:
    """The events due at `now`: a timeout first (the clock is the judge), else a takeover."""
    clocks = table.timing.clocks
    if clocks is not None:
        expiry = clocks.expiry()
        if expiry is not None and expiry[1] <= now:
            return table.timeout_drafts(expiry[0])
    if table.timing.rules.absence.then == "bot":
        for seat, due in table.absent_to_act(now):
            if due <= now:
                return table.takeover_drafts(seat)
    return []
