"""The one task that changes a table: jobs for it run strictly one after another."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from regalia.tables.errors import TableError
from regalia.tables.ports import Spawn

log = logging.getLogger("regalia.tables")
Job = Callable[[], Awaitable[Any]]


class Actor:
    def __init__(self, table_id: str, spawn: Spawn) -> None:
        self.table_id = table_id
        self.closed = False
        self._running = False
        self._queue: asyncio.Queue[tuple[Job, asyncio.Future[Any]]] = asyncio.Queue()
        self.task: asyncio.Task[None] = spawn(self._run(), f"table-{table_id}")

    @property
    def idle(self) -> bool:
        """No job running or waiting."""
        return not self._running and self._queue.empty()

    def submit(self, job: Job) -> asyncio.Future[Any]:
        """Queue `job`; its result or error arrives on the returned future.

        Called without awaiting between looking the actor up and queueing, so a job can
        never land on an actor that has just closed."""
        if self.closed:
            raise RuntimeError(f"table {self.table_id}: its actor is closed")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((job, future))
        return future

    def close(self) -> None:
        """Stop; only called while idle (from another task), so no job is lost."""
        self.closed = True
        self.task.cancel()

    async def _run(self) -> None:
        while True:
            job, future = await self._queue.get()
            self._running = True
            try:
                result = await job()
            except Exception as exc:
                if not future.done():
                    future.set_exception(exc)
                if not isinstance(exc, TableError):
                    log.exception("table %s: a job failed", self.table_id)
            else:
                if not future.done():
                    future.set_result(result)
            finally:
                self._running = False
