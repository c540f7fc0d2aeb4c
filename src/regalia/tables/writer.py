"""The one thread that appends events: it commits whatever has queued up in one go.

Under load many tables append at once; committing them together (group commit) costs one
transaction instead of one per move, and nothing is acknowledged before its commit.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading

from regalia.tables.store import Append, Store

log = logging.getLogger("regalia.tables")
MAX_BATCH = 256
Item = tuple[Append, asyncio.AbstractEventLoop, "asyncio.Future[bool]"]


class Writer:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._queue: queue.Queue[Item | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="db-writer", daemon=True)
        self._thread.start()

    async def append(self, item: Append) -> bool:
        """True once committed; False if another process stored that seq first."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[bool] = loop.create_future()
        self._queue.put((item, loop, future))
        return await future

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=10)

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            while len(batch) < MAX_BATCH:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    self._queue.put(None)  # finish this batch, then stop
                    break
                batch.append(item)
            try:
                outcomes: list[bool | BaseException] = list(
                    self.store.append([item for item, _, _ in batch])
                )
            except Exception as exc:  # the database is down: every waiter hears of it
                log.exception("appending %d events failed", len(batch))
                outcomes = [exc] * len(batch)
            for (_, loop, future), outcome in zip(batch, outcomes, strict=True):
                loop.call_soon_threadsafe(_settle, future, outcome)


def _settle(future: asyncio.Future[bool], outcome: bool | BaseException) -> None:
    if future.done():
        return
    if isinstance(outcome, BaseException):
        future.set_exception(outcome)
    else:
        future.set_result(outcome)
