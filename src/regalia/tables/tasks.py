"""One task group owns every long-lived task of the tables (round queues, bots, timers,
the sweeper and the lease loop): closing the service cancels them all, and a task that
fails is logged without taking the others down."""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Awaitable
from typing import Any

from regalia.tables.errors import TableError

log = logging.getLogger("regalia.tables")


class Tasks:
    def __init__(self) -> None:
        self._group: asyncio.TaskGroup | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._supervisor: asyncio.Task[None] | None = None

    async def start(self) -> None:
        ready = asyncio.Event()
        self._supervisor = asyncio.create_task(self._supervise(ready), name="tables")
        await ready.wait()

    async def _supervise(self, ready: asyncio.Event) -> None:
        async with asyncio.TaskGroup() as group:
            self._group = group
            ready.set()
            await asyncio.Event().wait()  # until cancelled at close

    def spawn(self, work: Awaitable[Any], name: str) -> asyncio.Task[Any]:
        if self._group is None:
            _close_unstarted(work)
            raise RuntimeError("the table service is not started")
        wrapped = guarded(work, name)
        try:
            task = self._group.create_task(wrapped, name=name)
        except RuntimeError:  # the group is closing: shutting down
            wrapped.close()
            _close_unstarted(work)
            raise
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        # Cancelled before it ran (at shutdown): its work was never started, so close it
        # rather than leave Python to warn that it was never awaited.
        task.add_done_callback(lambda _: _close_unstarted(work))
        return task

    async def close(self, seconds: float) -> None:
        """Cancel every task and wait for them, `seconds` at most: a task that swallowed
        its cancel must not keep the server from stopping."""
        if self._supervisor is None:
            return
        self._supervisor.cancel()
        _, stuck = await asyncio.wait([self._supervisor], timeout=seconds)
        if stuck:
            left = sum(not t.done() for t in self._tasks)
            log.warning("%d table tasks still running at shutdown; leaving them", left)


async def guarded(work: Awaitable[Any], name: str) -> None:
    """Await `work`; a storage failure is one log line, a bug is logged whole, and neither
    reaches the caller (a cancel does)."""
    try:
        await work
    except asyncio.CancelledError:
        raise
    except TableError as exc:
        log.warning("%s failed: %s", name, exc.message)
    except Exception:
        log.exception("%s failed", name)


def _close_unstarted(work: Awaitable[Any]) -> None:
    if inspect.iscoroutine(work) and inspect.getcoroutinestate(work) == inspect.CORO_CREATED:
        work.close()
